// Narrates one catalogue edition: each sentence synthesised on its own (its duration is its sample count), the
// sentences joined with fixed pauses, the whole encoded once to mono Ogg Opus. The JSON beside the audio records
// the chapters and every sentence's start and end (ms) and character range in the narrated text.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AudioMeta, CatalogLanguage } from "../import/model.js";
import { createEspeak, type Speech, type Synthesiser, type VoiceSettings } from "./espeak.js";
import { encodeOggOpus, OPUS_RATE, resample } from "./ogg-opus.js";
import { narrationScript, type NarratedEdition } from "./script.js";
import { scriptSentences, type Boundary } from "./sentences.js";
import { spokenForm } from "./speech.js";

export { speakable } from "./script.js";

/**
 * Voices tuned by listening and by reading espeak-ng's phonemes (README "Narration"): Brazilian Portuguese,
 * Latin-American Spanish and American English, a little slower than espeak's 175 words a minute for long
 * listening, the pitch lowered a touch from 50, which sounds less strained over twelve minutes.
 */
export const VOICES: Record<CatalogLanguage, VoiceSettings> = {
  en: { voice: "en-us", wordsPerMinute: 160, pitch: 42 },
  pt: { voice: "pt-br", wordsPerMinute: 160, pitch: 45 },
  es: { voice: "es-419", wordsPerMinute: 160, pitch: 45 },
};
/** Silence before a sentence, by what precedes it: a sentence, a paragraph end, a chapter end. */
export const PAUSE_MS: Record<Boundary, number> = { sentence: 320, paragraph: 650, section: 1100 };
/** Opus bit rate (bit/s): speech from espeak-ng stays clear at 16 kHz and 9 kbit/s; 12 minutes ≈ 0.85 MB, so all 111 editions fit in under 100 MB. */
export const BITRATE = 9_000;
/** libopus complexity: 5 encodes four times faster than 10 in WebAssembly, the file as small and as clear for speech. */
export const COMPLEXITY = 5;
/** Samples quieter than this (of 32,767) at a sentence's ends are silence, trimmed so pauses are what PAUSE_MS says. */
const SILENCE = 150;

export type SentenceTiming = NonNullable<AudioMeta["sentences"]>[number];
export type NarrationInput = {
  slug: string;
  edition: NarratedEdition;
  outDir: string;
  /** The synthesiser (espeak-ng in WebAssembly unless given; tests pass a fake one). */
  synthesiser?: Synthesiser;
};
export type NarrationResult = AudioMeta & { opusPath: string; jsonPath: string };

/** Vorbis-comment chapter time, HH:MM:SS.mmm (the CHAPTERxxx convention players and ffmpeg read). */
export function chapterTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** The speech without the silence espeak-ng leaves before and after it (a few ms kept so no sound is clipped). */
export function trimSilence(samples: Int16Array, sampleRate: number): Int16Array {
  const margin = Math.round(sampleRate * 0.02);
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < SILENCE) first++;
  let last = samples.length - 1;
  while (last > first && Math.abs(samples[last]!) < SILENCE) last--;
  if (first >= samples.length) return samples.subarray(0, 0);
  return samples.subarray(Math.max(0, first - margin), Math.min(samples.length, last + 1 + margin));
}

const msOf = (samples: number) => Math.round((samples * 1000) / OPUS_RATE);

/** The narration's PCM (at OPUS_RATE), its chapters and sentence timings. */
export async function synthesiseEdition(edition: NarratedEdition, synthesiser: Synthesiser) {
  const language = edition.language;
  const script = narrationScript(edition);
  const sentences = scriptSentences(script, language);
  const parts: Int16Array[] = [];
  const timings: SentenceTiming[] = [];
  const chapters: AudioMeta["chapters"] = [];
  let at = 0;
  for (const [i, sentence] of sentences.entries()) {
    if (i > 0) {
      const pause = new Int16Array(Math.round((PAUSE_MS[sentence.after] * OPUS_RATE) / 1000));
      parts.push(pause);
      at += pause.length;
    }
    const speech: Speech = await synthesiser.speak(spokenForm(sentence.text, language), VOICES[language]);
    const pcm = resample(trimSilence(speech.samples, speech.sampleRate), speech.sampleRate);
    if (sentence.after === "section") chapters.push({ title: script.sections[sentence.section]!.chapter, startSeconds: msOf(at) / 1000 });
    timings.push({
      id: i + 1,
      section: sentence.section,
      startMs: msOf(at),
      endMs: msOf(at + pcm.length),
      from: sentence.from,
      to: sentence.to,
    });
    parts.push(pcm);
    at += pcm.length;
  }
  const samples = new Int16Array(at);
  let offset = 0;
  for (const part of parts) {
    samples.set(part, offset);
    offset += part.length;
  }
  return { samples, chapters, timings, textSha256: script.textSha256 };
}

/** Writes `<slug>.<lang>.opus` and `.json`, each through a temporary name: a reader never sees half a file. */
export async function narrateEdition({ slug, edition, outDir, synthesiser }: NarrationInput): Promise<NarrationResult> {
  const lang = edition.language;
  const synth = synthesiser ?? (await createEspeak());
  try {
    const { samples, chapters, timings, textSha256 } = await synthesiseEdition(edition, synth);
    const comments = [
      `TITLE=${edition.title.replace(/\*/g, "")}`,
      `LANGUAGE=${lang}`,
      `COMMENT=Synthetic voice (eSpeak NG ${VOICES[lang].voice})`,
      ...chapters.flatMap((c, i) => {
        const n = String(i + 1).padStart(3, "0");
        return [`CHAPTER${n}=${chapterTime(c.startSeconds)}`, `CHAPTER${n}NAME=${c.title}`];
      }),
    ];
    const opus = encodeOggOpus(samples, { bitrate: BITRATE, comments, complexity: COMPLEXITY });
    await mkdir(outDir, { recursive: true });
    const opusPath = path.join(outDir, `${slug}.${lang}.opus`);
    const jsonPath = path.join(outDir, `${slug}.${lang}.json`);
    const meta: AudioMeta = {
      mimeType: "audio/ogg; codecs=opus",
      byteSize: opus.length,
      durationSeconds: samples.length / OPUS_RATE,
      textSha256,
      narrator: { kind: "synthetic", voice: `eSpeak NG ${VOICES[lang].voice}` },
      chapters,
      sentences: timings,
    };
    // Opus before JSON: an edition whose JSON is current is never missing its audio.
    await writeFile(`${opusPath}.tmp`, opus);
    await rename(`${opusPath}.tmp`, opusPath);
    await writeFile(`${jsonPath}.tmp`, formatMeta(meta), "utf8");
    await rename(`${jsonPath}.tmp`, jsonPath);
    return { ...meta, opusPath, jsonPath };
  } finally {
    if (!synthesiser) synth.close();
  }
}

/** Pretty JSON with one sentence per line: readable, and a re-narration's diff stays small. */
export function formatMeta(meta: AudioMeta): string {
  const { sentences, ...rest } = meta;
  const head = JSON.stringify(rest, null, 2).replace(/\n}$/, "");
  if (!sentences) return `${head}\n}\n`;
  const lines = sentences.map((s) => `    ${JSON.stringify(s)}`).join(",\n");
  return `${head},\n  "sentences": [\n${lines}\n  ]\n}\n`;
}
