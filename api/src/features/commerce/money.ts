import type { Currency, Language } from "../../generated/prisma/enums.js";

/** The currency a visitor checks out in follows the language of the page (a customer keeps theirs). */
export const CURRENCY_BY_LANGUAGE: Record<Language, Currency> = { pt: "BRL", en: "USD", es: "MXN" };

/** A yearly price per month, truncated to the cent as the spec's R$24.91 (R$299 / 12) and US$6.65. */
export const perMonth = (yearlyAmount: number): number => Math.floor(yearlyAmount / 12);

/**
 * The smallest whole-cent amount a yearly price per day (365 days) is under, so "under US$0.22 a day" is
 * true of US$79.90 a year (US$0.2189…); the spec's "under US$0.20" is not, and is never said of it.
 */
export const perDayUnder = (yearlyAmount: number): number => Math.floor(yearlyAmount / 365) + 1;

/**
 * Instalments as they will be charged: equal cents, the remainder spread over the first ones, so they
 * sum to the price (R$299.00 in 12: 8 of R$24.92 and 4 of R$24.91).
 */
export function instalments(amount: number, count: number): number[] {
  const base = Math.floor(amount / count);
  const rest = amount - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < rest ? 1 : 0));
}
