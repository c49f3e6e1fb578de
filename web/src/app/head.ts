import { headLinks, type ListPosition } from "@brevia/routes/page-links";
import { DEFAULT_LOCALE, LOCALES, splitLocale, type Locale } from "@brevia/routes";

export { headLinks };

// A page's <head>: the server writes it into the HTML it sends, the browser keeps it current on
// client-side navigation. Plain TypeScript: titles and descriptions come from the page components
// (PageHead), the links from the URL alone.

/** What the head says of a microbook's edition: its link preview (og:type book) and its JSON-LD. */
export type BookHead = {
  slug: string;
  /** The edition's title, author and language (the edition shown may not be in the page's language). */
  title: string;
  author: string;
  language: Locale;
  category: string;
  /** The year the original was first published; negative before the common era. */
  publishedYear: number | null;
  /** Length of the narration, when the edition is narrated. */
  audioSeconds: number | null;
};

/** `list`: the page is one page of a paged list (its canonical address keeps ?page, and it links prev/next). */
export type PageHeadData = { title: string; description: string; book?: BookHead; list?: ListPosition };

/** Link previews are 1200×630 PNGs drawn by the API from the cover design (api/src/features/catalog/covers). */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;
/** The site's own preview, for pages without one of their own (home, not found…). */
export const SITE_PREVIEW_PATH = "/covers/brevia.og.png";

export function editionPreviewPath(slug: string, language: Locale): string {
  return `/covers/${encodeURIComponent(slug)}.${language}.og.png`;
}

/** The value of <html lang> for a locale. */
export function htmlLang(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "pt-BR" : locale;
}

/** Open Graph's locale (language_TERRITORY) for a locale. */
const OG_LOCALES: Record<Locale, string> = { pt: "pt_BR", en: "en_US", es: "es_ES" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that cannot end its <script> element or open a comment in it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** An ISO 8601 duration (PT1H2M3S). */
function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${sec || (!h && !m) ? `${sec}S` : ""}`;
}

/** The preview image of a page: the edition's for a microbook, else the site's. */
function previewImage(head: PageHeadData, origin: string): { url: string; alt: string } {
  return head.book
    ? { url: origin + editionPreviewPath(head.book.slug, head.book.language), alt: `${head.book.title} — ${head.book.author}` }
    : { url: origin + SITE_PREVIEW_PATH, alt: "Brevia" };
}

/**
 * schema.org data for search engines: the microbook's work as a Book (name, author, language,
 * description, image, page, year of the original, and its narration when there is one).
 */
export function bookJsonLd(head: PageHeadData & { book: BookHead }, origin: string, pathname: string): Record<string, unknown> {
  const { book } = head;
  const { canonical } = headLinks(origin, pathname);
  const inLanguage = htmlLang(book.language);
  return {
    "@context": "https://schema.org",
    "@type": "Book",
    name: book.title,
    author: { "@type": "Person", name: book.author },
    inLanguage,
    description: head.description,
    image: previewImage(head, origin).url,
    url: canonical,
    genre: book.category,
    // Years before the common era have no plain ISO 8601 form: left out.
    ...(book.publishedYear !== null && book.publishedYear > 0 ? { datePublished: String(book.publishedYear) } : {}),
    ...(book.audioSeconds
      ? { workExample: { "@type": "Audiobook", name: book.title, inLanguage, url: canonical, duration: isoDuration(book.audioSeconds) } }
      : {}),
  };
}

type MetaTag = { attribute: "name" | "property"; key: string; content: string };

/** The head's meta tags for link previews (chat apps, social networks read them; they run no script). */
function previewMeta(head: PageHeadData, origin: string, pathname: string): MetaTag[] {
  const { canonical } = headLinks(origin, pathname, head.list);
  const { locale } = splitLocale(pathname);
  const image = previewImage(head, origin);
  const og = (key: string, content: string): MetaTag => ({ attribute: "property", key, content });
  const twitter = (key: string, content: string): MetaTag => ({ attribute: "name", key, content });
  return [
    { attribute: "name", key: "description", content: head.description },
    og("og:site_name", "Brevia"),
    og("og:type", head.book ? "book" : "website"),
    og("og:title", head.title),
    og("og:description", head.description),
    og("og:url", canonical),
    og("og:locale", OG_LOCALES[locale]),
    ...LOCALES.filter((l) => l !== locale).map((l) => og("og:locale:alternate", OG_LOCALES[l])),
    og("og:image", image.url),
    og("og:image:type", "image/png"),
    og("og:image:width", String(PREVIEW_SIZE.width)),
    og("og:image:height", String(PREVIEW_SIZE.height)),
    og("og:image:alt", image.alt),
    twitter("twitter:card", "summary_large_image"),
    twitter("twitter:image", image.url),
    twitter("twitter:image:alt", image.alt),
  ];
}

/** The head elements the server writes. */
export function headHtml(head: PageHeadData, origin: string, pathname: string): string {
  const { canonical, alternates, prev, next } = headLinks(origin, pathname, head.list);
  const [description, ...preview] = previewMeta(head, origin, pathname);
  const meta = (tag: MetaTag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta(description!),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...(prev ? [`<link rel="prev" href="${escapeHtml(prev)}" />`] : []),
    ...(next ? [`<link rel="next" href="${escapeHtml(next)}" />`] : []),
    ...alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}" />`),
    ...preview.map(meta),
    // A data block, not a script: the browser does not run it, so the Content-Security-Policy allows it.
    ...(head.book
      ? [`<script type="application/ld+json">${scriptSafeJson(bookJsonLd({ ...head, book: head.book }, origin, pathname))}</script>`]
      : []),
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
  const { canonical, alternates, prev, next } = headLinks(origin, pathname, head.list);
  upsert('link[rel="canonical"]', make("link", { rel: "canonical" }), "href", canonical);
  // A list's neighbours: written anew, as the page now shown may have none.
  for (const [rel, href] of [
    ["prev", prev],
    ["next", next],
  ] as const) {
    doc.head.querySelector(`link[rel="${rel}"]`)?.remove();
    if (href) doc.head.append(make("link", { rel, href })());
  }
  for (const a of alternates) {
    upsert(`link[rel="alternate"][hreflang="${a.hreflang}"]`, make("link", { rel: "alternate", hreflang: a.hreflang }), "href", a.href);
  }
  if (!head.title || !head.description) return;
  const full = { title: head.title, description: head.description, book: head.book, list: head.list };
  // og:locale:alternate appears once per other language: written anew.
  for (const stale of doc.head.querySelectorAll('meta[property="og:locale:alternate"]')) stale.remove();
  for (const tag of previewMeta(full, origin, pathname)) {
    if (tag.key === "og:locale:alternate") {
      doc.head.append(make("meta", { [tag.attribute]: tag.key, content: tag.content })());
    } else {
      upsert(`meta[${tag.attribute}="${tag.key}"]`, make("meta", { [tag.attribute]: tag.key }), "content", tag.content);
    }
  }
  doc.head.querySelector('script[type="application/ld+json"]')?.remove();
  if (full.book) {
    const jsonLd = make("script", { type: "application/ld+json" })();
    jsonLd.textContent = JSON.stringify(bookJsonLd({ ...full, book: full.book }, origin, pathname));
    doc.head.append(jsonLd);
  }
}
