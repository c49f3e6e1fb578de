// What a narration says: the sections espeak-ng reads, in order, and the SHA-256 of that text. One implementation
// for catalog:narrate (which records the hash in the audio JSON) and catalog:check (which compares it with the text).
import { createHash } from "node:crypto";
import type { CatalogEdition, CatalogLanguage } from "../import/model.js";

const INTRODUCTION: Record<CatalogLanguage, string> = { en: "Introduction", pt: "Introdução", es: "Introducción" };

export type NarratedEdition = Pick<CatalogEdition, "language" | "title" | "introduction" | "keyIdeas">;
/** One chapter of the narration: its title in the player, and the text read aloud. */
export type NarrationSection = { chapter: string; text: string };
/** `text` is what is read aloud, the sections joined by a blank line; sentence ranges index it. */
export type NarrationScript = { sections: NarrationSection[]; text: string; textSha256: string };

/** Text as espeak-ng should read it: no markdown emphasis, and a full stop so a heading ends with a pause. */
export function speakable(text: string): string {
  const plain = text
    .replace(/\*+([^*]+?)\*+/g, "$1")
    .replace(/\*/g, "")
    .trim();
  return /[.!?…:;]["'”’»)]*$/.test(plain) ? plain : `${plain}.`;
}

/**
 * The narration of an edition: title and introduction, then each key idea (heading and body), one chapter each.
 * `textSha256` is the SHA-256 (hex) of exactly the text read aloud: the sections' texts joined by a blank line.
 * Markdown emphasis is not read, so changing only emphasis leaves the hash (and the audio) as it is.
 */
export function narrationScript(edition: NarratedEdition): NarrationScript {
  const sections: NarrationSection[] = [
    { chapter: INTRODUCTION[edition.language], text: `${speakable(edition.title)}\n\n${speakable(edition.introduction)}` },
    ...edition.keyIdeas.map((idea) => ({
      chapter: idea.title.replace(/\*/g, ""),
      text: `${speakable(idea.title)}\n\n${speakable(idea.body)}`,
    })),
  ];
  const text = sections.map((s) => s.text).join("\n\n");
  const textSha256 = createHash("sha256").update(text, "utf8").digest("hex");
  return { sections, text, textSha256 };
}

/** The command that re-narrates one edition, for messages about a missing or stale narration. */
export function renarrateCommand(slug: string, language: CatalogLanguage): string {
  return `npm run catalog:narrate -- --force --lang ${language} ${slug}`;
}
