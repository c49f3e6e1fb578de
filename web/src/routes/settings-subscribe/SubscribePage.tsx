import { useApolloClient, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useLoaderData, useNavigate } from "react-router-dom";
import { errorOf } from "../../app/errors/error-messages";
import { PageHead } from "../../app/PageHead";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { CardForm } from "../../features/commerce/CardForm";
import { SubscribeMutation } from "../../features/commerce/commerce.graphql";
import { formatMoney } from "../../features/commerce/money";
import { Instalments } from "../../features/commerce/Instalments";
import { InstalmentChoice, offeredCount } from "../../features/commerce/InstalmentChoice";
import { planName } from "../../features/commerce/plans";
import type { checkoutLoader } from "../../features/commerce/loaders";

/** /settings/subscribe: a signed-in free reader buys a plan now (annual, monthly or lifetime). */
export function Component() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof checkoutLoader>>>;
  const { data } = useReadQuery(queryRef);
  const [planId, setPlanId] = useState(data.pricing[0]?.planId ?? "annual");
  const plan = data.pricing.find((p) => p.planId === planId);
  const [instalments, setInstalments] = useState(1);
  // A count the newly chosen plan does not offer falls back to paying at once.
  const count = offeredCount(plan?.instalmentPlans ?? [], instalments);
  const current = data.viewer?.subscription;
  const subscribed = current && ["TRIALING", "ACTIVE", "PAST_DUE"].includes(current.status);
  return (
    <section className="checkout" aria-labelledby="subscribe-title">
      <PageHead title={t`Subscribe to Premium · Brevia`} description={t`Choose a plan: annual, monthly or lifetime.`} />
      <h1 id="subscribe-title">
        <Trans>Subscribe to Premium</Trans>
      </h1>
      {subscribed ? (
        <p>
          <Trans>You already have a subscription.</Trans> <Link to={localize("/settings")}>{t`See it in settings`}</Link>
        </p>
      ) : (
        <>
          <fieldset className="plan-choice">
            <legend>{t`Plan`}</legend>
            {data.pricing.map((p) => (
              <label key={p.planId}>
                <input type="radio" name="plan" value={p.planId} checked={p.planId === planId} onChange={() => setPlanId(p.planId)} />{" "}
                {planName(i18n, p.planId)}: {formatMoney(locale, p.currency, p.amount)}
              </label>
            ))}
          </fieldset>
          {plan && (
            <p className="order-total">
              <Trans>Total today: {formatMoney(locale, plan.currency, plan.amount)}</Trans>
            </p>
          )}
          {plan && <Instalments amounts={plan.instalmentAmounts} currency={plan.currency} locale={locale} />}
          <CardForm
            provider={data.commerceSettings.provider}
            stripePublishableKey={data.commerceSettings.stripePublishableKey}
            submitLabel={t`Pay and subscribe`}
            hostedCheckout={{ planId, cancelPath: "/settings/subscribe" }}
            onPaymentMethod={async (paymentMethodId) => {
              const answer = (
                await client.mutate({ mutation: SubscribeMutation, variables: { planId, paymentMethodId, instalments: count } })
              ).data?.subscribe;
              const error = answer ? errorOf(i18n, answer) : t`Something went wrong. Please try again.`;
              if (!error) await navigate(localize("/welcome-to-knowledge"));
              return error;
            }}
          >
            {plan && (
              <InstalmentChoice
                plans={plan.instalmentPlans}
                currency={plan.currency}
                locale={locale}
                value={count}
                onChange={setInstalments}
                stripeWithholds={plan.instalmentsOnlyWithoutSubscription}
              />
            )}
          </CardForm>
        </>
      )}
    </section>
  );
}
