import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testI18n } from "../../test/render";
import { registerEngine, reportPlayback, type PlaybackItem } from "../player/playback";
import { ReaderText } from "../reader/ReaderText";
import { CURSOR, ReadAlong, SPOKEN } from "./ReadAlong";
import { LEAD_MS, type TimedSentence } from "./timeline";

// Read-along over the real ReaderText (the DOM contract), with a fake player engine registered through the player's
// public face (playback.ts) and a fake CSS Custom Highlight registry (happy-dom has none).
const INTRO = "First sentence here. Second one follows.";
const KEY_IDEAS = [
  { position: 0, title: "Small steps", body: "Walk a *little* every day. Keep going.\n\nRest well." },
  { position: 1, title: "Calm", body: "Only one here." },
];
const K0 = "Walk a little every day. Keep going.\n\nRest well.";
const at = (text: string, sentence: string) => ({ from: text.indexOf(sentence), to: text.indexOf(sentence) + sentence.length });
const SENTENCES: TimedSentence[] = [
  { id: 1, startMs: 0, endMs: 1000, part: "title", chapter: null, from: 0, to: 10 },
  { id: 2, startMs: 1500, endMs: 3000, part: "text", chapter: null, ...at(INTRO, "First sentence here.") },
  { id: 3, startMs: 3300, endMs: 5000, part: "text", chapter: null, ...at(INTRO, "Second one follows.") },
  { id: 4, startMs: 6000, endMs: 7000, part: "heading", chapter: 0, from: 0, to: 11 },
  { id: 5, startMs: 7500, endMs: 9000, part: "text", chapter: 0, ...at(K0, "Walk a little every day.") },
  { id: 6, startMs: 9300, endMs: 10_000, part: "text", chapter: 0, ...at(K0, "Keep going.") },
  { id: 7, startMs: 10_600, endMs: 12_000, part: "text", chapter: 0, ...at(K0, "Rest well.") },
  { id: 8, startMs: 13_000, endMs: 14_000, part: "heading", chapter: 1, from: 0, to: 4 },
  { id: 9, startMs: 14_500, endMs: 16_000, part: "text", chapter: 1, ...at("Only one here.", "Only one here.") },
];

/** The fake player: a clock the test moves, and what was asked of it. */
const engine = { now: 0, played: [] as PlaybackItem[][], seeks: [] as number[] };
const painted = (name: string) => (CSS.highlights.get(name) as unknown as { ranges: Range[] } | undefined)?.ranges[0]?.toString() ?? null;

beforeEach(() => {
  Object.assign(engine, { now: 0, played: [], seeks: [] });
  registerEngine({
    play: (items) => void engine.played.push([...items]),
    seek: (seconds) => void engine.seeks.push(seconds),
    currentTime: () => engine.now / 1000,
  });
  const registry = new Map<string, unknown>();
  vi.stubGlobal("CSS", { highlights: registry });
  vi.stubGlobal(
    "Highlight",
    class {
      ranges: Range[];
      constructor(...ranges: Range[]) {
        this.ranges = ranges;
      }
    },
  );
  vi.stubGlobal("matchMedia", () => ({ matches: true }));
});
afterEach(() => {
  act(() => reportPlayback(null));
  vi.unstubAllGlobals();
});

function Reader() {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  return (
    <ReaderText ref={setContainer} introduction={INTRO} keyIdeas={KEY_IDEAS} language="en" introductionTitle="Introduction">
      <ReadAlong
        container={container}
        microbookId="book-1"
        language="en"
        timingsUrl="/audio/book.en.timings.json?expires=1&sig=x"
        chapters={[{ startSeconds: 0 }, { startSeconds: 6 }, { startSeconds: 13 }]}
        durationSeconds={16}
      />
    </ReaderText>
  );
}

async function renderReader(sentences = SENTENCES) {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ textVersion: "v", sentences }), { status: 200 })));
  vi.stubGlobal("fetch", fetch);
  const view = render(
    <I18nProvider i18n={testI18n("en")}>
      <Reader />
    </I18nProvider>,
  );
  // Wait for what the component's effects do, not for its markup: the DOM can be committed (and seen here) before
  // React has run the effects that attach the tap and key handlers. The paragraphs' attributes are set by the effect
  // declared after those handlers', so once they are there, the handlers are too.
  await waitFor(() => expect(document.querySelector(sentences.length ? "[data-read-along-paragraph]" : ".read-along")).not.toBeNull());
  expect(fetch).toHaveBeenCalledWith("/audio/book.en.timings.json?expires=1&sig=x", { credentials: "same-origin" });
  return view;
}
const playing = (microbookId = "book-1", isPlaying = true) =>
  act(() => reportPlayback({ item: { microbookId, language: "en" }, playing: isPlaying }));
const paragraph = (text: string) => screen.getByText((_, element) => element?.tagName === "P" && element.textContent === text);

