import {
  getNamedType,
  isEnumType,
  isInterfaceType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLNamedType,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { schema } from "../../schema/index.js";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";

/**
 * Premium text (introductions, key-idea texts, audio URLs) may come out of the API only through the
 * types the access policy guards, each reachable only through the fields named here. A new field that
 * returns premium text from anywhere else fails this file: the query below is generated from the
 * schema (every field of every type reachable from Query, a few levels deep), run as each kind of
 * reader over books whose text is marked.
 */
const PREMIUM_TEXT_TYPES: Record<string, string[]> = {
  EditionContent: ["MicrobookEdition.content"],
  KeyIdeaText: ["EditionContent.keyIdeas"],
  // A passage of a key idea's text that matched the search: built only for editions the policy lets the reader read.
  SearchSnippet: ["SearchHighlights.snippet"],
};

/** Every field, on any type, whose (unwrapped) type is `typeName`. */
function fieldsReturning(typeName: string): string[] {
  return Object.values(schema.getTypeMap()).flatMap((type) =>
    isObjectType(type) || isInterfaceType(type)
      ? Object.values(type.getFields())
          .filter((field) => getNamedType(field.type).name === typeName)
          .map((field) => `${type.name}.${field.name}`)
      : [],
  );
}

/** Values for the arguments the generated query must give; a field whose required argument has none is left out. */
type ArgValues = Record<string, unknown>;
function argumentValue(arg: GraphQLArgument, values: ArgValues): string | undefined {
  if (arg.name in values) {
    const value = values[arg.name];
    return isEnumType(getNamedType(arg.type)) && typeof value === "string" ? value : JSON.stringify(value);
  }
  if (!isNonNullType(arg.type) || arg.defaultValue !== undefined) return undefined;
  const named = getNamedType(arg.type);
  if (isEnumType(named)) return named.getValues()[0]!.name;
  return undefined;
}

/** A selection of every field of `type` (and of each possible type of an abstract one), `depth` levels deep. */
function selectAll(type: GraphQLNamedType, depth: number, values: ArgValues): string {
  if (isLeafType(type)) return "";
  if (isUnionType(type) || isInterfaceType(type)) {
    const possible = schema.getPossibleTypes(type);
    return `{ __typename ${possible.map((member) => `... on ${member.name} ${selectAll(member, depth, values)}`).join(" ")} }`;
  }
  if (!isObjectType(type)) return "";
  const fields = Object.values(type.getFields()).flatMap((field: GraphQLField<unknown, unknown>) => {
    const args = field.args.map((arg) => [arg, argumentValue(arg, values)] as const);
    if (args.some(([arg, value]) => value === undefined && isNonNullType(arg.type) && arg.defaultValue === undefined)) return [];
    const given = args.filter(([, value]) => value !== undefined).map(([arg, value]) => `${arg.name}: ${value}`);
    const named = getNamedType(field.type);
    const head = given.length ? `${field.name}(${given.join(", ")})` : field.name;
    if (isLeafType(named) || isScalarType(named)) return [head];
    if (depth === 0) return [];
    const nested = selectAll(named, depth - 1, values);
    return nested ? [`${head} ${nested}`] : [];
  });
  return `{ __typename ${fields.join(" ")} }`;
}

const db = useTestDatabase({ resetBeforeEach: false });
const readers: Record<string, string | undefined> = {};
let lockedEditionId = "";

beforeAll(async () => {
  const category = await buildCategory(db.prisma, { slug: "ideas" });
  for (const slug of ["free-book", "locked-book"]) {
    const book = await buildMicrobook(db.prisma, { slug, categoryId: category.id, languages: ["en", "pt"] });
    for (const edition of book.editions) {
      await db.prisma.microbookEdition.update({ where: { id: edition.id }, data: { introduction: `SECRET-intro-${slug}` } });
      await db.prisma.keyIdea.updateMany({
        where: { editionId: edition.id },
        data: { body: `Zanzibarian lighthouse keepers SECRET-body-${slug}` },
      });
      await db.prisma.audioTrack.create({
        data: {
          editionId: edition.id,
          fileName: `SECRET-audio-${slug}.${edition.language}.opus`,
          mimeType: "audio/ogg",
          byteSize: 1,
          durationSeconds: 60,
          chapters: [],
        },
      });
    }
    if (slug === "free-book") await makeFreeToday(db.prisma, book.id);
    else lockedEditionId = Buffer.from(`MicrobookEdition:${book.editions[0]!.id}`).toString("base64");
  }
  const [free, premium, lapsed] = await Promise.all([
    buildReader(db.prisma),
    buildReader(db.prisma, { plan: "premium" }),
    buildReader(db.prisma, { plan: "lapsed" }),
  ]);
  // The lapsed subscriber started the locked book while subscribed: it is in their lists.
  const locked = await db.prisma.microbook.findUniqueOrThrow({ where: { slug: "locked-book" } });
  await db.prisma.userBookState.create({
    data: { userId: lapsed.user.id, microbookId: locked.id, status: "READING", startedAt: new Date(), isFavourite: true },
  });
  readers.visitor = undefined;
  readers["free user"] = free.token;
  readers["lapsed subscriber"] = lapsed.token;
  readers["premium reader"] = premium.token;
});

/** Every marked string in an answer, with the types of the objects it sits in (outermost first). */
function markedStrings(data: unknown): { secret: string; types: string[] }[] {
  const found: { secret: string; types: string[] }[] = [];
  const visit = (value: unknown, types: string[]) => {
    if (typeof value === "string") {
      for (const secret of value.match(/SECRET-\w+-[\w-]+?(?=[.\s]|$)/g) ?? []) found.push({ secret, types });
    } else if (Array.isArray(value)) value.forEach((item) => visit(item, types));
    else if (value && typeof value === "object") {
      const node = value as Record<string, unknown>;
      const here = typeof node.__typename === "string" ? [...types, node.__typename] : types;
      for (const child of Object.values(node)) visit(child, here);
    }
  };
  visit(data, []);
  return found;
}

describe("premium text", () => {
  it("is reachable only through the fields the access policy guards", () => {
    for (const [type, fields] of Object.entries(PREMIUM_TEXT_TYPES)) expect(fieldsReturning(type), type).toEqual(fields);
  });

  const values: ArgValues = { slug: "locked-book", query: "zanzibarian", id: "", ids: [], language: "en", first: 5 };
  const rootFields = Object.values(schema.getQueryType()!.getFields()).map((field) => field.name);

  it.each(Object.keys({ visitor: 1, "free user": 1, "lapsed subscriber": 1, "premium reader": 1 }))(
    "comes out for a %s only inside those types, and only for the books they may read",
    async (reader) => {
      const answerValues = { ...values, id: lockedEditionId, ids: [lockedEditionId] };
      const document = `query Everything ${selectAll(schema.getQueryType()!, 4, answerValues)}`;
      expect(
        rootFields.every((name) => document.includes(` ${name}`)),
        "every root field is asked for",
      ).toBe(true);
      const result = await run(db, document, {}, { sessionToken: readers[reader], acceptLanguage: "en" });
      // Refusals for the wrong reader (a visitor's `viewer` is null) are answers, not errors.
      expect(result.errors ?? []).toEqual([]);
      const marked = markedStrings(result.data);
      const outside = marked.filter(({ types }) => !types.some((type) => type in PREMIUM_TEXT_TYPES));
      expect(outside).toEqual([]);
      const books = new Set(marked.map(({ secret }) => secret.replace(/^SECRET-\w+-/, "").replace(/\.(en|pt)\.opus.*$/, "")));
      expect([...books].sort()).toEqual(reader === "premium reader" ? ["free-book", "locked-book"] : ["free-book"]);
    },
  );
});
