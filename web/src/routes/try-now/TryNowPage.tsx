import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { formatMoney } from "../../features/commerce/money";
import { TestModeBadge } from "../../features/commerce/TestModeBadge";
import type { tryNowLoader } from "../../features/commerce/loaders";

/** /try-now: the 7-day free trial with full access, then the annual plan at 50 % off; testimonials and FAQ from the database. */
export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof tryNowLoader>>>;
  const { data } = useReadQuery(queryRef);
  const annual = data.pricing.find((p) => p.planId === "annual");
  const monthly = data.pricing.find((p) => p.planId === "monthly");
  return (
    <section className="try-now" aria-labelledby="try-now-title">
      <PageHead
        title={t`Try Premium free for 7 days · Brevia`}
        description={t`Every microbook, to read and to listen, free for 7 days. Cancel at any time.`}
      />
      {data.commerceSettings.testMode && <TestModeBadge />}
      <h1 id="try-now-title">
        <Trans>7 days free, with full access</Trans>
      </h1>
      <p>
        <Trans>
          Read and listen to every microbook for 7 days. Then the annual plan at 50% off, or cancel in one click before the trial ends: you
          are not charged.
        </Trans>
      </p>
      {annual && (
        <div className="price-card">
          <h2>
            <Trans>Annual plan</Trans>
          </h2>
          <p className="price-card__price">
            {annual.listAmount !== null && annual.listAmount !== undefined && (
              <del aria-label={t`Before: ${formatMoney(locale, annual.currency, annual.listAmount)}`}>
                {formatMoney(locale, annual.currency, annual.listAmount)}
              </del>
            )}{" "}
            <strong>{formatMoney(locale, annual.currency, annual.amount)}</strong> <Trans>a year</Trans>
          </p>
          {annual.perMonthAmount !== null && annual.perMonthAmount !== undefined && (
            <p>
              <Trans>That is {formatMoney(locale, annual.currency, annual.perMonthAmount)} a month.</Trans>
            </p>
          )}
          {annual.perDayUnderAmount !== null && annual.perDayUnderAmount !== undefined && (
            <p>
              <Trans>Under {formatMoney(locale, annual.currency, annual.perDayUnderAmount)} a day.</Trans>
            </p>
          )}
          {monthly && (
            <p>
              <Trans>Or {formatMoney(locale, monthly.currency, monthly.amount)} a month, monthly.</Trans>
            </p>
          )}
          <Link className="button" to={localize("/try-now/subscribe")}>
            <Trans>Start my free trial</Trans>
          </Link>
          <p>
            <Trans>We remind you by email 2 days before the trial ends.</Trans>
          </p>
        </div>
      )}
      {data.testimonials.nodes.length > 0 && (
        <section aria-labelledby="try-now-testimonials">
          <h2 id="try-now-testimonials">
            <Trans>What readers say about reading</Trans>
          </h2>
          {data.testimonials.nodes.map((quote) => (
            <figure key={quote.author + quote.source}>
              <blockquote>{quote.quote}</blockquote>
              <figcaption>
                {quote.author}, <cite>{quote.source}</cite>
              </figcaption>
            </figure>
          ))}
        </section>
      )}
      {data.faq.nodes.length > 0 && (
        <section aria-labelledby="try-now-faq">
          <h2 id="try-now-faq">
            <Trans>Questions</Trans>
          </h2>
          {data.faq.nodes.map((entry) => (
            <details key={entry.question}>
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </section>
      )}
    </section>
  );
}