describe("ReadAlong", () => {
  it("highlights the sentence being spoken while this book plays, switching LEAD_MS before its start and never after", async () => {
    await renderReader();
    expect(painted(SPOKEN)).toBeNull();
    engine.now = 2000;
    playing();
    await waitFor(() => expect(painted(SPOKEN)).toBe("First sentence here."));
    engine.now = 3300 - LEAD_MS - 5;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(painted(SPOKEN)).toBe("First sentence here.");
    engine.now = 3300 - LEAD_MS;
    await waitFor(() => expect(painted(SPOKEN)).toBe("Second one follows."));
    // Across emphasis (<em>) and into the next key idea's heading and text.
    engine.now = 7600;
    await waitFor(() => expect(painted(SPOKEN)).toBe("Walk a little every day."));
    engine.now = 13_000;
    await waitFor(() => expect(painted(SPOKEN)).toBe("Calm"));
    engine.now = 14_600;
    await waitFor(() => expect(painted(SPOKEN)).toBe("Only one here."));
    // The text itself is unchanged: the same paragraphs, nothing inserted.
    expect(paragraph("Walk a little every day. Keep going.").querySelector("em")!.textContent).toBe("little");
  });

  it("paints nothing while another book plays", async () => {
    await renderReader();
    engine.now = 2000;
    playing("another-book");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(painted(SPOKEN)).toBeNull();
  });

  it("plays from a tapped sentence's start: seeks when this book is on, starts it there otherwise", async () => {
    await renderReader();
    const target = paragraph("Walk a little every day. Keep going.");
    // Where the tap put the caret: in "Keep going." (happy-dom has no caretPositionFromPoint).
    const text = target.lastChild!;
    getSelection()!.collapse(text, (text.textContent ?? "").indexOf("Keep") + 2);
    fireEvent.click(target);
    expect(engine.played).toEqual([[{ microbookId: "book-1", language: "en", atSeconds: 9.3 }]]);
    playing();
    getSelection()!.collapse(paragraph("Rest well.").firstChild!, 2);
    fireEvent.click(paragraph("Rest well."));
    expect(engine.seeks).toEqual([10.6]);
    // A click that selects text is a selection, not a tap.
    getSelection()!.setBaseAndExtent(text, 1, text, 5);
    fireEvent.click(target);
    expect(engine.seeks).toEqual([10.6]);
  });

  it("is one Tab stop with a sentence cursor: ↑ and ↓ move it, Enter listens from it", async () => {
    await renderReader();
    const first = paragraph(INTRO);
    await waitFor(() => expect(first.tabIndex).toBe(0));
    expect(paragraph("Rest well.").tabIndex).toBe(-1);
    expect(first.getAttribute("aria-description")).toMatch(/Enter listens from this sentence/);
    act(() => first.focus());
    expect(painted(CURSOR)).toBe("First sentence here.");
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(painted(CURSOR)).toBe("Second one follows.");
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(painted(CURSOR)).toBe("Walk a little every day.");
    const next = paragraph("Walk a little every day. Keep going.");
    expect(document.activeElement).toBe(next);
    await waitFor(() => expect(next.tabIndex).toBe(0));
    expect(first.tabIndex).toBe(-1);
    fireEvent.keyDown(next, { key: "ArrowDown" });
    fireEvent.keyDown(next, { key: "ArrowUp" });
    expect(painted(CURSOR)).toBe("Walk a little every day.");
    fireEvent.keyDown(next, { key: "Enter" });
    expect(engine.played).toEqual([[{ microbookId: "book-1", language: "en", atSeconds: 7.5 }]]);
    expect(await screen.findByText(/Walk a little every day\./, { selector: "[aria-live]" })).toBeTruthy();
  });

  it("stops following when the reader scrolls, and 'Back to narration' follows again", async () => {
    await renderReader();
    engine.now = 2000;
    playing();
    expect(screen.queryByRole("button", { name: "Back to narration" })).toBeNull();
    fireEvent.wheel(window);
    const back = await screen.findByRole("button", { name: "Back to narration" });
    fireEvent.click(back);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Back to narration" })).toBeNull());
    // Selecting text pauses it too.
    const text = paragraph(INTRO).firstChild!;
    act(() => {
      getSelection()!.setBaseAndExtent(text, 0, text, 5);
      document.dispatchEvent(new Event("selectionchange"));
    });
    expect(await screen.findByRole("button", { name: "Back to narration" })).toBeTruthy();
  });

  it("falls back to the key ideas (the narration's chapters) when the edition has no sentence timings", async () => {
    await renderReader([]);
    engine.now = 7000;
    playing();
    await waitFor(() => expect(painted(SPOKEN)).toBe("Small steps"));
    expect(document.querySelector("[data-read-along-paragraph]")).toBeNull();
    // A tap anywhere in a key idea plays it from its start.
    getSelection()!.collapse(paragraph("Only one here.").firstChild!, 2);
    fireEvent.click(paragraph("Only one here."));
    expect(engine.seeks).toEqual([13]);
  });
});
