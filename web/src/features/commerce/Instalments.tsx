import { Trans } from "@lingui/react/macro";
import type { Locale } from "@brevia/routes";
import { formatMoney } from "./money";

/**
 * Interest-free instalments as they will be charged (the API's amounts, which sum to the price): one
 * amount when they are equal, else how many of each (R$299,00 in 12: 8 of R$24,92 and 4 of R$24,91).
 */
export function Instalments({ amounts, currency, locale }: { amounts: readonly number[]; currency: string; locale: Locale }) {
  if (amounts.length < 2) return null;
  const count = amounts.length;
  const first = amounts[0]!;
  const last = amounts[count - 1]!;
  const firstCount = amounts.filter((a) => a === first).length;
  const lastCount = count - firstCount;
  const money = (cents: number) => formatMoney(locale, currency, cents);
  return (
    <p className="instalments">
      {firstCount === count ? (
        <Trans>
          Or in up to {count} instalments of {money(first)} without interest.
        </Trans>
      ) : (
        <Trans>
          Or in up to {count} instalments without interest: {firstCount} of {money(first)} and {lastCount} of {money(last)}.
        </Trans>
      )}
    </p>
  );
}
