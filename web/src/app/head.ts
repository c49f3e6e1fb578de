import { headLinks } from "./page-links";
import { DEFAULT_LOCALE, type Locale } from "./route-table";

export { headLinks };

// A page's <head>: the server writes it into the HTML it sends, the browser keeps it current on
// client-side navigation. Plain TypeScript: titles and descriptions come from the page components
// (PageHead), the links from the URL alone.

export type PageHeadData = { title: string; description: string };

/** The value of <html lang> for a locale. */
export function htmlLang(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "pt-BR" : locale;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The head elements the server writes. */
export function headHtml(head: PageHeadData, origin: string, pathname: string): string {
  const { canonical, alternates } = headLinks(origin, pathname);
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`),
    // Link previews (chat apps, social networks) read these from the HTML; they run no script.
    `<meta property="og:site_name" content="Brevia" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join("\n    ");
}

/** Brings the document's head in line with the page the browser shows now. */
export function applyHead(doc: Document, head: Partial<PageHeadData>, origin: string, pathname: string): void {
  if (head.title) doc.title = head.title;
  const upsert = (selector: string, create: () => HTMLElement, attribute: string, value: string) => {
    let element = doc.head.querySelector(selector);
    if (!element) {
      element = create();
      doc.head.append(element);
    }
    element.setAttribute(attribute, value);
  };
  const make = (tag: string, attributes: Record<string, string>) => () => {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  };
  if (head.description) upsert('meta[name="description"]', make("meta", { name: "description" }), "content", head.description);
  const { canonical, alternates } = headLinks(origin, pathname);
  upsert('link[rel="canonical"]', make("link", { rel: "canonical" }), "href", canonical);
  for (const a of alternates) {
    upsert(`link[rel="alternate"][hreflang="${a.hreflang}"]`, make("link", { rel: "alternate", hreflang: a.hreflang }), "href", a.href);
  }
}
