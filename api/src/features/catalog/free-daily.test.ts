import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildMicrobook } from "../../test/factories.js";
import { chooseFreePick, freeMicrobookIdFor } from "./free-daily.js";
import { nextServiceMidnight, serviceDay } from "./service-time.js";

const db = useTestDatabase();

const DAY = 86_400_000;

describe("the service's day", () => {
  it("turns at midnight in America/Sao_Paulo by default, not at midnight UTC", () => {
    // 23:59:59 on the 24th in São Paulo is 02:59:59 UTC on the 25th.
    expect(serviceDay(new Date("2026-11-25T02:59:59Z")).toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(serviceDay(new Date("2026-11-25T03:00:00Z")).toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(serviceDay(new Date("2026-11-25T02:59:59Z"), "UTC").toISOString()).toBe("2026-11-25T00:00:00.000Z");
    expect(nextServiceMidnight(new Date("2026-11-25T02:59:59Z")).toISOString()).toBe("2026-11-25T03:00:00.000Z");
    expect(nextServiceMidnight(new Date("2026-11-25T10:00:00Z"), "Europe/Lisbon").toISOString()).toBe("2026-11-26T00:00:00.000Z");
  });

  it("remembers today until the next midnight, and is right for any instant asked after (or before) it", () => {
    const dayOf = (iso: string, zone?: string) => serviceDay(new Date(iso), zone).toISOString().slice(0, 10);
    expect(dayOf("2026-11-25T12:00:00Z")).toBe("2026-11-25");
    expect(dayOf("2026-11-26T02:59:59.999Z")).toBe("2026-11-25");
    expect(dayOf("2026-11-26T03:00:00Z")).toBe("2026-11-26");
    expect(dayOf("2026-11-25T02:00:00Z")).toBe("2026-11-24"); // back in time: computed again
    expect(dayOf("2026-11-25T12:00:00Z", "Asia/Tokyo")).toBe("2026-11-25"); // each zone its own
    expect(dayOf("2026-11-25T15:00:00Z", "Asia/Tokyo")).toBe("2026-11-26");
    // Across a daylight-saving change (Lisbon, 25 October 2026: 02:00 back to 01:00).
    expect(dayOf("2026-10-25T22:59:59Z", "Europe/Lisbon")).toBe("2026-10-25");
    expect(dayOf("2026-10-26T00:00:00Z", "Europe/Lisbon")).toBe("2026-10-26");
    const day = serviceDay(new Date("2026-11-25T12:00:00Z"));
    day.setUTCDate(1); // a caller changing its copy changes nothing remembered
    expect(dayOf("2026-11-25T13:00:00Z")).toBe("2026-11-25");
  });
});

describe("chooseFreePick", () => {
  it("never repeats a book within a cycle, and starts a new cycle when all have been free", () => {
    const candidates = ["a", "b", "c", "d"];
    const used = new Set<string>();
    let cycle: number | null = null;
    for (let i = 0; i < 4; i++) {
      const pick: { microbookId: string; cycle: number } = chooseFreePick({
        day: new Date(Date.UTC(2026, 0, 1 + i)),
        candidates,
        cycle,
        usedInCycle: used,
      })!;
      expect(used.has(pick.microbookId)).toBe(false);
      expect(pick.cycle).toBe(0);
      used.add(pick.microbookId);
      cycle = pick.cycle;
    }
    const next = chooseFreePick({ day: new Date(Date.UTC(2026, 0, 5)), candidates, cycle, usedInCycle: used })!;
    expect(next.cycle).toBe(1);
    expect(candidates).toContain(next.microbookId);
    expect(chooseFreePick({ day: new Date(), candidates: [], cycle: null, usedInCycle: new Set() })).toBeNull();
  });
});

describe("the free microbook of the day", () => {
  it("rotates through every book before one comes back", async () => {
    for (let i = 0; i < 5; i++) await buildMicrobook(db.prisma);
    const start = new Date("2026-11-25T15:00:00Z").getTime();
    const picks = [];
    for (let day = 0; day < 10; day++) picks.push(await freeMicrobookIdFor(db.prisma, new Date(start + day * DAY)));
    expect(new Set(picks.slice(0, 5)).size).toBe(5);
    expect(new Set(picks.slice(5, 10)).size).toBe(5);
    // The same day asks again: the recorded pick.
    expect(await freeMicrobookIdFor(db.prisma, new Date(start + 9 * DAY + 3600_000))).toBe(picks[9]);
  });

  it("changes at midnight in São Paulo: 23:59 and 00:00 there are two days", async () => {
    for (let i = 0; i < 3; i++) await buildMicrobook(db.prisma);
    const query = `{ freeMicrobookToday { slug } }`;
    const at = async (iso: string) =>
      (await run<{ freeMicrobookToday: { slug: string } }>(db, query, {}, { now: new Date(iso) })).data!.freeMicrobookToday.slug;
    const lateEvening = await at("2026-11-25T02:59:00Z");
    expect(await at("2026-11-24T12:00:00Z")).toBe(lateEvening);
    const afterMidnight = await at("2026-11-25T03:00:00Z");
    expect(afterMidnight).not.toBe(lateEvening);
    expect(await at("2026-11-25T23:00:00Z")).toBe(afterMidnight);
    const days = await db.prisma.freeDailyPick.findMany({ orderBy: { day: "asc" }, select: { day: true } });
    expect(days.map((d) => d.day.toISOString().slice(0, 10))).toEqual(["2026-11-24", "2026-11-25"]);
  });
});
