import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useNavigation } from "react-router-dom";

/** Time the bar takes to creep to 90% (the spec's default duration). */
export const PROGRESS_DURATION_MS = 5000;
/** Navigations shorter than this show no bar at all; a shown bar stays at least this long after it finishes. */
export const PROGRESS_THROTTLE_MS = 200;
const PROGRESS_TICK_MS = 100;
const PROGRESS_START = 5;
const PROGRESS_CEILING = 90;

/** The bar for the router's navigations. */
export function ProgressBar() {
  const navigation = useNavigation();
  return <NavigationProgress loading={navigation.state !== "idle"} />;
}

/**
 * A thin bar at the top while something loads. It appears only if loading lasts longer than the
 * throttle (fast navigations show nothing), creeps from 5% to 90% over the duration, then, once
 * loading ends, fills to 100% and goes away after the throttle.
 */
export function NavigationProgress({ loading }: { loading: boolean }) {
  const { t } = useLingui();
  const [progress, setProgress] = useState<number | null>(null);
  const visible = progress !== null;

  useEffect(() => {
    if (!loading) return;
    let started = 0;
    let tick: ReturnType<typeof setInterval> | undefined;
    const show = setTimeout(() => {
      started = Date.now();
      setProgress(PROGRESS_START);
      tick = setInterval(() => {
        const elapsed = Date.now() - started;
        setProgress(Math.min(PROGRESS_CEILING, PROGRESS_START + ((PROGRESS_CEILING - PROGRESS_START) * elapsed) / PROGRESS_DURATION_MS));
      }, PROGRESS_TICK_MS);
    }, PROGRESS_THROTTLE_MS);
    return () => {
      clearTimeout(show);
      clearInterval(tick);
    };
  }, [loading]);

  useEffect(() => {
    if (loading || !visible) return;
    const finish = setTimeout(() => setProgress(100), 0);
    const hide = setTimeout(() => setProgress(null), PROGRESS_THROTTLE_MS);
    return () => {
      clearTimeout(finish);
      clearTimeout(hide);
    };
  }, [loading, visible]);

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
