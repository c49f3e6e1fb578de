import { Trans, useLingui } from "@lingui/react/macro";
import { PageHead } from "../../app/PageHead";
import { AuthForm } from "../../features/accounts/AuthForm";
import { SocialButtons } from "../../features/accounts/SocialButtons";

/** /login (ensureUnauthenticated: a signed-in reader is sent on). */
export function Component() {
  const { t } = useLingui();
  return (
    <section className="auth-page" aria-labelledby="login-title">
      <PageHead title={t`Log in · Brevia`} description={t`Log in to Brevia to read and listen to your microbooks.`} />
      <h1 id="login-title">
        <Trans>Log in</Trans>
      </h1>
      <SocialButtons />
      <AuthForm mode="logIn" />
    </section>
  );
}
