// Narration: sentence timings with a fake synthesiser of known lengths, the WebAssembly espeak-ng, the spoken forms.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { audioMetaSchema } from "../import/model.js";
import { createEspeak, type Synthesiser } from "./espeak.js";
import { chapterTime, narrateEdition, speakable, VOICES } from "./narrate.js";
import { oggOpusDurationSeconds } from "./ogg-opus.js";
import { narrationScript } from "./script.js";
import { scriptSentences } from "./sentences.js";
import { spokenForm } from "./speech.js";

const edition = {
  language: "en" as const,
  title: "A Tiny Book",
  introduction: "This is a very small book. It exists only to test the narrator. It has *two* ideas.",
  keyIdeas: [
    { title: "Small steps add up", body: "Walk a little every day. After a month the distance is **surprising**. Keep going." },
    { title: "Rest is part of work", body: "A tired mind makes poor choices.\n\nSleep well, and the next day is easier." },
  ],
};

describe("speakable and chapterTime", () => {
  it("strips emphasis and ends headings with a full stop", () => {
    expect(speakable("A **bold** and *quiet* idea")).toBe("A bold and quiet idea.");
    expect(speakable("Why wait?")).toBe("Why wait?");
  });
  it("formats chapter times as HH:MM:SS.mmm", () => {
    expect(chapterTime(0)).toBe("00:00:00.000");
    expect(chapterTime(3723.4567)).toBe("01:02:03.457");
  });
});

describe("narrationScript", () => {
  it("reads the title and introduction, then each key idea, and hashes exactly that text", () => {
    const { sections, textSha256 } = narrationScript(edition);
    expect(sections.map((s) => s.chapter)).toEqual(["Introduction", "Small steps add up", "Rest is part of work"]);
    expect(sections[0]!.text).toBe(`A Tiny Book.\n\n${edition.introduction.replace(/\*/g, "")}`);
    expect(sections[1]!.text).toBe("Small steps add up.\n\nWalk a little every day. After a month the distance is surprising. Keep going.");
    const spoken = sections.map((s) => s.text).join("\n\n");
    expect(textSha256).toBe(createHash("sha256").update(spoken, "utf8").digest("hex"));
  });

  it("changes its hash when a word changes, not when only emphasis does", () => {
    const { textSha256 } = narrationScript(edition);
    const edited = { ...edition, keyIdeas: [edition.keyIdeas[0]!, { ...edition.keyIdeas[1]!, body: "A tired mind makes bad choices." }] };
    expect(narrationScript(edited).textSha256).not.toBe(textSha256);
    const retitled = { ...edition, title: "A Tiny Booklet" };
    expect(narrationScript(retitled).textSha256).not.toBe(textSha256);
    const emphasised = { ...edition, introduction: edition.introduction.replace("*two*", "**two**") };
    expect(narrationScript(emphasised).textSha256).toBe(textSha256);
  });

  it("gives the introduction its name in each language", () => {
    expect(narrationScript({ ...edition, language: "pt" }).sections[0]!.chapter).toBe("Introdução");
    expect(narrationScript({ ...edition, language: "es" }).sections[0]!.chapter).toBe("Introducción");
  });
});

/** A synthesiser whose every sentence lasts a known time: 10 ms of tone per character, at espeak-ng's 22,050 Hz. */
const fake: Synthesiser & { spoken: string[] } = {
  spoken: [],
  speak(text) {
    this.spoken.push(text);
    const samples = new Int16Array(Math.round(22_050 * 0.01 * text.length)).map((_, i) => Math.round(8000 * Math.sin(i / 5)));
    return Promise.resolve({ samples, sampleRate: 22_050 });
  },
  phonemes: () => Promise.resolve(""),
  close() {},
};

