// Real narration of a tiny edition: needs espeak-ng, opusenc and sox (skipped only without espeak-ng).
import { execFile, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { audioMetaSchema } from "../import/model.js";
import { chapterTime, narrateEdition, speakable } from "./narrate.js";
import { narrationScript } from "./script.js";

const run = promisify(execFile);
// Looked up on PATH, not run: espeak-ng starts PulseAudio's client even for --version (see narrate.ts).
const has = (tool: string) => spawnSync("sh", ["-c", 'command -v "$1"', "sh", tool], { stdio: "ignore" }).status === 0;

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

describe.skipIf(!has("espeak-ng"))("narrateEdition", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("leaves nothing in the temp folder or the user's config (PulseAudio's runtime folder and cookie)", { timeout: 60_000 }, async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), "brevia-narrate-test-"));
    try {
      const [outDir, tmp, config] = ["out", "tmp", "config"].map((name) => path.join(scratch, name)) as [string, string, string];
      await Promise.all([outDir, tmp, config].map((dir) => mkdir(dir)));
      // A machine with no desktop session: no XDG_RUNTIME_DIR (CI, a container, ssh).
      vi.stubEnv("TMPDIR", tmp);
      vi.stubEnv("XDG_CONFIG_HOME", config);
      vi.stubEnv("XDG_RUNTIME_DIR", undefined);
      await narrateEdition({ slug: "a-tiny-book", edition, outDir });
      expect(await readdir(outDir)).toEqual(["a-tiny-book.en.json", "a-tiny-book.en.opus"]);
      expect(await readdir(tmp)).toEqual([]);
      expect(await readdir(config)).toEqual([]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it("writes a small mono Opus file with chapters and matching metadata", { timeout: 60_000 }, async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), "brevia-narrate-test-"));
    try {
      const result = await narrateEdition({ slug: "a-tiny-book", edition, outDir });
      const opus = await readFile(path.join(outDir, "a-tiny-book.en.opus"));
      expect(opus.subarray(0, 4).toString("latin1")).toBe("OggS");

      // The json must pass the importer's strict schema, unchanged.
      const json: unknown = JSON.parse(await readFile(path.join(outDir, "a-tiny-book.en.json"), "utf8"));
      const meta = audioMetaSchema.parse(json);
      expect(meta).toEqual(json);
      expect(meta.mimeType).toBe("audio/ogg; codecs=opus");
      expect(meta.byteSize).toBe(opus.length);
      expect(meta.durationSeconds).toBeGreaterThan(1);
      expect((meta.byteSize * 8) / meta.durationSeconds).toBeLessThanOrEqual(32_000);
      expect(meta.chapters.map((c) => c.title)).toEqual(["Introduction", "Small steps add up", "Rest is part of work"]);
      // The JSON records which text was narrated, so catalog:check can tell when the text has moved on.
      expect(meta.textSha256).toBe(narrationScript(edition).textSha256);
      const starts = meta.chapters.map((c) => c.startSeconds);
      expect(starts[0]).toBe(0);
      for (let i = 1; i < starts.length; i++) expect(starts[i]!).toBeGreaterThan(starts[i - 1]!);
      expect(starts.at(-1)!).toBeLessThan(meta.durationSeconds);
      expect(result.chapters).toEqual(meta.chapters);

      // The chapters are inside the file too, as a player (here ffprobe or opusinfo) reads them.
      const file = path.join(outDir, "a-tiny-book.en.opus");
      if (has("ffprobe")) {
        const { stdout } = await run("ffprobe", ["-v", "error", "-show_chapters", "-of", "json", file]);
        const probed = JSON.parse(stdout) as { chapters: { start_time: string; tags?: { title?: string } }[] };
        expect(probed.chapters.map((c) => c.tags?.title)).toEqual(meta.chapters.map((c) => c.title));
        probed.chapters.forEach((c, i) => expect(Number(c.start_time)).toBeCloseTo(starts[i]!, 2));
      } else {
        const { stdout } = await run("opusinfo", [file]);
        for (const c of meta.chapters) expect(stdout).toContain(`NAME=${c.title}`);
      }
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
