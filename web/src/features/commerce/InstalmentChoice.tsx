import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { Locale } from "@brevia/routes";
import { formatMoney } from "./money";

type Plan = { count: number; amounts: readonly number[] };

/** The chosen count when the plan offers it, else 1 (paying at once): a new plan may offer fewer. */
export const offeredCount = (plans: readonly Plan[], chosen: number) => (plans.some((p) => p.count === chosen) ? chosen : 1);

/** One way to pay, as it will be charged: "10 × R$29,90", or how many of each when the cents do not split evenly. */
export function useInstalmentLabel(currency: string, locale: Locale) {
  const { t } = useLingui();
  return (amounts: readonly number[]) => {
    const money = (cents: number) => formatMoney(locale, currency, cents);
    const count = amounts.length;
    const first = amounts[0] ?? 0;
    const last = amounts[count - 1] ?? 0;
    if (count <= 1) return t`At once: ${money(first)}`;
    const firstCount = amounts.filter((a) => a === first).length;
    if (firstCount === count) return t`${count} × ${money(first)} without interest`;
    const lastCount = count - firstCount;
    return t`${count} instalments without interest: ${firstCount} × ${money(first)} and ${lastCount} × ${money(last)}`;
  };
}

/**
 * The reader chooses how many interest-free instalments to pay in (the API's plans: 1 to the most this
 * plan, currency and provider allow). With Stripe the annual plan cannot be split (`stripeWithholds`): said plainly.
 */
export function InstalmentChoice(props: {
  plans: readonly Plan[];
  currency: string;
  locale: Locale;
  value: number;
  onChange(count: number): void;
  stripeWithholds?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const label = useInstalmentLabel(props.currency, props.locale);
  if (props.plans.length < 2) {
    return props.stripeWithholds ? (
      <p className="instalment-choice__note">
        {t`This plan is charged at once: the card processor (Stripe) splits only one-time payments, such as the lifetime plan, into instalments, not a subscription's yearly charge.`}
      </p>
    ) : null;
  }
  return (
    <div className="instalment-choice">
      <label htmlFor={id}>{t`Pay in`}</label>
      <select id={id} value={offeredCount(props.plans, props.value)} onChange={(event) => props.onChange(Number(event.target.value))}>
        {props.plans.map((plan) => (
          <option key={plan.count} value={plan.count}>
            {label(plan.amounts)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How a receipt was paid, when in instalments ("10 × R$29,90 without interest"); nothing when paid at once. */
export function PaidInInstalments({ amounts, currency, locale }: { amounts: readonly number[]; currency: string; locale: Locale }) {
  const label = useInstalmentLabel(currency, locale);
  return amounts.length > 1 ? <span className="receipts__instalments">{label(amounts)}</span> : null;
}
