// Narrates one catalogue edition with espeak-ng: one WAV per section (title + introduction, then each
// key idea), concatenated with sox and encoded by opusenc to mono Ogg Opus with Vorbis-comment chapters.
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { AudioMeta, CatalogLanguage } from "../import/model.js";
import { narrationScript, type NarratedEdition } from "./script.js";

export { speakable } from "./script.js";

const run = promisify(execFile);

export const INSTALL_HINT = "apt-get install -y espeak-ng opus-tools sox";
/** espeak-ng words per minute: a little slower than its default 175, easier to follow for long listening. */
const SPEED = "165";
/** opusenc target in kbit/s: speech stays clear at 24 and the file stays well under the 32 kbit/s budget. */
const BITRATE = "24";
/** Pause between sections so a new chapter does not run into the end of the previous one. */
const PAUSE_SECONDS = 0.7;

export type NarrationInput = {
  slug: string;
  edition: NarratedEdition;
  outDir: string;
};
export type NarrationResult = AudioMeta & { opusPath: string; jsonPath: string };

/** Fails early, with the install command, when a tool is missing (ENOENT from execFile). */
export async function checkTools(): Promise<void> {
  const tools: [string, string[]][] = [
    ["espeak-ng", ["--version"]],
    ["opusenc", ["--version"]],
    ["sox", ["--version"]],
  ];
  for (const [tool, args] of tools) {
    try {
      await run(tool, args);
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
      throw new Error(`${tool} ${missing ? "is not installed" : "does not run"}: ${INSTALL_HINT}`, { cause: error });
    }
  }
}

let voiceList: Promise<string> | undefined;
/** Picks the Latin-American / Brazilian voices the catalogue is written for, when this espeak-ng has them. */
export async function voiceFor(language: CatalogLanguage): Promise<string> {
  if (language === "en") return "en-us";
  if (language === "pt") return "pt-br";
  voiceList ??= run("espeak-ng", ["--voices=es"]).then((r) => r.stdout);
  return /\ses-419\s/.test(await voiceList) ? "es-419" : "es";
}

/** Vorbis-comment chapter time, HH:MM:SS.mmm (the CHAPTERxxx convention players and ffmpeg read). */
export function chapterTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

async function durationOf(wav: string): Promise<number> {
  const { stdout } = await run("sox", ["--i", "-D", wav]);
  const seconds = Number.parseFloat(stdout);
  if (!Number.isFinite(seconds)) throw new Error(`sox could not read the duration of ${wav}: ${stdout}`);
  return seconds;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export async function narrateEdition({ slug, edition, outDir }: NarrationInput): Promise<NarrationResult> {
  await checkTools();
  const lang = edition.language;
  const voice = await voiceFor(lang);
  // The same script catalog:check rebuilds from the text: its hash goes into the JSON to detect stale audio.
  const { sections, textSha256 } = narrationScript(edition);

  const work = await mkdtemp(path.join(tmpdir(), `brevia-narrate-${slug}-${lang}-`));
  try {
    // One WAV per section so each chapter's start is known exactly from the durations before it.
    const wavs: string[] = [];
    const durations: number[] = [];
    for (const [i, section] of sections.entries()) {
      const txt = path.join(work, `s${i}.txt`);
      const wav = path.join(work, `s${i}.wav`);
      // Text goes through a file (-f), not argv: a key idea can be longer than an argument may be.
      await writeFile(txt, section.text, "utf8");
      await run("espeak-ng", ["-b", "1", "-v", voice, "-s", SPEED, "-f", txt, "-w", wav]);
      wavs.push(wav);
      durations.push(await durationOf(wav));
    }

    // A silence in the same format as espeak's output (sox concatenation needs matching rate/channels).
    const { stdout: rate } = await run("sox", ["--i", "-r", wavs[0]!]);
    const silence = path.join(work, "pause.wav");
    await run("sox", ["-n", "-r", rate.trim(), "-c", "1", "-b", "16", silence, "trim", "0", String(PAUSE_SECONDS)]);
    const pause = await durationOf(silence);

    const chapters: AudioMeta["chapters"] = [];
    let at = 0;
    sections.forEach((section, i) => {
      chapters.push({ title: section.chapter, startSeconds: round3(at) });
      at += durations[i]! + pause;
    });
    const joined = path.join(work, "all.wav");
    await run("sox", [...wavs.flatMap((w, i) => (i === 0 ? [w] : [silence, w])), joined]);
    const durationSeconds = round3(await durationOf(joined));

    const comments = chapters.flatMap((c, i) => {
      const n = String(i + 1).padStart(3, "0");
      return ["--comment", `CHAPTER${n}=${chapterTime(c.startSeconds)}`, "--comment", `CHAPTER${n}NAME=${c.title}`];
    });
    const opus = path.join(work, "all.opus");
    await run("opusenc", [
      "--quiet",
      "--speech",
      "--bitrate",
      BITRATE,
      "--downmix-mono",
      "--title",
      edition.title,
      "--comment",
      `LANGUAGE=${lang}`,
      ...comments,
      joined,
      opus,
    ]);

    // Copy then rename, opus before json: a skipped edition (both files exist) is never half-written.
    await mkdir(outDir, { recursive: true });
    const opusPath = path.join(outDir, `${slug}.${lang}.opus`);
    const jsonPath = path.join(outDir, `${slug}.${lang}.json`);
    await copyFile(opus, `${opusPath}.tmp`);
    await rename(`${opusPath}.tmp`, opusPath);
    const meta: AudioMeta = {
      mimeType: "audio/ogg; codecs=opus",
      byteSize: (await stat(opusPath)).size,
      durationSeconds,
      textSha256,
      chapters,
    };
    await writeFile(`${jsonPath}.tmp`, `${JSON.stringify(meta, null, 2)}\n`, "utf8");
    await rename(`${jsonPath}.tmp`, jsonPath);
    return { ...meta, opusPath, jsonPath };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
