import { Trans, useLingui } from "@lingui/react/macro";
import { PageHead } from "../../app/PageHead";
import { AuthForm } from "../../features/accounts/AuthForm";
import { SocialButtons } from "../../features/accounts/SocialButtons";

/** /signup (ensureUnauthenticated: a signed-in reader is sent on). */
export function Component() {
  const { t } = useLingui();
  return (
    <section className="auth-page" aria-labelledby="signup-title">
      <PageHead
        title={t`Create your account · Brevia`}
        description={t`Create a Brevia account: the key ideas of great non-fiction in 12 minutes.`}
      />
      <h1 id="signup-title">
        <Trans>Create your account</Trans>
      </h1>
      <SocialButtons />
      <AuthForm mode="signUp" />
    </section>
  );
}
