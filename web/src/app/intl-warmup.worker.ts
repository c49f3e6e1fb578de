/**
 * Creates a number, a plural and a date formatter for the page's language (main.tsx posts its `lang`), then ends. A browser loads its locale
 * data (ICU) once per process, for whichever thread first asks: tens of milliseconds on a phone. Asked here, that
 * load happens beside the main thread, not in the middle of hydration; the page's own formatters (Lingui's "#",
 * the playlists' week dates) then take well under a millisecond. Started by main.tsx.
 */
addEventListener("message", (event: MessageEvent<unknown>) => {
  try {
    const lang = typeof event.data === "string" ? event.data : null;
    // British English is the week labels' (features/discovery/week-label.ts).
    const locales = lang === "en" ? ["en", "en-GB"] : lang ? [lang] : [];
    for (const locale of locales) {
      new Intl.NumberFormat(locale).format(1);
      new Intl.PluralRules(locale).select(1);
      new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "UTC" }).format(0);
    }
  } catch {
    // A language the browser does not know: its formatters fall back on first use, as without this worker.
  } finally {
    close();
  }
});

// A module (the worker is started with type "module"), with nothing to export.
export {};
