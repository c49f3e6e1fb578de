import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildAudioTrack, buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";

const db = useTestDatabase();

const PAGE = /* GraphQL */ `
  query ($slug: String!, $language: Language) {
    microbook(slug: $slug) {
      slug
      languages
      category {
        name
      }
      edition(language: $language) {
        language
        title
        access
        keyIdeas {
          position
          title
        }
        content {
          introduction
          keyIdeas {
            position
            body
          }
        }
      }
      similar {
        slug
      }
    }
  }
`;
type Page = {
  microbook: {
    slug: string;
    languages: string[];
    category: { name: string };
    edition: {
      language: string;
      title: string;
      access: string;
      keyIdeas: { position: number; title: string }[];
      content: { introduction: string; keyIdeas: { position: number; body: string }[] } | null;
    };
    similar: { slug: string }[];
  } | null;
};

describe("microbook page", () => {
  it("answers in the requested language, with the category named in the interface language", async () => {
    await buildMicrobook(db.prisma, { slug: "walden", languages: ["en", "es"] });
    const result = await run<Page>(db, PAGE, { slug: "walden", language: "es" }, { acceptLanguage: "es" });
    expect(result.errors).toBeUndefined();
    expect(result.data?.microbook?.edition.language).toBe("es");
    expect(result.data?.microbook?.category.name).toMatch(/^Categoría/);
    expect(result.data?.microbook?.languages.sort()).toEqual(["en", "es"]);
  });

  it("falls back to English when the language is not published", async () => {
    await buildMicrobook(db.prisma, { slug: "walden", languages: ["en"] });
    const result = await run<Page>(db, PAGE, { slug: "walden", language: "pt" });
    expect(result.data?.microbook?.edition.language).toBe("en");
  });

  it("falls back along the reader's languages: the first the book is published in", async () => {
    await buildMicrobook(db.prisma, { slug: "walden", languages: ["pt", "es"] });
    const edition = async (acceptLanguage: string) =>
      (await run<Page>(db, PAGE, { slug: "walden", language: "en" }, { acceptLanguage })).data?.microbook?.edition.language;
    // en is not published: then the interface language, then en, pt, es.
    expect(await edition("es")).toBe("es");
    expect(await edition("pt")).toBe("pt");
    expect(await edition("en")).toBe("pt");
  });

  it("gives each aliased edition in its own language, its text to a premium reader", async () => {
    await buildMicrobook(db.prisma, { slug: "walden", languages: ["en", "pt", "es"] });
    const { token } = await buildReader(db.prisma, { plan: "premium" });
    const result = await run<{ microbook: Record<"en" | "es", { language: string; content: { introduction: string } }> }>(
      db,
      `query ($slug: String!) {
        microbook(slug: $slug) {
          en: edition(language: en) { language content { introduction } }
          es: edition(language: es) { language content { introduction } }
        }
      }`,
      { slug: "walden" },
      { sessionToken: token },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.microbook.en).toEqual({ language: "en", content: { introduction: expect.stringMatching(/\(en\)$/) } });
    expect(result.data?.microbook.es).toEqual({ language: "es", content: { introduction: expect.stringMatching(/\(es\)$/) } });
  });

  it("is null for an unknown or malformed slug", async () => {
    expect((await run<Page>(db, PAGE, { slug: "nope" })).data?.microbook).toBeNull();
    expect((await run<Page>(db, PAGE, { slug: "../etc" })).data?.microbook).toBeNull();
  });
});

