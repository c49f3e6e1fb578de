import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { buildMicrobook, buildReader, makeFreeToday } from "../test/factories.js";
import { startTestServer, useTestServer } from "../test/http.js";
import { useWebRenderer } from "../test/web-build.js";

// Pages as the server renders them, from the web's own server build (vite build --ssr).
let premiumBook: Awaited<ReturnType<typeof buildMicrobook>>;
let freeBook: Awaited<ReturnType<typeof buildMicrobook>>;
let premiumToken: string;
const ASSET_SOURCE = `export const answer = ${JSON.stringify("x".repeat(4000))};`;
const MANIFEST = {
  "index.html": { file: "assets/index-test.js", isEntry: true, dynamicImports: ["src/start.tsx"] },
  "src/start.tsx": {
    file: "assets/start-test.js",
    imports: ["_react-test.js"],
    dynamicImports: ["src/routes/microbook/MicrobookPage.tsx"],
  },
  "_react-test.js": { file: "assets/react-test.js" },
  "_card-test.js": { file: "assets/card-test.js", imports: ["_react-test.js"] },
  "src/routes/microbook/MicrobookPage.tsx": { file: "assets/MicrobookPage-test.js", imports: ["_card-test.js", "src/start.tsx"] },
  "src/routes/home/Home.tsx": { file: "assets/Home-test.js", imports: ["_card-test.js"] },
  "src/locales/en.po": { file: "assets/en-test.js" },
  "src/locales/pt.po": { file: "assets/pt-test.js" },
};

const web = useWebRenderer({
  distFiles: {
    // A built asset and its precompressed copy, as the build leaves them (the static files are listed at start).
    "assets/app-test.js": ASSET_SOURCE,
    "assets/app-test.js.br": brotliCompressSync(ASSET_SOURCE),
    // The client build's manifest (names of the chunks a page preloads).
    ".vite/manifest.json": JSON.stringify(MANIFEST),
  },
});
// The origin the pages link to (PUBLIC_URL; the Host header is never used).
const server = useTestServer({
  web,
  env: { PUBLIC_URL: "http://brevia.test" },
  responseCacheNamespace: `ssr-${process.pid}`,
  resetBeforeEach: false,
});
const { db } = server;

beforeAll(async () => {
  premiumBook = await buildMicrobook(db.prisma, { slug: "ssr-premium", languages: ["en", "pt"] });
  freeBook = await buildMicrobook(db.prisma, { slug: "ssr-free" });
  await makeFreeToday(db.prisma, freeBook.id);
  premiumToken = (await buildReader(db.prisma, { plan: "premium" })).token;
});

const title = (book: typeof premiumBook, language: string) => book.editions.find((e) => e.language === language)!.title;
const page = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ url, headers: { host: "brevia.test", ...headers } });

