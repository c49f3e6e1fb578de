import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { formatDate } from "../../features/commerce/money";
import type { subscriptionLoader } from "../../features/commerce/loaders";

/** /welcome-to-knowledge: the thank-you page after a trial starts, with its end date and the reader's email. */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof subscriptionLoader>>>;
  const { data } = useReadQuery(queryRef);
  const viewer = data.viewer;
  const sub = viewer?.subscription;
  const email = viewer?.email ?? "";
  return (
    <section className="welcome-to-knowledge" aria-labelledby="welcome-knowledge-title">
      <PageHead title={t`Welcome to Premium · Brevia`} description={t`Your Premium access has started.`} />
      <h1 id="welcome-knowledge-title">
        <Trans>Welcome to knowledge</Trans>
      </h1>
      {sub?.status === "TRIALING" && sub.trialEndsAt ? (
        <p className="welcome-to-knowledge__trial">
          <Trans>
            Your free trial ends on {formatDate(locale, sub.trialEndsAt as string)}. We will write to {email} 2 days before, and you can
            cancel at any time in settings.
          </Trans>
        </p>
      ) : viewer?.isPremium ? (
        <p>
          <Trans>Your Premium access is active. The receipt went to {email}.</Trans>
        </p>
      ) : (
        <p>
          <Trans>You have no Premium access yet.</Trans> <Link to={localize("/try-now")}>{t`See the plans`}</Link>
        </p>
      )}
      <Link className="button" to={localize("/")}>
        <Trans>Start reading</Trans>
      </Link>
    </section>
  );
}
