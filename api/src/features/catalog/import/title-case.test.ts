import { describe, expect, it } from "vitest";
import { titleCaseProblems } from "./title-case.js";

describe("titleCaseProblems", () => {
  it("wants English titles in title case, small words lowercase inside", () => {
    expect(titleCaseProblems("The Crowd: A Study of the Popular Mind", "en", "")).toEqual([]);
    expect(titleCaseProblems("How to Live on 24 Hours a Day", "en", "")).toEqual([]);
    expect(titleCaseProblems("The Wealth Of nations", "en", "")).toEqual(["Of", "nations"]);
  });

  it("wants pt and es titles in sentence case, proper nouns aside (told apart by the text)", () => {
    const text = "A arte de viver é uma arte. Benjamin Franklin escreveu; a guerra do Peloponeso durou décadas.";
    expect(titleCaseProblems("A Arte de Viver", "pt", text)).toEqual(["Arte", "Viver"].filter((w) => text.includes(w.toLowerCase())));
    expect(titleCaseProblems("A autobiografia de Benjamin Franklin", "pt", text)).toEqual([]);
    expect(titleCaseProblems("História da Guerra do Peloponeso", "pt", text)).toEqual(["Guerra"]);
    expect(titleCaseProblems("Almanaque del pobre Ricardo", "es", "el pobre Ricardo dice")).toEqual([]);
    expect(titleCaseProblems("Cómo vivir: Reglas", "es", "las reglas")).toEqual([]);
  });
});
