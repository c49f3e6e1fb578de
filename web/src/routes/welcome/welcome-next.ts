import { useSearchParams } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { safeRedirectPath } from "@brevia/routes/safe-redirect";

/**
 * Where a new reader was going before signing up (`?next=`, a same-site path): the onboarding carries
 * it from step to step and ends there instead of on the home page.
 */
export function useWelcomeNext() {
  const [params] = useSearchParams();
  const localize = useLocalizedPath();
  const next = safeRedirectPath(params.get("next"));
  return {
    /** A step of the onboarding, keeping `next`. */
    step: (path: string) => localize(next ? `${path}?next=${encodeURIComponent(next)}` : path),
    /** Where the onboarding ends. */
    end: localize(next ?? "/"),
  };
}