describe("premium text", () => {
  it("is locked for a visitor and a free user: key-idea titles only", async () => {
    const [free, locked] = [await buildMicrobook(db.prisma), await buildMicrobook(db.prisma, { slug: "locked" })];
    await makeFreeToday(db.prisma, free.id);
    const { token } = await buildReader(db.prisma);
    for (const sessionToken of [undefined, token]) {
      const edition = (await run<Page>(db, PAGE, { slug: locked.slug }, { sessionToken })).data?.microbook?.edition;
      expect(edition?.access).toBe("LOCKED");
      expect(edition?.content).toBeNull();
      expect(edition?.keyIdeas.map((k) => k.title)).toEqual(["Idea 1", "Idea 2"]);
    }
  });

  it("cannot be reached through the node field either", async () => {
    const locked = await buildMicrobook(db.prisma, { slug: "locked" });
    await makeFreeToday(db.prisma, (await buildMicrobook(db.prisma)).id);
    const { data } = await run<{ microbook: { edition: { id: string } } }>(db, `{ microbook(slug: "locked") { edition { id } } }`);
    const viaNode = await run<{ node: { content: unknown } }>(
      db,
      `query ($id: ID!) { node(id: $id) { ... on MicrobookEdition { content { introduction keyIdeas { body } } } } }`,
      { id: data!.microbook.edition.id },
    );
    expect(viaNode.errors).toBeUndefined();
    expect(viaNode.data?.node).toEqual({ content: null });
    expect(locked.slug).toBe("locked");
  });

  it("is open to everyone for today's free microbook", async () => {
    const book = await buildMicrobook(db.prisma, { slug: "free" });
    await makeFreeToday(db.prisma, book.id);
    const edition = (await run<Page>(db, PAGE, { slug: "free" })).data?.microbook?.edition;
    expect(edition?.access).toBe("FREE_TODAY");
    expect(edition?.content?.introduction).toMatch(/^Introduction/);
    expect(edition?.content?.keyIdeas[0]?.body).toBe("Body 1 (en)");
  });

  it("picks the same free microbook all day, and only books with text", async () => {
    await buildMicrobook(db.prisma);
    await buildMicrobook(db.prisma);
    const query = `{ freeMicrobookToday { slug } }`;
    const now = new Date("2026-11-22T08:00:00Z");
    const first = await run<{ freeMicrobookToday: { slug: string } }>(db, query, {}, { now });
    const later = await run<{ freeMicrobookToday: { slug: string } }>(db, query, {}, { now: new Date("2026-11-22T23:59:00Z") });
    expect(first.data?.freeMicrobookToday.slug).toBeDefined();
    expect(later.data?.freeMicrobookToday.slug).toBe(first.data?.freeMicrobookToday.slug);
  });

  it("prefers a narrated microbook, and never picks one without an edition", async () => {
    const query = `{ freeMicrobookToday { slug } }`;
    const pickOn = async (day: number) =>
      (await run<{ freeMicrobookToday: { slug: string } }>(db, query, {}, { now: new Date(Date.UTC(2026, 10, day, 9)) })).data
        ?.freeMicrobookToday.slug;
    const withText = await buildMicrobook(db.prisma, { slug: "with-text" });
    await db.prisma.microbook.create({
      data: { slug: "no-edition", category: { connect: { id: withText.categoryId } }, author: { create: { slug: "a-x", name: "X" } } },
    });
    for (const day of [1, 2, 3, 4, 5, 6]) expect(await pickOn(day)).toBe("with-text");

    for (let i = 0; i < 4; i++) await buildMicrobook(db.prisma);
    const narrated = await buildMicrobook(db.prisma, { slug: "narrated" });
    await buildAudioTrack(db.prisma, narrated.editions[0]!.id, { fileName: "narrated.en.opus" });
    for (const day of [11, 12, 13, 14, 15, 16]) expect(await pickOn(day)).toBe("narrated");
  });
});

describe("no N+1", () => {
  it("loads the latest list with the same statements for 2 or 8 microbooks", async () => {
    const query = `{ latestMicrobooks(first: 20) { nodes { slug author { name } category { name } edition { title coverUrl } } } }`;
    const count = async () => (await db.recorder.capture(() => run(db, query))).statements.length;
    for (let i = 0; i < 2; i++) await buildMicrobook(db.prisma);
    const few = await count();
    for (let i = 0; i < 6; i++) await buildMicrobook(db.prisma);
    expect(await count()).toBe(few);
  });
});

describe("updateLanguagePreferences", () => {
  const MUTATION = `mutation ($ui: Language, $content: Language) {
    updateLanguagePreferences(interfaceLanguage: $ui, contentLanguage: $content) {
      __typename
      ... on Viewer { interfaceLanguage contentLanguage }
      ... on InvalidInputError { code issues { code } }
    }
  }`;

  it("requires a signed-in reader", async () => {
    const result = await run(db, MUTATION, { ui: "es" });
    expect(result.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("tells a visitor to sign in before judging their input", async () => {
    // Invalid input ({}: nothing to update) from a visitor: auth runs first, so no InvalidInputError.
    const result = await run(db, MUTATION, {});
    expect(result.data).toBeNull();
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
  });

  it("changes the reader's languages", async () => {
    const { token } = await buildReader(db.prisma);
    const result = await run<{ updateLanguagePreferences: { __typename: string; interfaceLanguage: string; contentLanguage: string } }>(
      db,
      MUTATION,
      { ui: "es", content: "en" },
      { sessionToken: token },
    );
    expect(result.data?.updateLanguagePreferences).toEqual({ __typename: "Viewer", interfaceLanguage: "es", contentLanguage: "en" });
  });

  it("returns a typed error and changes nothing when given nothing to change", async () => {
    const { user, token } = await buildReader(db.prisma);
    const result = await run<{ updateLanguagePreferences: { __typename: string; code: string; issues: { code: string }[] } }>(
      db,
      MUTATION,
      {},
      { sessionToken: token },
    );
    expect(result.data?.updateLanguagePreferences).toMatchObject({
      __typename: "InvalidInputError",
      code: "INVALID_INPUT",
      issues: [{ code: "NOTHING_TO_UPDATE" }],
    });
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).interfaceLanguage).toBe("pt");
  });

  it("ignores an expired session", async () => {
    const { token } = await buildReader(db.prisma, { sessionExpiresAt: new Date(Date.now() - 1000) });
    expect((await run(db, MUTATION, { ui: "es" }, { sessionToken: token })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});
