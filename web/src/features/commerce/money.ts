import type { Locale } from "@brevia/routes";

const INTL_LOCALE: Record<Locale, string> = { pt: "pt-BR", en: "en-US", es: "es-MX" };

/** An amount in minor units as the reader's language writes money: R$ 299,00, $79.90, $1,249.00 MXN style per Intl. */
export function formatMoney(locale: Locale, currency: string, cents: number): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: "currency", currency }).format(cents / 100);
}

/** A date in the reader's language ("8 de dezembro de 2026"), in the service's zone so server and browser agree. */
export function formatDate(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "America/Sao_Paulo" }).format(new Date(iso));
}
