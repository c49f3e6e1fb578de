import type { Context } from "../../context.js";
import { jsonTimestamp } from "../../db/json-timestamps.js";
import { Prisma } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";
import { bestEditionWhere, languageOrder } from "../catalog/catalog.schema.js";

const { sql } = Prisma;

// The library page's cards are read by the statement that reads the page's ids (and the tab counts):
// one statement for the whole page instead of ids, then a Prisma query for the books. Measured on the
// bench's library page (20 books): Prisma's query building and result mapping were a quarter of the
// request's CPU, and its statement (an edition's language fallback as NOT EXISTS per language) the
// costliest the database ran. A selection this statement does not cover is read by Prisma as before.

/** What the cards statement reads, as the Prisma selection it stands for: fields, and relations with their filter. */
type Shape = {
  fields: readonly string[];
  relations?: Record<string, { where?: unknown; take?: number; shape: Shape }>;
};

/** What the cards statement needs of the request: the reader, the languages and the interface locale. */
export type CardsRequest = { viewerId: string; languages: readonly Language[]; locale: Language };

function cardShape(request: CardsRequest): Shape {
  return {
    fields: ["id", "slug"],
    relations: {
      author: {
        shape: {
          fields: ["id", "name"],
          relations: {
            translations: { where: { language: request.locale }, shape: { fields: ["language", "name", "sortName"] } },
          },
        },
      },
      editions: {
        where: bestEditionWhere([...request.languages]),
        shape: {
          fields: ["id", "language", "microbookId", "title", "readingMinutes"],
          relations: { audio: { shape: { fields: ["id", "durationSeconds"] } } },
        },
      },
      userStates: {
        where: { userId: request.viewerId },
        take: 1,
        shape: { fields: ["isFavourite", "status", "progress", "favouritedAt", "startedAt", "finishedAt"] },
      },
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether a Prisma `select` asks for nothing beyond `shape` (same filters): anything else is Prisma's to read. */
function covers(shape: Shape, select: unknown): boolean {
  if (!isObject(select)) return false;
  for (const [key, value] of Object.entries(select)) {
    if (value === false || value === undefined) continue;
    if (value === true) {
      if (!shape.fields.includes(key)) return false;
      continue;
    }
    const relation = shape.relations?.[key];
    if (!relation || !isObject(value)) return false;
    const { select: nested, where, take, ...other } = value;
    if (Object.keys(other).length > 0 || nested === undefined) return false;
    if (take !== relation.take || JSON.stringify(where) !== JSON.stringify(relation.where)) return false;
    if (!covers(relation.shape, nested)) return false;
  }
  return true;
}

/**
 * The cards request when the connection's nodes (their Prisma query, as Pothos plans it) ask for no
 * more than a card: the microbook card, its reading state and access. Otherwise undefined.
 */
export function cardsRequestFor(ctx: Context, viewerId: string, query: { select?: unknown; include?: unknown }): CardsRequest | undefined {
  const request: CardsRequest = { viewerId, languages: languageOrder(ctx, null), locale: ctx.locale };
  if (query.include !== undefined || !covers(cardShape(request), query.select)) return undefined;
  return request;
}

/**
 * The cards of the microbooks of `ids` (an expression of a text[] in page order, e.g. the page CTE),
 * as one JSON array in that order, shaped as Prisma answers the card selection.
 */
export function cardsSelect(ids: Prisma.Sql, request: CardsRequest): Prisma.Sql {
  const languages = [...request.languages] as string[];
  return sql`
    SELECT COALESCE(json_agg(json_build_object(
      'id', m."id", 'slug', m."slug",
      'author', json_build_object('id', a."id", 'name', a."name", 'translations', COALESCE((
        SELECT json_agg(json_build_object('language', t."language", 'name', t."name", 'sortName', t."sortName"))
        FROM "AuthorTranslation" AS t WHERE t."authorId" = a."id" AND t."language" = ${request.locale}::"Language"), '[]')),
      /* The edition in the reader's first language the book is published in: bestEditionWhere's row. */
      'editions', COALESCE((
        SELECT json_agg(json_build_object('id', e."id", 'language', e."language", 'microbookId', e."microbookId",
          'title', e."title", 'readingMinutes', e."readingMinutes",
          'audio', CASE WHEN au."id" IS NULL THEN NULL ELSE json_build_object('id', au."id", 'durationSeconds', au."durationSeconds") END))
        FROM (SELECT e0."id", e0."language", e0."microbookId", e0."title", e0."readingMinutes" FROM "MicrobookEdition" AS e0
              WHERE e0."microbookId" = m."id" AND e0."language"::text = ANY(${languages}::text[])
              ORDER BY array_position(${languages}::text[], e0."language"::text) LIMIT 1) AS e
        LEFT JOIN "AudioTrack" AS au ON au."editionId" = e."id"), '[]'),
      'userStates', COALESCE((
        SELECT json_agg(json_build_object('isFavourite', u."isFavourite", 'status', u."status", 'progress', u."progress",
          'favouritedAt', u."favouritedAt", 'startedAt', u."startedAt", 'finishedAt', u."finishedAt"))
        FROM "UserBookState" AS u WHERE u."userId" = ${request.viewerId} AND u."microbookId" = m."id"), '[]')
    ) ORDER BY p."n"), '[]')
    FROM unnest(${ids}) WITH ORDINALITY AS p("id", "n")
    JOIN "Microbook" AS m ON m."id" = p."id" JOIN "Author" AS a ON a."id" = m."authorId"`;
}

type CardState = Record<"favouritedAt" | "startedAt" | "finishedAt", string | Date | null> & Record<string, unknown>;
export type CardRow = { id: string; userStates: CardState[] } & Record<string, unknown>;

const utc = (value: string | Date | null) => (typeof value === "string" ? jsonTimestamp(value) : value);

/** The statement's cards as Prisma's rows: its timestamps as Dates. */
export function cardRows(cards: CardRow[]): CardRow[] {
  for (const card of cards) {
    for (const state of card.userStates) {
      state.favouritedAt = utc(state.favouritedAt);
      state.startedAt = utc(state.startedAt);
      state.finishedAt = utc(state.finishedAt);
    }
  }
  return cards;
}
