import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import type { Locale } from "@brevia/routes";
import { formatDate, formatMoney } from "./money";
import { useInstalmentLabel } from "./InstalmentChoice";
import { planName } from "./plans";

export type ReceiptFacts = {
  id: string;
  planId: string;
  currency: string;
  amount: number;
  paidAt: unknown;
  refundedAmount: number;
  refundedAt?: unknown;
  cardBrand?: string | null;
  cardLast4?: string | null;
  /** Each instalment as charged (one element: paid at once). */
  instalmentAmounts?: readonly number[];
};

/**
 * One payment as a printable receipt: Brevia's name and site, the receipt's number, the date, the
 * plan, the amount (and a refund, if any), the card's last 4 and the customer. The print stylesheet
 * (styles.css, `.printable-receipt`) prints it alone; the browser's print dialog opens with it.
 * The same for either provider: receipts are what the provider's charge events wrote.
 */
export function PrintableReceipt({
  receipt,
  email,
  locale,
  onClose,
}: {
  receipt: ReceiptFacts;
  email: string;
  locale: Locale;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const instalmentLabel = useInstalmentLabel(receipt.currency, locale);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    // Opened from a click: the print dialog follows (jsdom and some browsers have none).
    if (typeof window.print === "function") {
      try {
        window.print();
      } catch {
        // Not implemented here: the receipt stays on screen, printable from the button.
      }
    }
  }, [receipt.id]);
  const site = typeof window === "undefined" ? "" : window.location.host;
  return (
    <article className="printable-receipt" aria-labelledby={`receipt-${receipt.id}`}>
      <header>
        <p className="printable-receipt__issuer">
          <strong>Brevia</strong>
          {site && <> · {site}</>}
        </p>
        <h3 id={`receipt-${receipt.id}`} ref={heading} tabIndex={-1}>
          <Trans>Receipt</Trans>
        </h3>
      </header>
      <dl>
        <dt>{t`Receipt number`}</dt>
        <dd>{receipt.id}</dd>
        <dt>{t`Date`}</dt>
        <dd>{formatDate(locale, receipt.paidAt as string)}</dd>
        <dt>{t`Customer`}</dt>
        <dd>{email}</dd>
        <dt>{t`Plan`}</dt>
        <dd>{planName(i18n, receipt.planId)}</dd>
        <dt>{t`Amount paid`}</dt>
        <dd>{formatMoney(locale, receipt.currency, receipt.amount)}</dd>
        {receipt.instalmentAmounts && receipt.instalmentAmounts.length > 1 && (
          <>
            <dt>{t`Paid in`}</dt>
            <dd>{instalmentLabel(receipt.instalmentAmounts)}</dd>
          </>
        )}
        {receipt.refundedAmount > 0 && (
          <>
            <dt>{t`Refunded`}</dt>
            <dd>
              {formatMoney(locale, receipt.currency, receipt.refundedAmount)}
              {receipt.refundedAt ? <> · {formatDate(locale, receipt.refundedAt as string)}</> : null}
            </dd>
          </>
        )}
        <dt>{t`Payment method`}</dt>
        <dd>{receipt.cardLast4 ? `${(receipt.cardBrand ?? "").toUpperCase()} •••• ${receipt.cardLast4}`.trim() : "—"}</dd>
      </dl>
      <p className="printable-receipt__actions">
        <button type="button" className="button" onClick={() => window.print()}>
          {t`Print`}
        </button>{" "}
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t`Close receipt`}
        </button>
      </p>
    </article>
  );
}
