import { createHash } from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client.js";

/** The UTC calendar day of an instant, as a Date at midnight UTC. */
export function utcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** A stable index for a day: the same day always gives the same book for the same catalogue. */
export function dayIndex(day: Date, size: number): number {
  const digest = createHash("sha256").update(day.toISOString().slice(0, 10)).digest();
  return digest.readUInt32BE(0) % size;
}

/**
 * The free microbook of the day: chosen once per day (deterministically from the date among the
 * microbooks that have text) and recorded, so every reader sees the same book all day even if the
 * catalogue changes meanwhile. Returns null on an empty catalogue.
 */
export async function freeMicrobookIdFor(prisma: PrismaClient, now: Date): Promise<string | null> {
  const day = utcDay(now);
  const existing = await prisma.freeDailyPick.findUnique({ where: { day }, select: { microbookId: true } });
  if (existing) return existing.microbookId;
  const candidates = await prisma.microbook.findMany({
    where: { editions: { some: {} } },
    select: { id: true },
    orderBy: { slug: "asc" },
  });
  if (candidates.length === 0) return null;
  const chosen = candidates[dayIndex(day, candidates.length)]!.id;
  // Two requests may choose at once: the first insert wins and both read it back.
  await prisma.freeDailyPick.createMany({ data: [{ day, microbookId: chosen }], skipDuplicates: true });
  const pick = await prisma.freeDailyPick.findUniqueOrThrow({ where: { day }, select: { microbookId: true } });
  return pick.microbookId;
}
