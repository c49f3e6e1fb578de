import { createHash } from "node:crypto";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { DEFAULT_TIME_ZONE, serviceDay, serviceDayKey } from "./service-time.js";

/** A stable index for a day: the same day always gives the same book for the same candidates. */
export function dayIndex(day: Date, size: number): number {
  const digest = createHash("sha256").update(day.toISOString().slice(0, 10)).digest();
  return digest.readUInt32BE(0) % size;
}

/**
 * Which book a new day gets: one not yet free in the current cycle, chosen from the date; once every
 * candidate has been free, a new cycle begins. Pure, so the rotation is unit-tested without a database.
 */
export function chooseFreePick(input: {
  day: Date;
  /** Candidate ids in a stable order. */
  candidates: readonly string[];
  /** The latest cycle number and the books already free in it (none yet: cycle null). */
  cycle: number | null;
  usedInCycle: ReadonlySet<string>;
}): { microbookId: string; cycle: number } | null {
  if (input.candidates.length === 0) return null;
  const left = input.candidates.filter((id) => !input.usedInCycle.has(id));
  const cycle = input.cycle === null ? 0 : left.length ? input.cycle : input.cycle + 1;
  const pool = input.cycle !== null && left.length ? left : input.candidates;
  return { microbookId: pool[dayIndex(input.day, pool.length)]!, cycle };
}

/**
 * The free microbook of the day (the calendar day in the service's time zone): chosen once per day and
 * recorded, so every reader sees the same book all day even if the catalogue changes meanwhile. No
 * book repeats until every candidate (the narrated microbooks, or those with text if none is narrated)
 * has had its day: a cycle. Returns null on an empty catalogue.
 */
export async function freeMicrobookIdFor(prisma: PrismaClient, now: Date, timeZone: string = DEFAULT_TIME_ZONE): Promise<string | null> {
  const day = serviceDay(now, timeZone);
  const existing = await prisma.freeDailyPick.findUnique({ where: { day }, select: { microbookId: true } });
  if (existing) return existing.microbookId;
  const candidatesWhere = (where: Prisma.MicrobookWhereInput) =>
    prisma.microbook.findMany({ where, select: { id: true }, orderBy: { slug: "asc" } });
  // A visitor should be able to both read and hear the free book, so narrated works come first.
  const narrated = await candidatesWhere({ editions: { some: { audio: { isNot: null } } } });
  const candidates = (narrated.length ? narrated : await candidatesWhere({ editions: { some: {} } })).map((c) => c.id);
  const latest = await prisma.freeDailyPick.findFirst({ where: { day: { lt: day } }, orderBy: { day: "desc" }, select: { cycle: true } });
  const used = latest
    ? await prisma.freeDailyPick.findMany({ where: { cycle: latest.cycle, day: { lt: day } }, select: { microbookId: true } })
    : [];
  const chosen = chooseFreePick({
    day,
    candidates,
    cycle: latest?.cycle ?? null,
    usedInCycle: new Set(used.map((u) => u.microbookId)),
  });
  if (!chosen) return null;
  // Two requests may choose at once: the first insert wins and both read it back.
  await prisma.freeDailyPick.createMany({ data: [{ day, ...chosen }], skipDuplicates: true });
  const pick = await prisma.freeDailyPick.findUniqueOrThrow({ where: { day }, select: { microbookId: true } });
  return pick.microbookId;
}

/**
 * A server's memory of recorded picks: once a day's pick is recorded it does not change, so the
 * server asks the database once per day (and again after any catalogue change, which may remove the
 * book) instead of once per request. Keeps the last few entries only.
 */
export function createFreeDailyPickMemory(
  prisma: PrismaClient,
  catalogVersion: { current(): Promise<string> },
  timeZone: string = DEFAULT_TIME_ZONE,
) {
  const recorded = new Map<string, string>();
  return async function freeMicrobookIdRemembered(now: Date): Promise<string | null> {
    const key = `${serviceDayKey(now, timeZone)} ${await catalogVersion.current()}`;
    const known = recorded.get(key);
    if (known) return known;
    const id = await freeMicrobookIdFor(prisma, now, timeZone);
    if (id) {
      recorded.set(key, id);
      if (recorded.size > 3) recorded.delete(recorded.keys().next().value!);
    }
    return id;
  };
}
export type FreeDailyPickSource = (now: Date) => Promise<string | null>;
