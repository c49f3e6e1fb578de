import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router-dom";

export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_THROTTLE_MS = 200;

/**
 * A thin bar at the top while a navigation loads. It appears only if loading lasts longer than the
 * throttle (fast navigations show nothing), creeps towards 90% over the duration, then finishes.
 */
export function ProgressBar() {
  const { t } = useLingui();
  const navigation = useNavigation();
  const loading = navigation.state !== "idle";
  const [progress, setProgress] = useState<number | null>(null);
  const started = useRef(0);

  useEffect(() => {
    if (!loading) {
      if (progress === null) return;
      const finish = setTimeout(() => setProgress(100), 0);
      const hide = setTimeout(() => setProgress(null), 300);
      return () => {
        clearTimeout(finish);
        clearTimeout(hide);
      };
    }
    const show = setTimeout(() => {
      started.current = performance.now();
      setProgress(5);
    }, PROGRESS_THROTTLE_MS);
    const tick = setInterval(() => {
      if (!started.current) return;
      const elapsed = performance.now() - started.current;
      setProgress(Math.min(90, 5 + (85 * elapsed) / PROGRESS_DURATION_MS));
    }, 100);
    return () => {
      clearTimeout(show);
      clearInterval(tick);
      started.current = 0;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- progress is only read to finish a visible bar
  }, [loading]);

  if (progress === null) return null;
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={t`Loading`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      style={{ width: `${progress}%` }}
    />
  );
}
