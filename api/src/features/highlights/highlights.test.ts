import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run, runField } from "../../test/execute.js";
import { buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";

const db = useTestDatabase();

const BODY = "The first sentence of the idea.\n\nA *second* paragraph, with the passage to keep in it. And one more sentence.";
const TEXT = "The first sentence of the idea.\n\nA second paragraph, with the passage to keep in it. And one more sentence.";
const QUOTE = "the passage to keep";

const FIELDS = /* GraphQL */ `
  __typename
  ... on Highlight { id colour note quote keyIdeaPosition startOffset endOffset detached sharePath microbook { slug } }
  ... on InvalidInputError { issues { path code } }
  ... on Error { code }
`;
type Payload = {
  __typename: string;
  id?: string;
  colour?: string;
  note?: string | null;
  quote?: string;
  keyIdeaPosition?: number | null;
  startOffset?: number;
  endOffset?: number;
  detached?: boolean;
  sharePath?: string | null;
  microbook?: { slug: string };
  code?: string;
  issues?: { path: string[]; code: string }[];
};
const CREATE = `mutation ($editionId: ID!, $keyIdeaPosition: Int, $startOffset: Int!, $quote: String!, $colour: HighlightColour, $note: String) {
  createHighlight(editionId: $editionId, keyIdeaPosition: $keyIdeaPosition, startOffset: $startOffset, quote: $quote, colour: $colour, note: $note) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $colour: HighlightColour, $note: String) { updateHighlight(id: $id, colour: $colour, note: $note) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteHighlight(id: $id) { __typename ... on DeletedHighlight { id } ... on Error { code } } }`;
const SHARE = `mutation ($id: ID!, $shared: Boolean) { shareHighlight(id: $id, shared: $shared) { ${FIELDS} } }`;

const mutate = (source: string, variables: Record<string, unknown>, token?: string) =>
  runField<Payload>(db, source, variables, { sessionToken: token });

/** A book whose key idea 1 holds BODY; locked (another is today's free one) unless `free`. */
async function book(options: { free?: boolean } = {}) {
  const microbook = await buildMicrobook(db.prisma, { languages: ["en"] });
  const edition = microbook.editions[0]!;
  await db.prisma.keyIdea.update({ where: { editionId_position: { editionId: edition.id, position: 1 } }, data: { body: BODY } });
  if (options.free) await makeFreeToday(db.prisma, microbook.id);
  else await makeFreeToday(db.prisma, (await buildMicrobook(db.prisma)).id);
  return { microbook, editionId: encodeGlobalID("MicrobookEdition", edition.id) };
}
const selection = (editionId: string, extra: Record<string, unknown> = {}) => ({
  editionId,
  keyIdeaPosition: 1,
  startOffset: TEXT.indexOf(QUOTE),
  quote: QUOTE,
  ...extra,
});

describe("highlights", () => {
  it("highlights a passage with a note, anchored in the server's text with its context", async () => {
    const { editionId, microbook } = await book();
    const { token, user } = await buildReader(db.prisma, { plan: "premium" });
    // The client's offsets are a little off: the server finds the quote nearest to them.
    const made = await mutate(CREATE, selection(editionId, { startOffset: 40, colour: "GREEN", note: "  Keep this.  " }), token);
    expect(made).toMatchObject({
      __typename: "Highlight",
      colour: "GREEN",
      note: "Keep this.",
      quote: QUOTE,
      keyIdeaPosition: 1,
      startOffset: TEXT.indexOf(QUOTE),
      endOffset: TEXT.indexOf(QUOTE) + QUOTE.length,
      detached: false,
      sharePath: null,
      microbook: { slug: microbook.slug },
    });
    const row = await db.prisma.highlight.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.prefix).toBe(TEXT.slice(TEXT.indexOf(QUOTE) - 32, TEXT.indexOf(QUOTE)));
    expect(row.suffix).toBe(TEXT.slice(TEXT.indexOf(QUOTE) + QUOTE.length).slice(0, 32));
    expect(row.textVersion).toHaveLength(22);
  });

  it("refuses a free reader a locked book, and a visitor anything; nothing is written", async () => {
    const { editionId } = await book();
    const { token } = await buildReader(db.prisma);
    expect(await mutate(CREATE, selection(editionId), token)).toMatchObject({
      __typename: "MicrobookLockedError",
      code: "MICROBOOK_LOCKED",
    });
    const visitor = await run(db, CREATE, selection(editionId));
    expect(visitor.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(await db.prisma.highlight.count()).toBe(0);
  });

  it("lets a free reader highlight today's free book", async () => {
    const { editionId } = await book({ free: true });
    const { token } = await buildReader(db.prisma);
    expect(await mutate(CREATE, selection(editionId), token)).toMatchObject({ __typename: "Highlight", quote: QUOTE });
  });

  it("answers bad input with coded issues: a quote not in the text, too long, empty; an unknown edition", async () => {
    const { editionId } = await book();
    const { token } = await buildReader(db.prisma, { plan: "premium" });
    const issues = async (extra: Record<string, unknown>) => (await mutate(CREATE, selection(editionId, extra), token)).issues;
    expect(await issues({ quote: "words the book never says" })).toEqual([{ path: ["quote"], code: "NOT_IN_TEXT" }]);
    expect(await issues({ keyIdeaPosition: 7 })).toEqual([{ path: ["keyIdeaPosition"], code: "NOT_IN_TEXT" }]);
    expect(await issues({ quote: "x".repeat(2001) })).toEqual([{ path: ["quote"], code: "TOO_LONG" }]);
    expect(await issues({ quote: "   " })).toEqual([{ path: ["quote"], code: "REQUIRED" }]);
    expect(await issues({ note: "n".repeat(2001) })).toEqual([{ path: ["note"], code: "TOO_LONG" }]);
    const unknown = await mutate(CREATE, selection(encodeGlobalID("MicrobookEdition", "nope")), token);
    expect(unknown.code).toBe("MICROBOOK_NOT_FOUND");
    expect(await db.prisma.highlight.count()).toBe(0);
  });

  it("highlights the introduction (no key idea position)", async () => {
    const { editionId, microbook } = await book();
    const { token } = await buildReader(db.prisma, { plan: "premium" });
    const intro = microbook.editions[0]!.introduction;
    const made = await mutate(CREATE, { editionId, startOffset: 0, quote: intro.slice(0, 12) }, token);
    expect(made).toMatchObject({ keyIdeaPosition: null, startOffset: 0, endOffset: 12 });
  });

  it("recolours, edits and removes the note, shares and unshares, deletes; only the owner", async () => {
    const { editionId } = await book();
    const { token } = await buildReader(db.prisma, { plan: "premium" });
    const { token: stranger } = await buildReader(db.prisma, { plan: "premium" });
    const { id } = await mutate(CREATE, selection(editionId, { note: "First thought" }), token);

    expect(await mutate(UPDATE, { id, colour: "PINK" }, token)).toMatchObject({ colour: "PINK", note: "First thought" });
    expect(await mutate(UPDATE, { id, note: "Second thought" }, token)).toMatchObject({ colour: "PINK", note: "Second thought" });
    expect(await mutate(UPDATE, { id, note: "" }, token)).toMatchObject({ note: null });
    expect((await mutate(UPDATE, { id, note: "n".repeat(2001) }, token)).issues).toEqual([{ path: ["note"], code: "TOO_LONG" }]);

    const shared = await mutate(SHARE, { id }, token);
    expect(shared.sharePath).toMatch(/^\/quote\/[A-Za-z0-9_-]{22}$/);
    expect((await mutate(SHARE, { id }, token)).sharePath).toBe(shared.sharePath);
    expect((await mutate(SHARE, { id, shared: false }, token)).sharePath).toBeNull();

    for (const [source, variables] of [
      [UPDATE, { id, colour: "BLUE" }],
      [DELETE, { id }],
      [SHARE, { id }],
    ] as const) {
      expect(await mutate(source, variables, stranger)).toMatchObject({ code: "HIGHLIGHT_NOT_FOUND" });
    }
    const node = await run<{ node: unknown }>(db, `query ($id: ID!) { node(id: $id) { id } }`, { id }, { sessionToken: stranger });
    expect(node.data?.node).toBeNull();

    expect(await mutate(DELETE, { id }, token)).toEqual({ __typename: "DeletedHighlight", id });
    expect(await mutate(DELETE, { id }, token)).toMatchObject({ code: "HIGHLIGHT_NOT_FOUND" });
  });

  it("lists a book's highlights in reading order, and the library's newest first, searchable, as a connection", async () => {
    const first = await book();
    const second = await book();
    const { token } = await buildReader(db.prisma, { plan: "premium" });
    const { token: stranger } = await buildReader(db.prisma, { plan: "premium" });
    await mutate(CREATE, selection(first.editionId, { quote: "one more sentence", startOffset: 80 }), token);
    await mutate(CREATE, selection(first.editionId, { note: "about keeping" }), token);
    await mutate(CREATE, selection(second.editionId, { quote: "The first sentence", startOffset: 0 }), token);
    await mutate(CREATE, selection(first.editionId), stranger);

    const perBook = await run<{ microbook: { viewerHighlights: { quote: string }[] } }>(
      db,
      `query ($slug: String!) { microbook(slug: $slug) { viewerHighlights { quote } } }`,
      { slug: first.microbook.slug },
      { sessionToken: token },
    );
    expect(perBook.data?.microbook.viewerHighlights.map((h) => h.quote)).toEqual([QUOTE, "one more sentence"]);
    const asVisitor = await run<{ microbook: { viewerHighlights: unknown[] } }>(
      db,
      `query ($slug: String!) { microbook(slug: $slug) { viewerHighlights { quote } } }`,
      { slug: first.microbook.slug },
    );
    expect(asVisitor.data?.microbook.viewerHighlights).toEqual([]);

    const LIBRARY = `query ($search: String, $first: Int, $after: String) { viewer { highlights(search: $search, first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { quote note } } } } }`;
    type Library = {
      viewer: {
        highlights: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; edges: { node: { quote: string } }[] };
      };
    };
    const page = await run<Library>(db, LIBRARY, { first: 2 }, { sessionToken: token });
    expect(page.data?.viewer.highlights.edges.map((e) => e.node.quote)).toEqual(["The first sentence", QUOTE]);
    expect(page.data?.viewer.highlights).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const rest = await run<Library>(
      db,
      LIBRARY,
      { first: 2, after: page.data?.viewer.highlights.pageInfo.endCursor },
      { sessionToken: token },
    );
    expect(rest.data?.viewer.highlights.edges.map((e) => e.node.quote)).toEqual(["one more sentence"]);
    const byNote = await run<Library>(db, LIBRARY, { search: "KEEPING" }, { sessionToken: token });
    expect(byNote.data?.viewer.highlights.edges.map((e) => e.node.quote)).toEqual([QUOTE]);
    const byTitle = await run<Library>(db, LIBRARY, { search: second.microbook.editions[0]!.title }, { sessionToken: token });
    expect(byTitle.data?.viewer.highlights.edges.map((e) => e.node.quote)).toEqual(["The first sentence"]);
  });

  it("shows a shared quote on a public card, at most ~300 characters and nothing around it", async () => {
    const long = `${"Word ".repeat(100)}end.`;
    const { editionId, microbook } = await book();
    await db.prisma.keyIdea.update({
      where: { editionId_position: { editionId: microbook.editions[0]!.id, position: 1 } },
      data: { body: `SECRET-before ${long} SECRET-after` },
    });
    const { token } = await buildReader(db.prisma, { plan: "premium" });
    const { id } = await mutate(CREATE, { editionId, keyIdeaPosition: 1, startOffset: 14, quote: long }, token);
    const CARD = `query ($id: String!) { quoteCard(id: $id) { id quote truncated colour language microbook { slug } } }`;
    const notShared = await run(db, CARD, { id: "a".repeat(22) });
    expect(notShared.data?.quoteCard).toBeNull();
    const { sharePath } = await mutate(SHARE, { id }, token);
    const shareId = sharePath!.split("/").pop()!;
    const card = await run<{ quoteCard: { quote: string; truncated: boolean } }>(db, CARD, { id: shareId });
    expect(card.data?.quoteCard).toMatchObject({ id: shareId, truncated: true, microbook: { slug: microbook.slug } });
    expect(card.data!.quoteCard.quote.length).toBeLessThanOrEqual(300);
    expect(card.data!.quoteCard.quote.endsWith("…")).toBe(true);
    expect(JSON.stringify(card)).not.toContain("SECRET");
  });
});
