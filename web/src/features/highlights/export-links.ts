// The API's export downloads (api/src/features/highlights/export.route.ts): plain links, the session cookie
// says whose; `lang` words the Markdown's labels in the page's language.
const exportPath = (path: string, lang: string, slug?: string) => `${path}?lang=${lang}${slug ? `&book=${encodeURIComponent(slug)}` : ""}`;

export const HIGHLIGHTS_EXPORT = {
  /** Markdown grouped by book (all, or one book's). */
  markdown: (lang: string, slug?: string) => exportPath("/account/highlights.md", lang, slug),
  /** CSV with Readwise's import columns. */
  csv: (lang: string, slug?: string) => exportPath("/account/highlights.csv", lang, slug),
};
