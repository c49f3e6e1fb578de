import { describe, expect, it } from "vitest";
import { anchorAt, locateQuote, reanchor, type Anchor } from "./anchor.js";
import { chapterText, editionChapters, textVersion } from "./chapter-text.js";

const FIRST = "Thoreau went to the woods because he wished to live deliberately.";
const QUOTE = "He wanted to front only the essential facts of life, and see if he could learn what it had to teach.";
const LAST = "He did not wish, when he came to die, to discover that he had not lived.";
const BODY = `${FIRST} ${QUOTE}\n\n${LAST}`;

/** The anchor of QUOTE in a one-chapter text (key idea 2). */
function highlightIn(body: string, quote = QUOTE): Anchor {
  const text = chapterText(body);
  const start = text.indexOf(quote);
  return anchorAt(2, text, start, start + quote.length);
}
const chapters = (body: string, others: Record<number, string> = {}) =>
  editionChapters({
    introduction: "An introduction.",
    keyIdeas: [{ position: 2, body }, ...Object.entries(others).map(([position, text]) => ({ position: Number(position), body: text }))],
  });

describe("anchoring a highlight", () => {
  it("keeps the quote with 32 characters of context on each side", () => {
    const anchor = highlightIn(BODY);
    expect(anchor.quote).toBe(QUOTE);
    expect(anchor.prefix).toBe(FIRST.slice(-31) + " ");
    expect(anchor.prefix).toHaveLength(32);
    expect(anchor.suffix).toBe("\n\n" + LAST.slice(0, 30));
  });

  it("counts characters of the text the reader sees: paragraphs joined by a blank line, no emphasis markers", () => {
    expect(chapterText("A *fine*  day.\n\n  \nA **bold** one.")).toBe("A fine  day.\n\nA bold one.");
  });

  it("stays where it was when nothing changed", () => {
    const anchor = highlightIn(BODY);
    expect(reanchor(anchor, chapters(BODY))).toEqual(anchor);
  });

  it("follows the quote when a paragraph is inserted above it", () => {
    const anchor = highlightIn(BODY);
    const inserted = "A new paragraph the editors added, about Concord in 1845.";
    const edited = `${inserted}\n\n${BODY}`;
    const moved = reanchor(anchor, chapters(edited))!;
    expect(moved.quote).toBe(QUOTE);
    expect(moved.startOffset).toBe(anchor.startOffset + inserted.length + 2);
    expect(chapterText(edited).slice(moved.startOffset, moved.endOffset)).toBe(QUOTE);
  });

  it("finds the quote again when a typo inside it is fixed, and takes the corrected text", () => {
    const withTypo = QUOTE.replace("essential", "esential");
    const anchor = highlightIn(BODY.replace(QUOTE, withTypo), withTypo);
    const moved = reanchor(anchor, chapters(BODY))!;
    expect(moved).not.toBeNull();
    expect(moved.quote).toBe(QUOTE);
    expect(moved.keyIdeaPosition).toBe(2);
  });

  it("finds it when both the typo and the text around it changed", () => {
    const withTypo = QUOTE.replace("teach", "teech");
    const anchor = highlightIn(BODY.replace(QUOTE, withTypo), withTypo);
    const rewritten = `In 1845, Thoreau moved to a cabin by Walden Pond. ${QUOTE} That was the experiment.`;
    expect(reanchor(anchor, chapters(rewritten))?.quote).toBe(QUOTE);
  });

  it("chooses, of two identical passages, the one whose context matches", () => {
    const repeated = "Simplify, simplify.";
    const body = `First he said: ${repeated} Then, later, at the pond, he wrote again: ${repeated} And he meant it.`;
    const text = chapterText(body);
    const second = text.lastIndexOf(repeated);
    const anchor = anchorAt(2, text, second, second + repeated.length);
    const moved = reanchor(anchor, chapters(`A new opening line. ${body}`))!;
    expect(moved.prefix.endsWith("he wrote again: ")).toBe(true);
  });

  it("follows a quote into another key idea when it moved there", () => {
    const anchor = highlightIn(BODY);
    const moved = reanchor(anchor, chapters(`${FIRST}\n\n${LAST}`, { 3: `Later. ${QUOTE}` }))!;
    expect(moved).toMatchObject({ keyIdeaPosition: 3, quote: QUOTE });
  });

  it("cannot place a quote whose sentence was deleted (the caller keeps it, detached)", () => {
    const anchor = highlightIn(BODY);
    expect(reanchor(anchor, chapters(`${FIRST}\n\n${LAST}`))).toBeNull();
    // Nor when its key idea is gone.
    expect(reanchor(anchor, editionChapters({ introduction: "Intro.", keyIdeas: [{ position: 0, body: LAST }] }))).toBeNull();
  });

  it("does not place a quote on a passage that merely shares its first and last words", () => {
    const anchor = highlightIn(BODY);
    const other = `He wanted to front a completely different thing, a long digression on rail travel, what it had to teach.`;
    expect(reanchor(anchor, chapters(`${FIRST}\n\n${other}`))).toBeNull();
  });
});

describe("locating a selection", () => {
  it("trusts the client's offsets when they hold the quote, else takes the nearest occurrence", () => {
    const text = "one two one two one";
    expect(locateQuote(text, "one", 8)).toEqual({ start: 8, end: 11 });
    expect(locateQuote(text, "one", 9)).toEqual({ start: 8, end: 11 });
    expect(locateQuote(text, "one", 17)).toEqual({ start: 16, end: 19 });
    expect(locateQuote(text, "three", 0)).toBeNull();
  });
});

describe("the text version", () => {
  it("changes with any chapter's text and nothing else", () => {
    const edition = {
      introduction: "Intro.",
      keyIdeas: [
        { position: 0, body: "A." },
        { position: 1, body: "B." },
      ],
    };
    expect(textVersion(edition)).toBe(textVersion({ ...edition, keyIdeas: [...edition.keyIdeas].reverse() }));
    expect(textVersion(edition)).not.toBe(textVersion({ ...edition, introduction: "Intro!" }));
    expect(textVersion(edition)).not.toBe(
      textVersion({
        ...edition,
        keyIdeas: [
          { position: 0, body: "A." },
          { position: 1, body: "B!" },
        ],
      }),
    );
  });
});
