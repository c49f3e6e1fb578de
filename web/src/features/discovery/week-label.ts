/**
 * A week's Monday ("2026-11-16") said as people say it, for "Week of …": "16 November" in en (British order, as the
 * spec words it), "16 de novembro" in pt, "16 de noviembre" in es. UTC both on the server and in the
 * browser, so the date never shifts by a time zone and hydration sees the same text.
 */
export function weekStartLabel(weekStart: string, locale: string): string {
  return formatter(locale).format(new Date(`${weekStart}T00:00:00Z`));
}

// One formatter per language: creating one costs far more than formatting with it (a page lists several weeks).
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string): Intl.DateTimeFormat {
  let found = formatters.get(locale);
  if (!found) {
    found = new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { day: "numeric", month: "long", timeZone: "UTC" });
    formatters.set(locale, found);
  }
  return found;
}
