import { useQuery } from "@apollo/client/react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useSyncExternalStore, type MouseEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { useLocale } from "../../app/useLocale";
import { safeRedirectPath } from "@brevia/routes/safe-redirect";
import { SocialLoginProvidersQuery } from "./social-login.graphql";
import { errorMessage } from "../../app/errors/error-messages";

/** The providers' own names (not translated). */
const PROVIDER_NAMES = { google: "Google", apple: "Apple", facebook: "Facebook" } as const;
type SocialProviderPath = keyof typeof PROVIDER_NAMES;

/** Why the last social sign-in did not happen: the server's `?social_error=…&provider=…&retry_after=…`, or null. */
function socialError(i18n: I18n, params: URLSearchParams): string | null {
  const code = params.get("social_error");
  if (!code) return null;
  const provider = params.get("provider") ?? "";
  return errorMessage(i18n, code, {
    provider: Object.hasOwn(PROVIDER_NAMES, provider) ? PROVIDER_NAMES[provider as SocialProviderPath] : undefined,
    retryAfterSeconds: Number(params.get("retry_after")) || 60,
  });
}

const noSubscription = () => () => {};

/**
 * "Continue with Apple / Google / Facebook": one link per provider the server is configured for, to
 * the server's /auth/<provider> (a full page load: the provider's pages follow). Above them, why the
 * last social sign-in did not happen (the server sent the reader back here with `social_error`).
 */
export function SocialButtons() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [params] = useSearchParams();
  const { data } = useQuery(SocialLoginProvidersQuery);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // Read only in the browser, after hydration: the server renders (and caches) this page by its path alone.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const error = hydrated ? socialError(i18n, params) : null;
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  const providers = (data?.socialLoginProviders ?? []).map((p) => p.toLowerCase() as SocialProviderPath);
  const labels: Record<SocialProviderPath, string> = {
    apple: t`Continue with Apple`,
    google: t`Continue with Google`,
    facebook: t`Continue with Facebook`,
  };
  const href = (provider: SocialProviderPath, next?: string | null) =>
    `/auth/${provider}?${new URLSearchParams({ locale, ...(next ? { next } : {}) })}`;
  // The rendered link has no `next` (see above): it is added when followed in the browser.
  const follow = (provider: SocialProviderPath) => (event: MouseEvent<HTMLAnchorElement>) => {
    const next = safeRedirectPath(params.get("next"));
    if (!next || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    window.location.assign(href(provider, next));
  };

  return (
    <div className="social-login">
      <p className="social-login__error" role="alert" tabIndex={-1} ref={errorRef}>
        {error ?? ""}
      </p>
      {providers.length > 0 && (
        <>
          <ul className="social-login__buttons" aria-label={t`Other ways to sign in`}>
            {providers.map((provider) => (
              <li key={provider}>
                <a className={`social-login__button social-login__button--${provider}`} href={href(provider)} onClick={follow(provider)}>
                  {labels[provider] ?? PROVIDER_NAMES[provider]}
                </a>
              </li>
            ))}
          </ul>
          <p className="social-login__or">{t`or use your email`}</p>
        </>
      )}
    </div>
  );
}
