// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { applyHead, bookJsonLd, headHtml, scriptSafeJson, type BookHead } from "./head";

const book: BookHead = {
  slug: "walden",
  title: "Walden",
  author: "Henry David Thoreau",
  language: "en",
  category: "Philosophy",
  publishedYear: 1854,
  audioSeconds: 754,
};
const page = { title: "Walden · Brevia", description: "Life in the woods", book };
const origin = "https://brevia.example";

/** The JSON-LD data block of a head, parsed. */
function jsonLdOf(html: string): Record<string, unknown> {
  const text = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(text).toBeDefined();
  return JSON.parse(text!) as Record<string, unknown>;
}

describe("the head the server writes", () => {
  it("gives a microbook page a book preview: its image, type, locales and large card", () => {
    const html = headHtml(page, origin, "/en/microbook/walden");
    for (const tag of [
      '<meta property="og:type" content="book" />',
      '<meta property="og:url" content="https://brevia.example/en/microbook/walden" />',
      '<meta property="og:image" content="https://brevia.example/covers/walden.en.og.png" />',
      '<meta property="og:image:type" content="image/png" />',
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
      '<meta property="og:image:alt" content="Walden — Henry David Thoreau" />',
      '<meta property="og:locale" content="en_US" />',
      '<meta property="og:locale:alternate" content="pt_BR" />',
      '<meta property="og:locale:alternate" content="es_ES" />',
      '<meta name="twitter:card" content="summary_large_image" />',
      '<meta name="twitter:image" content="https://brevia.example/covers/walden.en.og.png" />',
    ]) {
      expect(html).toContain(tag);
    }
    expect(html).not.toContain('<meta property="og:locale:alternate" content="en_US" />');
  });

  it("gives other pages the site's preview", () => {
    const html = headHtml({ title: "Brevia", description: "Great books" }, origin, "/");
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta property="og:image" content="https://brevia.example/covers/brevia.og.png" />');
    expect(html).toContain('<meta property="og:locale" content="pt_BR" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain("application/ld+json");
  });

  it("describes the book in JSON-LD (schema.org Book)", () => {
    expect(jsonLdOf(headHtml(page, origin, "/en/microbook/walden"))).toEqual({
      "@context": "https://schema.org",
      "@type": "Book",
      name: "Walden",
      author: { "@type": "Person", name: "Henry David Thoreau" },
      inLanguage: "en",
      description: "Life in the woods",
      image: "https://brevia.example/covers/walden.en.og.png",
      url: "https://brevia.example/en/microbook/walden",
      genre: "Philosophy",
      datePublished: "1854",
      workExample: {
        "@type": "Audiobook",
        name: "Walden",
        inLanguage: "en",
        url: "https://brevia.example/en/microbook/walden",
        duration: "PT12M34S",
      },
    });
  });

  it("leaves out what is not known: a year before the common era, a narration", () => {
    const data = bookJsonLd(
      { ...page, book: { ...book, language: "pt", publishedYear: -500, audioSeconds: null } },
      origin,
      "/microbook/walden",
    );
    expect(data).not.toHaveProperty("datePublished");
    expect(data).not.toHaveProperty("workExample");
    expect(data.inLanguage).toBe("pt-BR");
    expect(data.url).toBe("https://brevia.example/microbook/walden");
  });

  it("cannot end its elements, whatever the catalogue says", () => {
    const hostile = `</script><script>alert(1)</script><!-- "quoted" & 'single'`;
    const html = headHtml(
      { title: hostile, description: hostile, book: { ...book, title: hostile, author: hostile, category: hostile } },
      origin,
      "/en/microbook/walden",
    );
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<!--");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLdOf(html).name).toBe(hostile);
    expect(scriptSafeJson("\u2028</")).toBe('"\\u2028\\u003c/"');
  });
});

describe("the head of a paged list", () => {
  const list = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)" />`).exec(html)?.[1];

  it("makes page 1 canonical without ?page, and links only the next page", () => {
    const html = headHtml({ title: "Latest", description: "New", list: { page: 1, hasNext: true } }, origin, "/en/latest");
    expect(list(html, "canonical")).toBe("https://brevia.example/en/latest");
    expect(list(html, "prev")).toBeUndefined();
    expect(list(html, "next")).toBe("https://brevia.example/en/latest?page=2");
  });

  it("keeps ?page=N and the list's parameters in page N's canonical, alternates and og:url", () => {
    const head = { title: "Philosophy, page 2", description: "Ideas", list: { page: 2, hasNext: true, params: { sort: "newest" } } };
    const html = headHtml(head, origin, "/es/categories/philosophy");
    expect(list(html, "canonical")).toBe("https://brevia.example/es/categories/philosophy?sort=newest&#38;page=2");
    expect(list(html, "prev")).toBe("https://brevia.example/es/categories/philosophy?sort=newest");
    expect(list(html, "next")).toBe("https://brevia.example/es/categories/philosophy?sort=newest&#38;page=3");
    expect(html).toContain(
      '<link rel="alternate" hreflang="pt" href="https://brevia.example/categories/philosophy?sort=newest&#38;page=2" />',
    );
    expect(html).toContain('<meta property="og:url" content="https://brevia.example/es/categories/philosophy?sort=newest&#38;page=2" />');
  });

  it("has no next link on the last page, and the default sort (null) stays out of the address", () => {
    const html = headHtml(
      { title: "Trending", description: "Hot", list: { page: 3, hasNext: false, params: { sort: null } } },
      origin,
      "/trending",
    );
    expect(list(html, "canonical")).toBe("https://brevia.example/trending?page=3");
    expect(list(html, "prev")).toBe("https://brevia.example/trending?page=2");
    expect(list(html, "next")).toBeUndefined();
  });

  it("follows client-side paging in the browser, and drops prev/next on a page that is no list", () => {
    document.head.innerHTML = "";
    const href = (rel: string) => [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((l) => l.getAttribute("href"));
    applyHead(document, { title: "Latest, page 2", description: "New", list: { page: 2, hasNext: true } }, origin, "/latest");
    expect(href("canonical")).toEqual(["https://brevia.example/latest?page=2"]);
    expect(href("prev")).toEqual(["https://brevia.example/latest"]);
    expect(href("next")).toEqual(["https://brevia.example/latest?page=3"]);
    applyHead(document, { title: "Latest, page 3", description: "New", list: { page: 3, hasNext: false } }, origin, "/latest");
    expect(href("prev")).toEqual(["https://brevia.example/latest?page=2"]);
    expect(href("next")).toEqual([]);
    applyHead(document, page, origin, "/microbook/walden");
    expect(href("canonical")).toEqual(["https://brevia.example/microbook/walden"]);
    expect(href("prev")).toEqual([]);
  });
});

describe("the head in the browser", () => {
  it("follows client-side navigation: from a microbook page to the home page and back", () => {
    document.head.innerHTML = "";
    applyHead(document, page, origin, "/en/microbook/walden");
    const meta = (key: string) => document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");
    expect(document.title).toBe("Walden · Brevia");
    expect(meta("og:type")).toBe("book");
    expect(meta("og:image")).toBe("https://brevia.example/covers/walden.en.og.png");
    expect(JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!)).toMatchObject({ name: "Walden" });

    applyHead(document, { title: "Brevia", description: "Grandes livros" }, origin, "/");
    expect(meta("og:type")).toBe("website");
    expect(meta("og:image")).toBe("https://brevia.example/covers/brevia.og.png");
    expect(meta("og:locale")).toBe("pt_BR");
    expect([...document.head.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) => m.getAttribute("content"))).toEqual([
      "en_US",
      "es_ES",
    ]);
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(document.head.querySelectorAll('meta[name="twitter:card"]')).toHaveLength(1);
  });
});
