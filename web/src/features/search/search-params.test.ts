import { describe, expect, it } from "vitest";
import { readSearchParams, splitHighlights, writeSearchParams } from "./search-params";

describe("search URL parameters", () => {
  it("reads the query and filters, ignoring malformed ones", () => {
    const category = btoa("Category:abc");
    const state = readSearchParams(new URLSearchParams(`q=walden+pond&lang=xx&format=VIDEO&category=${category}&after=%%%`), "en");
    expect(state).toEqual({ query: "walden pond", language: "en", category, format: null, after: null });
    expect(readSearchParams(new URLSearchParams(`category=${btoa("User:1")}`), "en").category).toBeNull();
    expect(readSearchParams(new URLSearchParams("q=" + "a".repeat(300)), "pt").query).toHaveLength(200);
  });

  it("writes only what differs from the defaults, and reads back the same state", () => {
    const state = { query: "sonhos", language: "es" as const, category: null, format: "AUDIO" as const, after: null };
    const params = writeSearchParams(state, "pt");
    expect(params.toString()).toBe("q=sonhos&lang=es&format=AUDIO");
    expect(readSearchParams(params, "pt")).toEqual(state);
    expect(writeSearchParams({ ...state, language: "pt", format: null }, "pt").toString()).toBe("q=sonhos");
  });
});

describe("highlights", () => {
  it("splits a text into plain and matched parts", () => {
    expect(
      splitHighlights("The Chemical History of a Candle", [
        { start: 26, end: 32 },
        { start: 4, end: 12 },
      ]),
    ).toEqual([
      { text: "The ", match: false },
      { text: "Chemical", match: true },
      { text: " History of a ", match: false },
      { text: "Candle", match: true },
    ]);
  });

  it("ignores ranges outside the text or overlapping", () => {
    expect(
      splitHighlights("Walden", [
        { start: 0, end: 3 },
        { start: 2, end: 4 },
        { start: 4, end: 40 },
      ]),
    ).toEqual([
      { text: "Wal", match: true },
      { text: "den", match: false },
    ]);
  });
});
