import { describe, expect, it } from "vitest";
import { instalments, perDayUnder, perMonth } from "./money.js";

describe("commerce money", () => {
  it("per month truncates to the cent as the spec's R$24.91 and US$6.65", () => {
    expect(perMonth(29900)).toBe(2491);
    expect(perMonth(7990)).toBe(665);
  });

  it("per day: the smallest cent amount the daily price is under, so the copy is true", () => {
    // US$79.90 a year is US$0.2189… a day: under US$0.22, not under US$0.20.
    expect(perDayUnder(7990)).toBe(22);
    expect(7990 / 365).toBeLessThan(perDayUnder(7990));
    expect(7990 / 365).toBeGreaterThan(20);
    // A price that divides exactly is still under the figure said.
    expect(perDayUnder(36500)).toBe(101);
    for (const amount of [29900, 124900, 14950, 67495]) {
      expect(amount / 365).toBeLessThan(perDayUnder(amount));
      expect(amount / 365).toBeGreaterThanOrEqual(perDayUnder(amount) - 1);
    }
  });

  it("instalments as charged: equal cents, the remainder on the first ones, summing to the price", () => {
    expect(instalments(29900, 12)).toEqual([...Array<number>(8).fill(2492), ...Array<number>(4).fill(2491)]);
    for (const [amount, count] of [
      [124900, 12],
      [60000, 12],
      [249800, 7],
      [1, 3],
    ] as const) {
      const parts = instalments(amount, count);
      expect(parts).toHaveLength(count);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
  });
});
