import type { PrismaClient } from "../../generated/prisma/client.js";

export type CatalogueStats = { microbooks: number; categories: number; languages: number; narrated: number };

/** The catalogue's numbers (the upgrade modal's copy), in one statement over stored counts and index probes. */
export async function readCatalogueStats(prisma: PrismaClient): Promise<CatalogueStats> {
  const rows = await prisma.$queryRaw<
    CatalogueStats[]
  >`SELECT (SELECT COALESCE(SUM("microbookCount"), 0) FROM "Category")::int AS "microbooks", (SELECT count(*) FROM "Category" WHERE "microbookCount" > 0)::int AS "categories", (SELECT count(*) FROM unnest(enum_range(NULL::"Language")) AS l WHERE EXISTS (SELECT 1 FROM "MicrobookEdition" AS e WHERE e."language" = l))::int AS "languages", (SELECT count(*) FROM "AudioTrack")::int AS "narrated"`;
  return rows[0]!;
}
