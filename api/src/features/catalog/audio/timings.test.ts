// Read-along timings mapped from the narrated script onto the reader's chapter text (what highlights count).
import { describe, expect, it } from "vitest";
import { chapterText } from "../../highlights/chapter-text.js";
import { narrationScript } from "../narrate/script.js";
import { scriptSentences } from "../narrate/sentences.js";
import { readAlongTimings, type StoredSentence } from "./timings.js";

const edition = {
  language: "en",
  title: "A *Tiny* Book",
  introduction: "  This is a very small book. It exists only to test the narrator.\n\nIt has *two* ideas ",
  keyIdeas: [
    { position: 1, title: "Rest is part of work", body: "A tired mind makes **poor** choices.\n\nSleep well, and the next day is easier" },
    {
      position: 0,
      title: "Small steps add up",
      body: "Walk a little every day. After a month the distance is **surprising**. Keep going.",
    },
  ],
};

/** As catalog:narrate records them: one sentence a second. */
function narrated(text = edition): StoredSentence[] {
  const keyIdeas = [...text.keyIdeas].sort((a, b) => a.position - b.position);
  const script = narrationScript({ ...text, language: "en", keyIdeas });
  return scriptSentences(script, "en").map((s, i) => ({
    id: i + 1,
    section: s.section,
    startMs: i * 1000,
    endMs: i * 1000 + 800,
    from: s.from,
    to: s.to,
  }));
}

describe("readAlongTimings", () => {
  it("places every sentence in the chapter text the reader shows, headings and the title apart", () => {
    const timings = readAlongTimings(edition, narrated())!;
    const shown = (s: (typeof timings.sentences)[number]) => {
      if (s.part === "title") return edition.title.slice(s.from, s.to);
      const idea = edition.keyIdeas.find((k) => k.position === s.chapter);
      if (s.part === "heading") return idea!.title.slice(s.from, s.to);
      return chapterText(s.chapter === null ? edition.introduction : idea!.body).slice(s.from, s.to);
    };
    expect(timings.sentences.map((s) => [s.part, s.chapter, shown(s)])).toEqual([
      ["title", null, "A *Tiny* Book"],
      ["text", null, "This is a very small book."],
      ["text", null, "It exists only to test the narrator."],
      ["text", null, "It has two ideas"],
      ["heading", 0, "Small steps add up"],
      ["text", 0, "Walk a little every day."],
      ["text", 0, "After a month the distance is surprising."],
      ["text", 0, "Keep going."],
      ["heading", 1, "Rest is part of work"],
      ["text", 1, "A tired mind makes poor choices."],
      ["text", 1, "Sleep well, and the next day is easier"],
    ]);
    expect(timings.sentences.map((s) => s.startMs)).toEqual(Array.from({ length: 11 }, (_, i) => i * 1000));
    expect(timings.textVersion).toMatch(/^[\w-]{22}$/);
  });

  it("refuses timings of another text, so the reader offers chapters only", () => {
    const stored = narrated();
    const edited = {
      ...edition,
      keyIdeas: [
        { ...edition.keyIdeas[1]!, body: "Go for a walk daily. After a month the distance is surprising. Keep going." },
        edition.keyIdeas[0]!,
      ],
    };
    expect(readAlongTimings(edited, stored)).toBeNull();
    expect(readAlongTimings(edition, [...stored, { id: 12, section: 2, startMs: 12_000, endMs: 13_000, from: 5000, to: 5010 }])).toBeNull();
    expect(readAlongTimings(edition, [{ id: 1, section: 9, startMs: 0, endMs: 10, from: 0, to: 4 }])).toBeNull();
  });
});
