import { useApolloClient, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { errorOf } from "../../app/errors/error-messages";
import { PageHead } from "../../app/PageHead";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { CardForm } from "../../features/commerce/CardForm";
import { PublicPurchaseQuery, PurchaseAsVisitorMutation } from "../../features/commerce/commerce.graphql";
import { formatMoney } from "../../features/commerce/money";
import { Instalments } from "../../features/commerce/Instalments";
import { InstalmentChoice, offeredCount } from "../../features/commerce/InstalmentChoice";
import { planName } from "../../features/commerce/plans";

// With the page (one chunk; see library-highlights/Highlights.tsx).
export function pageLoader({ preloadQuery }: Apollo) {
  return async ({ request }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const offer = params.get("offer") ?? "";
    const plan = params.get("plan");
    const queryRef = await preloadQuery.toPromise(
      preloadQuery(PublicPurchaseQuery, { variables: { offer, withOffer: offer !== "" }, fetchPolicy: "network-only" }),
    );
    return { queryRef, plan };
  };
}

/**
 * /public/purchase: buying without an account (headline, order, payment details). The account is
 * made for the email given and a /create-password/{token} link mailed to it. ?plan= picks the plan,
 * ?offer= a live exclusive offer's price.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const client = useApolloClient();
  const id = useId();
  const { queryRef, plan: askedPlan } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof pageLoader>>>;
  const { data } = useReadQuery(queryRef);
  const offer = data.exclusiveOffer?.availability === "LIVE" ? data.exclusiveOffer : null;
  const [planId, setPlanId] = useState(
    offer?.plan.planId ?? data.pricing.find((p) => p.planId === askedPlan)?.planId ?? data.pricing[0]?.planId ?? "annual",
  );
  const [email, setEmail] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  // The form is gone: focus goes to what replaced it.
  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);
  const plan = data.pricing.find((p) => p.planId === planId);
  const total = offer ? offer.toAmount : plan?.amount;
  const instalments = offer ? offer.instalmentAmounts : (plan?.instalmentAmounts ?? []);
  const instalmentPlans = offer ? offer.instalmentPlans : (plan?.instalmentPlans ?? []);
  const [chosenCount, setChosenCount] = useState(1);
  // A count the newly chosen plan does not offer falls back to paying at once.
  const count = offeredCount(instalmentPlans, chosenCount);

  return (
    <section className="checkout public-purchase" aria-labelledby="purchase-title">
      <PageHead
        title={t`Get Brevia Premium · Brevia`}
        description={t`Every microbook, to read and to listen. Buy Premium now; your account is made with it.`}
      />
      <h1 id="purchase-title">
        <Trans>Get Brevia Premium</Trans>
      </h1>
      <p>
        <Trans>Every microbook, to read and to listen, on all your devices. No account yet? It is made with your purchase.</Trans>
      </p>
      {data.viewer ? (
        <p>
          <Trans>You are logged in.</Trans> <Link to={localize("/settings/subscribe")}>{t`Subscribe to Premium`}</Link>
        </p>
      ) : done ? (
        <div className="public-purchase__done" role="status">
          <h2 ref={doneHeading} tabIndex={-1}>
            <Trans>Thank you! Check your email</Trans>
          </h2>
          <p>
            <Trans>
              Your Premium access is ready. We sent a link to {done} to create your password: follow it to start reading. The receipt is on
              its way too.
            </Trans>
          </p>
        </div>
      ) : (
        <>
          <section className="order-summary" aria-labelledby="purchase-order-title">
            <h2 id="purchase-order-title">
              <Trans>Your order</Trans>
            </h2>
            {offer ? (
              <p className="order-summary__offer">
                <Trans>
                  Exclusive offer: {planName(i18n, offer.plan.planId)} at {offer.percentOff}% off,{" "}
                  <del>{formatMoney(locale, offer.plan.currency, offer.fromAmount)}</del>{" "}
                  {formatMoney(locale, offer.plan.currency, offer.toAmount)}
                </Trans>
              </p>
            ) : (
              <fieldset className="plan-choice">
                <legend>{t`Plan`}</legend>
                {data.pricing.map((p) => (
                  <label key={p.planId}>
                    <input type="radio" name="plan" value={p.planId} checked={p.planId === planId} onChange={() => setPlanId(p.planId)} />{" "}
                    {planName(i18n, p.planId)}: {formatMoney(locale, p.currency, p.amount)}
                  </label>
                ))}
              </fieldset>
            )}
            {plan && total !== undefined && (
              <dl>
                <dt>{t`Plan`}</dt>
                <dd>{planName(i18n, plan.planId)}</dd>
                <dt>{t`Total today`}</dt>
                <dd className="order-total">{formatMoney(locale, plan.currency, total)}</dd>
              </dl>
            )}
            {plan && <Instalments amounts={instalments} currency={plan.currency} locale={locale} />}
            {plan?.interval === "YEAR" || plan?.interval === "MONTH" ? (
              <p className="checkout__notice">
                <Trans>It renews at the plan's price until you cancel. Cancel at any time in settings.</Trans>
              </p>
            ) : null}
          </section>
          <CardForm
            provider={data.commerceSettings.provider}
            stripePublishableKey={data.commerceSettings.stripePublishableKey}
            submitLabel={t`Pay and get Premium`}
            onPaymentMethod={async (paymentMethodId) => {
              const answer = (
                await client.mutate({
                  mutation: PurchaseAsVisitorMutation,
                  variables: { email, planId, offerSlug: offer?.slug ?? null, paymentMethodId, instalments: count },
                })
              ).data?.purchaseAsVisitor;
              const error = answer ? errorOf(i18n, answer) : t`Something went wrong. Please try again.`;
              if (!error && answer?.__typename === "PurchaseCompleted") setDone(answer.email);
              return error;
            }}
            lead={
              <>
                <label htmlFor={`${id}-email`}>{t`Your email`}</label>
                <input
                  id={`${id}-email`}
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </>
            }
          >
            {plan && (
              <InstalmentChoice
                plans={instalmentPlans}
                currency={plan.currency}
                locale={locale}
                value={count}
                onChange={setChosenCount}
                stripeWithholds={(offer?.plan ?? plan).instalmentsOnlyWithoutSubscription}
              />
            )}
          </CardForm>
          <p>
            <Trans>Already have an account?</Trans> <Link to={`${localize("/login")}?next=%2Fsettings%2Fsubscribe`}>{t`Log in`}</Link>
          </p>
        </>
      )}
    </section>
  );
}