describe("pages rendered on the server", () => {
  it("renders a microbook page in its language, with its head", async () => {
    const res = await page("/en/microbook/ssr-premium", { cookie: "i18n_redirected=en" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<title>${title(premiumBook, "en")} · Brevia</title>`);
    expect(html).toContain('<meta name="description" content="Subtitle');
    expect(html).toContain('<link rel="canonical" href="http://brevia.test/en/microbook/ssr-premium" />');
    expect(html).toContain('<meta property="og:url" content="http://brevia.test/en/microbook/ssr-premium" />');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+ · Brevia" \/>/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta property="og:type" content="book" />');
    expect(html).toContain('<meta property="og:image" content="http://brevia.test/covers/ssr-premium.en.og.png" />');
    expect(html).toContain('<meta name="twitter:image" content="http://brevia.test/covers/ssr-premium.en.og.png" />');
    expect(html).toContain('<meta property="og:locale" content="en_US" />');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      "@type": "Book",
      name: title(premiumBook, "en"),
      author: { "@type": "Person" },
      inLanguage: "en",
      url: "http://brevia.test/en/microbook/ssr-premium",
      image: "http://brevia.test/covers/ssr-premium.en.og.png",
      datePublished: String(premiumBook.publishedYear),
    });
    for (const [lang, href] of [
      ["pt", "/microbook/ssr-premium"],
      ["en", "/en/microbook/ssr-premium"],
      ["es", "/es/microbook/ssr-premium"],
      ["x-default", "/microbook/ssr-premium"],
    ]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="http://brevia.test${href}" />`);
    }
    // The page itself, not an empty root: the title in the heading, and the cache state for hydration.
    expect(html).toContain(`<h1 lang="en">${title(premiumBook, "en")}</h1>`);
    expect(html).toMatch(/<script type="application\/json" id="brevia-state">\{.*"ROOT_QUERY"/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The page's own chunks and messages, for the browser's entry to preload beside the app (not the app's).
    expect(html).toContain(
      '<script type="application/json" id="brevia-preload">["/assets/MicrobookPage-test.js","/assets/card-test.js","/assets/en-test.js"]</script>',
    );
  });

  it("links a preview image that the server draws, 1200×630", async () => {
    const html = (await page("/en/microbook/ssr-premium", { cookie: "i18n_redirected=en" })).body;
    const image = /<meta property="og:image" content="http:\/\/brevia\.test([^"]+)"/.exec(html)![1]!;
    const res = await page(image);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect([res.rawPayload.readUInt32BE(16), res.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it("gives the home page the site's preview", async () => {
    const html = (await page("/en", { cookie: "i18n_redirected=en" })).body;
    expect(html).toContain('<meta property="og:type" content="website" />');
    expect(html).toContain('<meta property="og:image" content="http://brevia.test/covers/brevia.og.png" />');
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain("application/ld+json");
  });

  it("renders Portuguese without a prefix", async () => {
    const res = await page("/microbook/ssr-premium", { cookie: "i18n_redirected=pt", "accept-language": "pt-BR" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="pt-BR">');
    expect(res.body).toContain(`<h1 lang="pt">${title(premiumBook, "pt")}</h1>`);
    expect(res.body).toContain('<link rel="canonical" href="http://brevia.test/microbook/ssr-premium" />');
  });

  it("names the author as the page's language does, in the byline and the structured data", async () => {
    const book = await buildMicrobook(db.prisma, { slug: "ssr-meditations", languages: ["en", "pt"] });
    await db.prisma.author.update({
      where: { id: book.authorId },
      data: { name: "Marcus Aurelius", translations: { create: [{ language: "pt", name: "Marco Aurélio", sortName: "Marco Aurélio" }] } },
    });
    const pt = await page("/microbook/ssr-meditations", { cookie: "i18n_redirected=pt", "accept-language": "pt-BR" });
    expect(pt.body).toContain('<p class="microbook__author">Marco Aurélio</p>');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(pt.body)![1]!) as Record<string, unknown>;
    expect(JSON.stringify(jsonLd)).toContain('"Marco Aurélio"');
    expect(JSON.stringify(jsonLd)).not.toContain("Marcus Aurelius");
    const en = await page("/en/microbook/ssr-meditations", { cookie: "i18n_redirected=en" });
    expect(en.body).toContain('<p class="microbook__author">Marcus Aurelius</p>');
  });

  it("answers 404 with the not-found page for an unknown microbook or path", async () => {
    for (const url of ["/en/microbook/no-such-book", "/en/no-such-page"]) {
      const res = await page(url, { cookie: "i18n_redirected=en" });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<html lang="en">');
      expect(res.body, url).toContain("<title>Page not found · Brevia</title>");
      expect(res.body, url).toContain("We couldn&#x27;t find the page you were looking for.");
      expect(res.headers["x-cache"], url).toBe("miss");
      expect((await page(url, { cookie: "i18n_redirected=en" })).headers["x-cache"], url).toBe("miss");
    }
  });

  it("keeps a premium text out of a visitor's page, and renders it for a premium reader, privately", async () => {
    const visitor = await page("/en/microbook/ssr-premium", { cookie: "i18n_redirected=en" });
    expect(visitor.body).toContain("Idea 1");
    expect(visitor.body).not.toContain("Body 1 (en)");
    expect(visitor.body).not.toContain("Introduction");
    expect(visitor.headers["cache-control"]).toMatch(/^public/);

    const reader = await page("/en/microbook/ssr-premium", { cookie: `i18n_redirected=en; brevia_session=${premiumToken}` });
    expect(reader.statusCode).toBe(200);
    expect(reader.body).toContain("Body 1 (en)");
    expect(reader.headers["cache-control"]).toBe("private, no-store");
    expect(reader.headers["x-cache"]).toBeUndefined();
  });

  it("keeps a visitor's rendered page in the response cache until the catalogue changes", async () => {
    const first = await page("/en/microbook/ssr-free", { cookie: "i18n_redirected=en" });
    const second = await page("/en/microbook/ssr-free", { cookie: "i18n_redirected=en" });
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "hit"]);
    expect(second.body).toBe(first.body);
    await db.prisma.microbookEdition.update({ where: { id: freeBook.editions[0]!.id }, data: { title: "Retitled" } });
    const after = await page("/en/microbook/ssr-free", { cookie: "i18n_redirected=en" });
    expect(after.headers["x-cache"]).toBe("miss");
    expect(after.body).toContain('<h1 lang="en">Retitled</h1>');
  });
});

describe("HTTP caching and compression", () => {
  it("sends a visitor's page no-cache with an ETag, and 304 when it has not changed", async () => {
    const first = await page("/en/microbook/ssr-premium", { cookie: "i18n_redirected=en" });
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page("/en/microbook/ssr-premium", { cookie: "i18n_redirected=en", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await page("/en/microbook/ssr-premium", { cookie: "i18n_redirected=en", "if-none-match": '"stale"' });
    expect(other.statusCode).toBe(200);
  });

  it("compresses pages for a browser that accepts brotli or gzip", async () => {
    const plain = await page("/en/microbook/ssr-premium", { cookie: "i18n_redirected=en" });
    for (const [accept, encoding, decode] of [
      ["br, gzip", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
      ["br;q=0, gzip;q=0.5", "gzip", gunzipSync],
    ] as const) {
      const res = await page("/en/microbook/ssr-premium", { cookie: "i18n_redirected=en", "accept-encoding": accept });
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(decode(res.rawPayload).toString("utf8"), accept).toBe(plain.body);
    }
  });

  it("serves hashed assets for a year, precompressed by the build", async () => {
    const res = await page("/assets/app-test.js", { "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString("utf8")).toBe(ASSET_SOURCE);
  });
});

describe("the page's data in the HTML", () => {
  it("cannot end its script element, whatever the catalogue says", async () => {
    const hostile = "</script><script>alert(1)</script><!--";
    const book = await buildMicrobook(db.prisma, { slug: "ssr-hostile" });
    await db.prisma.microbookEdition.update({ where: { id: book.editions[0]!.id }, data: { subtitle: hostile } });
    const res = await page("/en/microbook/ssr-hostile", { cookie: "i18n_redirected=en" });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert(1)");
    const state = /<script type="application\/json" id="brevia-state">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(JSON.stringify(JSON.parse(state!))).toContain(JSON.stringify(hostile).slice(1, -1));
  });

  it("cannot end the book's JSON-LD either", async () => {
    const hostile = "</script><script>alert(1)</script><!--";
    const book = await buildMicrobook(db.prisma, { slug: "ssr-hostile-ld" });
    await db.prisma.microbookEdition.update({ where: { id: book.editions[0]!.id }, data: { title: hostile, subtitle: hostile } });
    const res = await page("/en/microbook/ssr-hostile-ld", { cookie: "i18n_redirected=en" });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert(1)");
    expect(res.body).not.toContain("<!--");
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({ name: hostile, description: hostile });
  });
});

describe("PUBLIC_URL", () => {
  it("is the origin of every link in the page, whatever the Host header says", async () => {
    const { app: proxied } = await startTestServer(db, {
      web,
      env: { PUBLIC_URL: "https://brevia.example/" },
      responseCacheNamespace: `ssr-public-${process.pid}`,
    });
    try {
      const res = await proxied.inject({
        url: "/en/microbook/ssr-premium",
        headers: { host: "app-internal:3000", cookie: "i18n_redirected=en", "x-forwarded-proto": "http" },
      });
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain('<link rel="canonical" href="https://brevia.example/en/microbook/ssr-premium" />');
      expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://brevia.example/microbook/ssr-premium" />');
      expect(html).toContain('<meta property="og:url" content="https://brevia.example/en/microbook/ssr-premium" />');
      expect(html).toContain('<meta property="og:image" content="https://brevia.example/covers/ssr-premium.en.og.png" />');
      expect(html).not.toContain("app-internal");
    } finally {
      await proxied.close();
    }
  });
});

describe("the language of a first visit", () => {
  it("redirects to the browser's language and remembers it for a year", async () => {
    const res = await page("/microbook/ssr-premium", { "accept-language": "es-MX,es;q=0.9,en;q=0.8" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/es/microbook/ssr-premium");
    expect(res.headers["set-cookie"]).toBe("i18n_redirected=es; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const home = await page("/", { "accept-language": "fr-FR, en;q=0.5" });
    expect([home.statusCode, home.headers.location]).toEqual([302, "/en"]);
  });

  it("stays in Portuguese for a Portuguese or unsupported browser", async () => {
    for (const acceptLanguage of ["pt-BR,pt;q=0.9", "fr-FR", ""]) {
      const res = await page("/", { "accept-language": acceptLanguage });
      expect(res.statusCode, acceptLanguage).toBe(200);
      expect(res.body).toContain('<html lang="pt-BR">');
    }
  });

  it("lets the remembered language win over the browser's", async () => {
    const stay = await page("/", { cookie: "i18n_redirected=pt", "accept-language": "es" });
    expect(stay.statusCode).toBe(200);
    expect(stay.body).toContain('<html lang="pt-BR">');
    const back = await page("/", { cookie: "i18n_redirected=en", "accept-language": "pt-BR" });
    expect([back.statusCode, back.headers.location]).toEqual([302, "/en"]);
    // A prefixed page is shown in its own language whatever the cookie says.
    const prefixed = await page("/es/microbook/ssr-premium", { cookie: "i18n_redirected=en", "accept-language": "en" });
    expect(prefixed.statusCode).toBe(200);
    expect(prefixed.body).toContain('<html lang="es">');
  });
});
