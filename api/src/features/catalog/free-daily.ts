import { createHash } from "node:crypto";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";

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
 * narrated microbooks, or those with text if none is narrated) and recorded, so every reader sees the same book all day even if the
 * catalogue changes meanwhile. Returns null on an empty catalogue.
 */
export async function freeMicrobookIdFor(prisma: PrismaClient, now: Date): Promise<string | null> {
  const day = utcDay(now);
  const existing = await prisma.freeDailyPick.findUnique({ where: { day }, select: { microbookId: true } });
  if (existing) return existing.microbookId;
  const candidatesWhere = (where: Prisma.MicrobookWhereInput) =>
    prisma.microbook.findMany({ where, select: { id: true }, orderBy: { slug: "asc" } });
  // A visitor should be able to both read and hear the free book, so narrated works come first.
  const narrated = await candidatesWhere({ editions: { some: { audio: { isNot: null } } } });
  const candidates = narrated.length ? narrated : await candidatesWhere({ editions: { some: {} } });
  if (candidates.length === 0) return null;
  const chosen = candidates[dayIndex(day, candidates.length)]!.id;
  // Two requests may choose at once: the first insert wins and both read it back.
  await prisma.freeDailyPick.createMany({ data: [{ day, microbookId: chosen }], skipDuplicates: true });
  const pick = await prisma.freeDailyPick.findUniqueOrThrow({ where: { day }, select: { microbookId: true } });
  return pick.microbookId;
}

/**
 * A server's memory of recorded picks: once a day's pick is recorded it does not change, so the
 * server asks the database once per day (and again after any catalogue change, which may remove the
 * book) instead of once per request. Keeps the last few entries only.
 */
export function createFreeDailyPickMemory(prisma: PrismaClient, catalogVersion: { current(): Promise<string> }) {
  const recorded = new Map<string, string>();
  return async function freeMicrobookIdRemembered(now: Date): Promise<string | null> {
    const key = `${utcDay(now).toISOString()} ${await catalogVersion.current()}`;
    const known = recorded.get(key);
    if (known) return known;
    const id = await freeMicrobookIdFor(prisma, now);
    if (id) {
      recorded.set(key, id);
      if (recorded.size > 3) recorded.delete(recorded.keys().next().value!);
    }
    return id;
  };
}
export type FreeDailyPickSource = (now: Date) => Promise<string | null>;
