import { useApolloClient, useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { errorOf } from "../../app/errors/error-messages";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { CancelSubscriptionMutation, ResumeSubscriptionMutation, SubscriptionQuery } from "./commerce.graphql";
import { formatDate, formatMoney } from "./money";
import { planName, statusName } from "./plans";
import { PaidInInstalments } from "./InstalmentChoice";
import { PrintableReceipt } from "./PrintableReceipt";

/**
 * Settings → subscription: plan, status, next charge or trial end, card, receipts, one-click cancel
 * (with an optional reason) and resume. Its own query, so the settings page only places it.
 */
export function SubscriptionSettings() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const client = useApolloClient();
  const id = useId();
  const { data, refetch } = useQuery(SubscriptionQuery, { fetchPolicy: "network-only" });
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState<string | null>(null);
  const viewer = data?.viewer;
  const sub = viewer?.subscription;
  const live = sub && (sub.status === "TRIALING" || sub.status === "ACTIVE" || sub.status === "PAST_DUE");

  async function act(kind: "cancel" | "resume") {
    setBusy(true);
    setMessage(null);
    try {
      const answer =
        kind === "cancel"
          ? (await client.mutate({ mutation: CancelSubscriptionMutation, variables: { reason: reason.trim() || null } })).data
              ?.cancelSubscription
          : (await client.mutate({ mutation: ResumeSubscriptionMutation })).data?.resumeSubscription;
      const error = answer ? errorOf(i18n, answer) : t`Something went wrong. Please try again.`;
      setMessage(error ?? (kind === "cancel" ? t`Your subscription was cancelled.` : t`Your subscription continues.`));
      await refetch();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Subscription</Trans>
      </h2>
      {!viewer ? null : !sub ? (
        <p>
          <Trans>You are on the free plan.</Trans> <Link to={localize("/settings/subscribe")}>{t`Subscribe to Premium`}</Link> ·{" "}
          <Link to={localize("/redeem-voucher-internal")}>{t`Redeem a code`}</Link>
        </p>
      ) : (
        <>
          <dl className="subscription-facts">
            <dt>{t`Plan`}</dt>
            <dd>{planName(i18n, sub.planId)}</dd>
            <dt>{t`Status`}</dt>
            <dd>{sub.cancelAtPeriodEnd && live ? t`Cancelled: access until the end of the period` : statusName(i18n, sub.status)}</dd>
            {sub.status === "TRIALING" && sub.trialEndsAt && (
              <>
                <dt>{t`Trial ends`}</dt>
                <dd>{formatDate(locale, sub.trialEndsAt as string)}</dd>
              </>
            )}
            {sub.nextChargeAt && (
              <>
                <dt>{t`Next charge`}</dt>
                <dd>
                  {formatMoney(locale, sub.currency, sub.amount)} · {formatDate(locale, sub.nextChargeAt as string)}
                </dd>
              </>
            )}
            {live && !sub.nextChargeAt && sub.currentPeriodEnd && (
              <>
                <dt>{t`Access until`}</dt>
                <dd>{formatDate(locale, (sub.graceEndsAt ?? sub.currentPeriodEnd) as string)}</dd>
              </>
            )}
            {viewer.paymentCard?.last4 && (
              <>
                <dt>{t`Payment method`}</dt>
                <dd>
                  {viewer.paymentCard.brand.toUpperCase()} •••• {viewer.paymentCard.last4}
                </dd>
              </>
            )}
          </dl>
          {live && !sub.cancelAtPeriodEnd && (
            <div className="subscription-cancel">
              <label htmlFor={`${id}-reason`}>{t`Why are you cancelling? (optional)`}</label>
              <textarea id={`${id}-reason`} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => void act("cancel")}>
                {t`Cancel subscription`}
              </button>
            </div>
          )}
          {live && sub.cancelAtPeriodEnd && (
            <button type="button" className="button" disabled={busy} onClick={() => void act("resume")}>
              {t`Resume subscription`}
            </button>
          )}
          {!live && <Link to={localize("/settings/subscribe")}>{t`Subscribe to Premium`}</Link>}
        </>
      )}
      {message && (
        <p role="status" className="form-notice">
          {message}
        </p>
      )}
      {viewer && viewer.receipts.length > 0 && (
        <table className="receipts">
          <caption>{t`Receipts`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Date`}</th>
              <th scope="col">{t`Plan`}</th>
              <th scope="col">{t`Amount`}</th>
              <th scope="col">{t`Card`}</th>
              <th scope="col">{t`Receipt`}</th>
            </tr>
          </thead>
          <tbody>
            {viewer.receipts.map((r) => (
              <tr key={r.id}>
                <td>{formatDate(locale, r.paidAt as string)}</td>
                <td>{planName(i18n, r.planId)}</td>
                <td>
                  {formatMoney(locale, r.currency, r.amount)}
                  {r.refundedAmount > 0 && <> ({t`refunded`})</>}
                  {r.instalmentAmounts.length > 1 && (
                    <>
                      {" · "}
                      <PaidInInstalments amounts={r.instalmentAmounts} currency={r.currency} locale={locale} />
                    </>
                  )}
                </td>
                <td>{r.cardLast4 ? `•••• ${r.cardLast4}` : "—"}</td>
                <td>
                  <button type="button" className="button button--secondary" onClick={() => setPrinting(r.id)}>
                    {t`Print receipt`}
                    <span className="visually-hidden"> ({formatDate(locale, r.paidAt as string)})</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {viewer &&
        printing &&
        viewer.receipts
          .filter((r) => r.id === printing)
          .map((r) => <PrintableReceipt key={r.id} receipt={r} email={viewer.email} locale={locale} onClose={() => setPrinting(null)} />)}
    </section>
  );
}
