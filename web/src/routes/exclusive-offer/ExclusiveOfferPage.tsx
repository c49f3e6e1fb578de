import { useApolloClient, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { errorOf } from "../../app/errors/error-messages";
import { PageHead } from "../../app/PageHead";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { CardForm } from "../../features/commerce/CardForm";
import { ExclusiveOfferQuery, SubscribeMutation } from "../../features/commerce/commerce.graphql";
import { formatMoney } from "../../features/commerce/money";
import { Instalments } from "../../features/commerce/Instalments";
import { InstalmentChoice } from "../../features/commerce/InstalmentChoice";
import { planName } from "../../features/commerce/plans";
import { TestModeBadge } from "../../features/commerce/TestModeBadge";

// With the page (one chunk; see library-highlights/Highlights.tsx).
export function pageLoader({ preloadQuery }: Apollo) {
  return async ({ params }: LoaderFunctionArgs) => ({
    queryRef: await preloadQuery.toPromise(
      preloadQuery(ExclusiveOfferQuery, { variables: { slug: params.offer ?? "" }, fetchPolicy: "network-only" }),
    ),
  });
}

/**
 * /exclusive-offer/:offer: a discount offer (30, 40, 50 or 80 % off the annual plan, the lifetime plan
 * at 60 %) with its own from and to prices, behind exclusiveOfferGuard: an unknown, ended or
 * not-for-you offer gets a page that says so. A reader checks out here; a visitor buys it without an
 * account (/public/purchase) or logs in first.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof pageLoader>>>;
  const { data } = useReadQuery(queryRef);
  const offer = data.exclusiveOffer;
  const [count, setCount] = useState(1);
  const testMode = data.commerceSettings.testMode;

  if (!offer || offer.availability !== "LIVE") {
    const title = !offer
      ? t`This offer does not exist`
      : offer.availability === "ENDED"
        ? t`This offer has ended`
        : t`This offer is for new subscribers`;
    return (
      <section className="exclusive-offer exclusive-offer--unavailable" aria-labelledby="offer-title">
        <PageHead title={t`${title} · Brevia`} description={t`Brevia's plans and offers.`} />
        <h1 id="offer-title">{title}</h1>
        <p>
          {!offer ? (
            <Trans>Please check the link you followed. Our current plans are still open to you.</Trans>
          ) : offer.availability === "ENDED" ? (
            <Trans>It is no longer available, but our current plans are.</Trans>
          ) : (
            <Trans>You already have or had a paid plan, so this offer is not available to you. Your subscription is in settings.</Trans>
          )}
        </p>
        <p>
          {offer?.availability === "NOT_ELIGIBLE" ? (
            <Link className="button" to={localize("/settings")}>
              <Trans>Go to settings</Trans>
            </Link>
          ) : (
            <Link className="button" to={localize("/try-now")}>
              <Trans>See the plans</Trans>
            </Link>
          )}
        </p>
      </section>
    );
  }

  const { currency, planId, interval } = offer.plan;
  const from = formatMoney(locale, currency, offer.fromAmount);
  const to = formatMoney(locale, currency, offer.toAmount);
  const percent = offer.percentOff;
  const plan = planName(i18n, planId);
  const instalments = offer.instalmentAmounts;
  const signedIn = Boolean(data.viewer);
  const offerPath = `/exclusive-offer/${encodeURIComponent(offer.slug)}`;
  return (
    <section className="exclusive-offer checkout" aria-labelledby="offer-title">
      <PageHead title={t`${plan} at ${percent}% off · Brevia`} description={t`An exclusive offer: ${plan}, ${to} instead of ${from}.`} />
      {testMode && <TestModeBadge />}
      <h1 id="offer-title">
        <Trans>Exclusive offer: {percent}% off</Trans>
      </h1>
      <div className="price-card offer-card">
        <h2>{plan}</h2>
        <p className="offer-card__label">
          <Trans>{percent}% off</Trans>
        </p>
        <p className="price-card__price">
          <del aria-label={t`Before: ${from}`}>{from}</del> <strong aria-label={t`Now: ${to}`}>{to}</strong>{" "}
          {interval === "YEAR" ? <Trans>for the first year</Trans> : interval === "LIFETIME" ? <Trans>once, for life</Trans> : null}
        </p>
        {offer.perMonthAmount !== null && offer.perMonthAmount !== undefined && (
          <p>
            <Trans>That is {formatMoney(locale, currency, offer.perMonthAmount)} a month.</Trans>
          </p>
        )}
        <Instalments amounts={instalments} currency={currency} locale={locale} />
        {interval === "YEAR" && (
          <p className="checkout__notice">
            <Trans>Then the annual plan at its usual price each year, unless you cancel. Cancel at any time in settings.</Trans>
          </p>
        )}
      </div>
      {signedIn ? (
        <section className="order-summary" aria-labelledby="offer-order-title">
          <h2 id="offer-order-title">
            <Trans>Order summary</Trans>
          </h2>
          <dl>
            <dt>{t`Plan`}</dt>
            <dd>{plan}</dd>
            <dt>{t`Total today`}</dt>
            <dd>{to}</dd>
          </dl>
          <CardForm
            provider={data.commerceSettings.provider}
            stripePublishableKey={data.commerceSettings.stripePublishableKey}
            submitLabel={t`Pay ${to}`}
            hostedCheckout={{ planId, offerSlug: offer.slug, cancelPath: offerPath }}
            onPaymentMethod={async (paymentMethodId) => {
              const answer = (
                await client.mutate({
                  mutation: SubscribeMutation,
                  variables: { planId, offerSlug: offer.slug, paymentMethodId, instalments: count },
                })
              ).data?.subscribe;
              const error = answer ? errorOf(i18n, answer) : t`Something went wrong. Please try again.`;
              if (!error) await navigate(localize("/welcome-to-knowledge"));
              return error;
            }}
          >
            <InstalmentChoice
              plans={offer.instalmentPlans}
              currency={currency}
              locale={locale}
              value={count}
              onChange={setCount}
              stripeWithholds={offer.plan.instalmentsOnlyWithoutSubscription}
            />
          </CardForm>
        </section>
      ) : (
        <p className="exclusive-offer__actions">
          <Link
            className="button"
            to={`${localize("/public/purchase")}?plan=${encodeURIComponent(planId)}&offer=${encodeURIComponent(offer.slug)}`}
          >
            <Trans>Get this offer</Trans>
          </Link>{" "}
          <Link to={`${localize("/login")}?next=${encodeURIComponent(offerPath)}`}>
            <Trans>I already have an account</Trans>
          </Link>
        </p>
      )}
    </section>
  );
}
