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

const execFileAsync = promisify(execFile);
/** Runs one audio tool (espeak-ng, sox, opusenc) in an environment from `toolRuntime`. */
type Tool = (command: string, args: string[]) => Promise<{ stdout: string; stderr: string }>;

/**
 * The audio tools' runtime files go to `dir`, a folder the caller owns and removes. espeak-ng's audio
 * output (PulseAudio's client library) starts even when it only writes a WAV file or prints its
 * version: without XDG_RUNTIME_DIR it makes a `pulse-…` folder in TMPDIR, and it writes
 * `~/.config/pulse`. Pointed here, nothing outlives the narration.
 */
function toolRuntime(dir: string): Tool {
  const env = { ...process.env, XDG_RUNTIME_DIR: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir };
  return (command, args) => execFileAsync(command, args, { env });
}

/** Runs fn with the audio tools in a runtime folder of their own, removed after. */
async function withTools<T>(fn: (tool: Tool) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "brevia-narrate-runtime-"));
  try {
    return await fn(toolRuntime(dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

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
export async function checkTools(tool?: Tool): Promise<void> {
  if (!tool) return withTools((own) => checkTools(own));
  const tools: [string, string[]][] = [
    ["espeak-ng", ["--version"]],
    ["opusenc", ["--version"]],
    ["sox", ["--version"]],
  ];
  for (const [name, args] of tools) {
    try {
      await tool(name, args);
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
      throw new Error(`${name} ${missing ? "is not installed" : "does not run"}: ${INSTALL_HINT}`, { cause: error });
    }
  }
}

let voiceList: Promise<string> | undefined;
/** Picks the Latin-American / Brazilian voices the catalogue is written for, when this espeak-ng has them. */
export async function voiceFor(language: CatalogLanguage, tool: Tool): Promise<string> {
  if (language === "en") return "en-us";
  if (language === "pt") return "pt-br";
  voiceList ??= tool("espeak-ng", ["--voices=es"]).then((r) => r.stdout);
  return /\ses-419\s/.test(await voiceList) ? "es-419" : "es";
}

/** Vorbis-comment chapter time, HH:MM:SS.mmm (the CHAPTERxxx convention players and ffmpeg read). */
export function chapterTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

async function durationOf(tool: Tool, wav: string): Promise<number> {
  const { stdout } = await tool("sox", ["--i", "-D", wav]);
  const seconds = Number.parseFloat(stdout);
  if (!Number.isFinite(seconds)) throw new Error(`sox could not read the duration of ${wav}: ${stdout}`);
  return seconds;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export async function narrateEdition({ slug, edition, outDir }: NarrationInput): Promise<NarrationResult> {
  const lang = edition.language;
  // The same script catalog:check rebuilds from the text: its hash goes into the JSON to detect stale audio.
  const { sections, textSha256 } = narrationScript(edition);

  const work = await mkdtemp(path.join(tmpdir(), `brevia-narrate-${slug}-${lang}-`));
  try {
    // The work folder is also the tools' runtime folder: removed below, with what they left in it.
    const run = toolRuntime(work);
    await checkTools(run);
    const voice = await voiceFor(lang, run);
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
      durations.push(await durationOf(run, wav));
    }

    // A silence in the same format as espeak's output (sox concatenation needs matching rate/channels).
    const { stdout: rate } = await run("sox", ["--i", "-r", wavs[0]!]);
    const silence = path.join(work, "pause.wav");
    await run("sox", ["-n", "-r", rate.trim(), "-c", "1", "-b", "16", silence, "trim", "0", String(PAUSE_SECONDS)]);
    const pause = await durationOf(run, silence);

    const chapters: AudioMeta["chapters"] = [];
    let at = 0;
    sections.forEach((section, i) => {
      chapters.push({ title: section.chapter, startSeconds: round3(at) });
      at += durations[i]! + pause;
    });
    const joined = path.join(work, "all.wav");
    await run("sox", [...wavs.flatMap((w, i) => (i === 0 ? [w] : [silence, w])), joined]);
    const durationSeconds = round3(await durationOf(run, joined));

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
