import { useApolloClient, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useLoaderData, useNavigate } from "react-router-dom";
import { errorOf } from "../../app/errors/error-messages";
import { PageHead } from "../../app/PageHead";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { CardForm } from "../../features/commerce/CardForm";
import { StartTrialMutation } from "../../features/commerce/commerce.graphql";
import { formatDate, formatMoney } from "../../features/commerce/money";
import { InstalmentChoice } from "../../features/commerce/InstalmentChoice";
import type { checkoutLoader } from "../../features/commerce/loaders";

/** /try-now/subscribe: the trial checkout. Order summary, the date of the first charge, the card; nothing is charged today. */
export function Component() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof checkoutLoader>>>;
  const { data } = useReadQuery(queryRef);
  const annual = data.pricing.find((p) => p.planId === "annual");
  const [instalments, setInstalments] = useState(1);
  const current = data.viewer?.subscription;
  const subscribed = current && ["TRIALING", "ACTIVE", "PAST_DUE"].includes(current.status);
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <PageHead title={t`Start your free trial · Brevia`} description={t`7 days free, then the annual plan. Cancel at any time.`} />
      <h1 id="checkout-title">
        <Trans>Start your free trial</Trans>
      </h1>
      {subscribed ? (
        <p>
          <Trans>You already have a subscription.</Trans> <Link to={localize("/settings")}>{t`See it in settings`}</Link>
        </p>
      ) : !annual || !annual.trialEndsIfStartedNow ? (
        <p>
          <Trans>The free trial is not available right now.</Trans>
        </p>
      ) : (
        <>
          <section className="order-summary" aria-labelledby="order-title">
            <h2 id="order-title">
              <Trans>Order summary</Trans>
            </h2>
            <dl>
              <dt>{t`Plan`}</dt>
              <dd>
                <Trans>Annual plan, 7 days free</Trans>
              </dd>
              <dt>{t`Price`}</dt>
              <dd>
                <Trans>{formatMoney(locale, annual.currency, annual.amount)} a year</Trans>
              </dd>
              <dt>{t`Total today`}</dt>
              <dd>{formatMoney(locale, annual.currency, 0)}</dd>
              <dt>{t`Trial ends`}</dt>
              <dd>{formatDate(locale, annual.trialEndsIfStartedNow as string)}</dd>
            </dl>
            <p className="checkout__notice">
              <Trans>
                You will be charged {formatMoney(locale, annual.currency, annual.amount)} on{" "}
                {formatDate(locale, annual.trialEndsIfStartedNow as string)}, after the trial, and you can cancel at any time before then.
              </Trans>
            </p>
          </section>
          <CardForm
            provider={data.commerceSettings.provider}
            stripePublishableKey={data.commerceSettings.stripePublishableKey}
            submitLabel={t`Start my free trial`}
            hostedCheckout={{ planId: "annual", trial: true, cancelPath: "/try-now/subscribe" }}
            onPaymentMethod={async (paymentMethodId) => {
              const answer = (await client.mutate({ mutation: StartTrialMutation, variables: { paymentMethodId, instalments } })).data
                ?.startTrial;
              const error = answer ? errorOf(i18n, answer) : t`Something went wrong. Please try again.`;
              if (!error) await navigate(localize("/welcome-to-knowledge"));
              return error;
            }}
          >
            <InstalmentChoice
              plans={annual.instalmentPlans}
              currency={annual.currency}
              locale={locale}
              value={instalments}
              onChange={setInstalments}
              stripeWithholds={annual.instalmentsOnlyWithoutSubscription}
            />
          </CardForm>
        </>
      )}
    </section>
  );
}
