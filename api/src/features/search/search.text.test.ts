import { describe, expect, it } from "vitest";
import { buildHighlights, highlightStems } from "./search.highlights.js";
import { foldText, fragment, matchRanges, queryWords, tsqueryLexemes } from "./search.text.js";

describe("search text", () => {
  it("folds accents and case, and keeps only safe query words", () => {
    expect(foldText("Interpretação dos SONHOS")).toBe("interpretacao dos sonhos");
    expect(queryWords("  Sentido  común!'; DROP TABLE --")).toEqual(["sentido", "comun", "drop", "table"]);
    expect(queryWords("a b c d e f g h i j k")).toHaveLength(8);
  });

  it("reads the lexemes of a tsquery", () => {
    expect(tsqueryLexemes("'walden':* | ( 'candel' | 'candl' ) & 'o''neil'")).toEqual(["walden", "candel", "candl", "o'neil"]);
  });

  it("marks the words that begin with a stem, ignoring accents", () => {
    const text = "A Interpretação dos Sonhos";
    expect(matchRanges(text, ["interpretaca", "sonh"]).map((r) => text.slice(r.start, r.end))).toEqual(["Interpretação", "Sonhos"]);
    expect(matchRanges(text, ["s"])).toEqual([]);
  });

  it("cuts a passage around the best run of matches", () => {
    const text = Array.from({ length: 60 }, (_, i) => (i === 40 ? "pond" : `w${i}`)).join(" ");
    const part = fragment(text, ["pond"], 10)!;
    expect(part.text.startsWith("…w37 ")).toBe(true);
    expect(part.text.endsWith("…")).toBe(true);
    expect(part.ranges.map((r) => part.text.slice(r.start, r.end))).toEqual(["pond"]);
    expect(fragment(text, ["lake"])).toBeNull();
  });
});

describe("highlights", () => {
  const edition = {
    title: "The Chemical History of a Candle",
    subtitle: "Lectures",
    about: "Six lectures on a candle flame.",
    author: "Michael Faraday",
    keyIdeas: [{ position: 0, title: "Why a candle burns" }],
  };

  it("marks words whose stem differs from their prefix through the typed or corrected word", () => {
    const stems = highlightStems(["histori", "candl"], ["histroy", "history", "of"]);
    const h = buildHighlights(edition, stems, null);
    expect(h.title.matches.map((r) => edition.title.slice(r.start, r.end))).toEqual(["History", "Candle"]);
  });

  it("takes snippets from key-idea texts only when given them", () => {
    const locked = buildHighlights(edition, ["wax"], null);
    expect(locked.snippet).toBeNull();
    const open = buildHighlights(edition, ["wax"], [{ position: 0, body: "The wax melts and rises." }]);
    expect(open.snippet).toMatchObject({ source: "KEY_IDEA_TEXT", keyIdeaPosition: 0, text: "The wax melts and rises." });
    expect(buildHighlights(edition, ["candl"], null).snippet).toMatchObject({ source: "KEY_IDEA_TITLE" });
  });
});