describe("narrateEdition (a synthesiser of known lengths)", () => {
  it("times every sentence by its samples, joins them with the fixed pauses, and the encoded file lasts exactly that long", async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), "brevia-narrate-test-"));
    try {
      fake.spoken = [];
      const result = await narrateEdition({ slug: "a-tiny-book", edition, outDir, synthesiser: fake });
      const script = narrationScript(edition);
      const sentences = result.sentences!;
      // Title, 3 sentences of introduction, then per key idea its heading and body sentences.
      expect(sentences.map((s) => script.text.slice(s.from, s.to))).toEqual([
        "A Tiny Book.",
        "This is a very small book.",
        "It exists only to test the narrator.",
        "It has two ideas.",
        "Small steps add up.",
        "Walk a little every day.",
        "After a month the distance is surprising.",
        "Keep going.",
        "Rest is part of work.",
        "A tired mind makes poor choices.",
        "Sleep well, and the next day is easier.",
      ]);
      expect(sentences.map((s) => s.section)).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2]);
      // Each sentence lasts what its samples last (10 ms a character), resampled to 16 kHz.
      sentences.forEach((s, i) => expect(Math.abs(s.endMs - s.startMs - 10 * fake.spoken[i]!.length)).toBeLessThanOrEqual(2));
      // Gaps are the pauses: paragraph after a title and between paragraphs, sentence within one, section between chapters.
      const gaps = sentences.slice(1).map((s, i) => s.startMs - sentences[i]!.endMs);
      expect(gaps).toEqual([650, 320, 320, 1100, 650, 320, 320, 1100, 650, 650].map((ms) => expect.closeTo(ms, -0.5)));
      // The sum of durations and pauses is the file's length, within 20 ms; the chapters start at their first sentence.
      const total = sentences.reduce((sum, s) => sum + s.endMs - s.startMs, 0) + gaps.reduce((a, b) => a + b, 0);
      const opus = new Uint8Array(await readFile(path.join(outDir, "a-tiny-book.en.opus")));
      expect(Math.abs(oggOpusDurationSeconds(opus) * 1000 - total)).toBeLessThanOrEqual(20);
      expect(Math.abs(result.durationSeconds * 1000 - total)).toBeLessThanOrEqual(20);
      expect(result.chapters.map((c) => c.startSeconds * 1000)).toEqual([0, sentences[4]!.startMs, sentences[8]!.startMs]);

      // The JSON passes the importer's strict schema unchanged, records the text's hash and says the voice is synthetic.
      const json: unknown = JSON.parse(await readFile(path.join(outDir, "a-tiny-book.en.json"), "utf8"));
      const meta = audioMetaSchema.parse(json);
      expect(meta).toEqual(json);
      expect(meta.textSha256).toBe(script.textSha256);
      expect(meta.narrator?.kind).toBe("synthetic");
      expect(meta.byteSize).toBe(opus.length);
      expect(String.fromCharCode(...opus.subarray(0, 4))).toBe("OggS");
      expect(new TextDecoder().decode(opus)).toContain("CHAPTER002NAME=Small steps add up");
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});

describe("espeak-ng in WebAssembly", () => {
  it("speaks several sentences from one instance, each a WAV of its own", { timeout: 60_000 }, async () => {
    const espeak = await createEspeak();
    try {
      const short = await espeak.speak("Hello.", VOICES.en);
      const long = await espeak.speak("Hello, this sentence is a good deal longer than the first one.", VOICES.en);
      const again = await espeak.speak("Hello.", VOICES.en);
      expect(short.sampleRate).toBe(22_050);
      expect(long.samples.length).toBeGreaterThan(2 * short.samples.length);
      expect(Math.abs(again.samples.length - short.samples.length)).toBeLessThan(short.samples.length * 0.05);
      expect(await espeak.phonemes("Marco Aurélio", VOICES.pt)).toMatch(/m'a/i);
    } finally {
      espeak.close();
    }
  });
});

describe("spokenForm", () => {
  it("spells out what espeak-ng reads wrongly in each language", () => {
    expect(spokenForm("In 1732 and 1800 and 1905, Louis XIV read Book IV (121–180).", "en")).toBe(
      "In 17 32 and 18 hundred and 19 oh 5, Louis the Fourteenth read Book 4 (121 to 180).",
    );
    expect(spokenForm("Em 480 a.C., Luís XIV leu o Livro II — e o Sr. Silva também.", "pt")).toBe(
      "Em 480 antes de Cristo, Luís 14 leu o Livro 2, e o senhor Silva também.",
    );
    expect(spokenForm("En 480 a. C., el capítulo XII de Felipe II.", "es")).toBe(
      "En 480 antes de Cristo, el capítulo 12 de Felipe segundo.",
    );
    expect(spokenForm("In the 1790s and 1800s.", "en")).toBe("In the 17 nineties and 18 hundreds.");
    expect(spokenForm("Thoreau leu Tocqueville no 1.º ano.", "pt")).toBe("Toró leu Tokvíl no primeiro ano.");
    expect(spokenForm("Henry George vivió en EE. UU.", "es")).toBe("Henry Yorch vivió en Estados Unidos");
  });
});

describe("scriptSentences", () => {
  it("does not end a sentence at an initial, an abbreviation or an era", () => {
    const script = narrationScript({
      ...edition,
      language: "es",
      title: "Libro",
      introduction: "W. E. B. Du Bois nació en 1868. En 480 a. C. hubo guerra. El Sr. Pérez lo vio.",
    });
    expect(
      scriptSentences(script, "es")
        .slice(1, 4)
        .map((s) => s.text),
    ).toEqual(["W. E. B. Du Bois nació en 1868.", "En 480 a. C. hubo guerra.", "El Sr. Pérez lo vio."]);
  });
});
