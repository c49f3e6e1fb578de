import { useEffect, useState, type ComponentType } from "react";
import { setEngineLoader } from "./playback";

/**
 * Where the one player lives, above the routes (the app's Root), so it keeps playing through
 * client-side navigation. Its code is a chunk of its own, loaded the first time a page asks to play
 * (playback.ts's engine loader); until then this renders nothing.
 */
export function PlayerHost() {
  const [Player, setPlayer] = useState<ComponentType | null>(null);
  useEffect(() => {
    let loading = false;
    setEngineLoader(() => {
      if (loading) return;
      loading = true;
      import("./Player").then(
        (module) => setPlayer(() => module.Player),
        () => {
          loading = false; // a failed chunk is fetched again on the next press
        },
      );
    });
  }, []);
  return Player ? <Player /> : null;
}
