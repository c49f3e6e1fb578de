import type { Context } from "../../context.js";
import { oneLine } from "../../db/one-line.js";
import { Prisma } from "../../generated/prisma/client.js";
import { goalCategoryPairs } from "../onboarding/goals.js";

const { sql } = Prisma;

/**
 * Points a candidate book earns from each signal. A signal book is one the reader favourited, started,
 * read, or chose in the onboarding.
 * - SIMILAR: the catalogue lists it as similar to a signal book (SimilarMicrobook, an editor's link);
 * - SAME_AUTHOR: written by the author of a signal book;
 * - SAME_CATEGORY: in the category of a signal book (once per such book, so a reader's main topic leads);
 * - GOAL: in a category one of their onboarding goals maps to (goals.ts).
 * Specific links weigh more than broad ones; the points add up.
 */
export const RECOMMENDATION_POINTS = { SIMILAR: 4, SAME_AUTHOR: 3, SAME_CATEGORY: 2, GOAL: 2 } as const;

/**
 * One page of a reader's recommendations: published books ranked by their points (above), then by how
 * many readers ever started them, then newest. Books the reader has already favourited, started, read
 * or chosen are left out: they are in their library already. A reader with no goals and no history
 * gets the most read books (every score is 0), so the list is never empty while the catalogue is not.
 * One SQL statement over indexed joins; returns ids in order and whether any signal shaped the order.
 */
export async function recommendedMicrobookIds(
  ctx: Pick<Context, "prisma">,
  userId: string,
  window: { offset: number; limit: number },
): Promise<{ ids: string[]; personalized: boolean }> {
  const map = goalCategoryPairs();
  const p = RECOMMENDATION_POINTS;
  const query = sql`
    WITH signal AS (
      SELECT s."microbookId" AS id FROM "UserBookState" AS s
      WHERE s."userId" = ${userId} AND (s."isFavourite" OR s."status" <> 'NONE' OR s."startedAt" IS NOT NULL)
      UNION SELECT c."microbookId" FROM "OnboardingBookChoice" AS c WHERE c."userId" = ${userId}
    ), signal_book AS (
      SELECT m."id", m."authorId", m."categoryId" FROM "Microbook" AS m JOIN signal ON signal.id = m."id"
    ), goal_category AS (
      SELECT DISTINCT cat."id" FROM "OnboardingAnswers" AS a
      CROSS JOIN LATERAL unnest(a."goals") AS g(goal)
      JOIN unnest(${map.goals}::text[], ${map.slugs}::text[]) AS map(goal, slug) ON map.goal = g.goal::text
      JOIN "Category" AS cat ON cat."slug" = map.slug
      WHERE a."userId" = ${userId}
    ), points AS (
      SELECT sm."similarId" AS id, ${p.SIMILAR}::int AS points FROM "SimilarMicrobook" AS sm JOIN signal ON signal.id = sm."microbookId"
      UNION ALL SELECT m."id", ${p.SAME_AUTHOR}::int FROM "Microbook" AS m JOIN signal_book AS b ON b."authorId" = m."authorId"
      UNION ALL SELECT m."id", ${p.SAME_CATEGORY}::int FROM "Microbook" AS m JOIN signal_book AS b ON b."categoryId" = m."categoryId"
      UNION ALL SELECT m."id", ${p.GOAL}::int FROM "Microbook" AS m JOIN goal_category AS g ON g."id" = m."categoryId"
    ), score AS (
      SELECT id, SUM(points)::int AS score FROM points GROUP BY id
    )
    SELECT m."id", COALESCE(score.score, 0) AS score FROM "Microbook" AS m
    LEFT JOIN score ON score.id = m."id"
    LEFT JOIN "MicrobookPopularity" AS pop ON pop."microbookId" = m."id"
    WHERE cardinality(m."languages") > 0 AND NOT EXISTS (SELECT 1 FROM signal WHERE signal.id = m."id")
    ORDER BY COALESCE(score.score, 0) DESC, COALESCE(pop."readers", 0) DESC, m."createdAt" DESC, m."id" ASC
    LIMIT ${window.limit} OFFSET ${window.offset}`;
  const rows = await ctx.prisma.$queryRaw<{ id: string; score: number }[]>(oneLine(query));
  return { ids: rows.map((row) => row.id), personalized: rows.some((row) => row.score > 0) };
}
