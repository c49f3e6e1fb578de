import { ROUTE_NAMES, ROUTE_TABLE, routePath, type RouteName } from "@brevia/routes";
import { beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../generated/prisma/enums.js";
import { buildCategory, buildMicrobook, buildReader, makeFreeToday } from "../test/factories.js";
import { useTestServer } from "../test/http.js";
import { useWebRenderer } from "../test/web-build.js";

// Every page, rendered on the server from the web's server build, reads only the query parameters its
// route declares (@brevia/routes), and the page cache keys on the declared ones and no others: a page
// that starts reading a parameter without declaring it would share one cached entry between addresses.
const web = useWebRenderer();
const server = useTestServer({ web, responseCacheNamespace: `route-contract-${process.pid}`, resetBeforeEach: false });
const { db } = server;
let readerCookie: string;
const LANGS: Language[] = ["pt", "en", "es"];

/** A page of each route, from the fixtures below. */
const SAMPLE_PARAMS = { slug: "sample", token: "not-a-real-token", id: "sample-shared-quote", offer: "sample-offer" };

beforeAll(async () => {
  const category = await buildCategory(db.prisma, { slug: "sample" });
  const book = await buildMicrobook(db.prisma, { slug: "sample", categoryId: category.id, languages: ["en", "pt", "es"] });
  await makeFreeToday(db.prisma, book.id);
  const translations = { create: LANGS.map((language) => ({ language, title: `Sample ${language}`, description: `About ${language}` })) };
  await db.prisma.playlist.create({
    data: {
      slug: "sample",
      week: "2026-W01",
      weekStart: new Date(Date.now() - 86_400_000 * 8),
      translations,
      items: { create: [{ position: 0, microbookId: book.id }] },
    },
  });
  await db.prisma.original.create({
    data: {
      slug: "sample",
      specialistName: "Ana Souza",
      translations: {
        create: LANGS.map((language) => ({ language, title: `Sample ${language}`, specialistRole: "Professor", introduction: "Intro" })),
      },
      steps: {
        create: [{ position: 0, microbookId: book.id, translations: { create: LANGS.map((language) => ({ language, text: "Step" })) } }],
      },
    },
  });
  const reader = await buildReader(db.prisma);
  readerCookie = `brevia_session=${reader.token}`;
  // A shared highlight: the quote card's page (/quote/:id).
  await db.prisma.highlight.create({
    data: {
      userId: reader.user.id,
      microbookId: book.id,
      editionId: book.editions[0]!.id,
      language: book.editions[0]!.language,
      quote: "A sample quote",
      prefix: "",
      suffix: "",
      startOffset: 0,
      endOffset: 14,
      textVersion: "v1",
      shareId: SAMPLE_PARAMS.id,
    },
  });
});

const page = (url: string, cookie = "") =>
  server.app.inject({ url, headers: { host: "brevia.test", cookie: `i18n_redirected=pt; ${cookie}` } });

/**
 * The names of the query parameters read (get, getAll, has) while `run` runs: the page's loaders and
 * components, and the server around them. (A page that walks every parameter is not caught here.)
 */
async function queryParamsRead<T>(run: () => Promise<T>): Promise<{ result: T; names: Set<string> }> {
  const names = new Set<string>();
  const proto = URLSearchParams.prototype;
  const originals = { get: proto.get, getAll: proto.getAll, has: proto.has };
  proto.get = function (this: URLSearchParams, name: string) {
    names.add(name);
    return originals.get.call(this, name);
  };
  proto.getAll = function (this: URLSearchParams, name: string) {
    names.add(name);
    return originals.getAll.call(this, name);
  };
  proto.has = function (this: URLSearchParams, name: string, value?: string) {
    names.add(name);
    return value === undefined ? originals.has.call(this, name) : originals.has.call(this, name, value);
  };
  try {
    return { result: await run(), names };
  } finally {
    Object.assign(proto, originals);
  }
}

/** react-router's own: `?index` tells an index route's request from its parent's. */
const ROUTER_PARAMS = new Set(["index"]);

describe("the route contract", () => {
  it("lists every query parameter a page reads when it renders, and each one it renders from is read", async () => {
    const undeclared: string[] = [];
    const readBy = new Map<RouteName, Set<string>>();
    for (const name of ROUTE_NAMES) {
      const path = (routePath as (route: RouteName, params: typeof SAMPLE_PARAMS) => string)(name, SAMPLE_PARAMS);
      const { query = [], clientQuery = [] } = ROUTE_TABLE[name];
      const declared = new Set([...query, ...clientQuery, ...ROUTER_PARAMS]);
      const read = new Set<string>();
      const statuses: number[] = [];
      // As a visitor and as a signed-in reader: each guard lets one of them through to the page.
      for (const cookie of ["", readerCookie]) {
        const { result: res, names } = await queryParamsRead(() => page(path, cookie));
        statuses.push(res.statusCode);
        for (const param of names) read.add(param);
      }
      // The page itself rendered (its components read their parameters), for one of them or both.
      expect(statuses, path).toContain(200);
      for (const status of statuses) expect([200, 302], path).toContain(status);
      readBy.set(name, read);
      for (const param of read) if (!declared.has(param)) undeclared.push(`${name} (${path}) reads ?${param}`);
    }
    expect(undeclared).toEqual([]);
    // And the other way: a parameter a page is cached by is one it reads (so the recording works, too).
    for (const name of ROUTE_NAMES) {
      for (const param of ROUTE_TABLE[name].query ?? []) expect(readBy.get(name), `${name} ?${param}`).toContain(param);
    }
  });

  it("keys the page cache on the parameters a route declares, and on no other", async () => {
    const cache = async (url: string) => (await page(url)).headers["x-cache"];
    expect(await cache("/trending?page=1")).toBe("miss");
    // Not parameters of /trending: the same page.
    expect(await cache("/trending?page=1&utm_source=newsletter")).toBe("hit");
    expect(await cache("/trending?sort=newest&page=1")).toBe("hit");
    // Declared: another page.
    expect(await cache("/trending?page=1&lang=en")).toBe("miss");
    expect(await cache("/trending?lang=en&utm_source=newsletter&page=1")).toBe("hit");
    // `sort` is a parameter of a category page.
    expect(await cache("/categories/sample?page=1")).toBe("miss");
    expect(await cache("/categories/sample?page=1&sort=newest")).toBe("miss");
    expect(await cache("/categories/sample?page=1&utm_source=newsletter")).toBe("hit");
  });
});
