import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { InputValidationError } from "../../schema/errors.js";
import { anchorAt, locateQuote, reanchor } from "./anchor.js";
import { editionChapters, textVersion, type ChapterKey } from "./chapter-text.js";

type Db = Pick<PrismaClient, "microbookEdition" | "highlight">;

/** The longest highlight (a few paragraphs) and note. */
export const MAX_QUOTE_LENGTH = 2000;
export const MAX_NOTE_LENGTH = 2000;

const invalid = (path: string, code: string) => new InputValidationError({ issues: [{ path: [path], message: code }] });

const EDITION_TEXT = {
  id: true,
  microbookId: true,
  language: true,
  introduction: true,
  keyIdeas: { select: { position: true, body: true } },
} as const;

/** The edition with its text, or null. */
export function editionWithText(prisma: Db, editionId: string) {
  return prisma.microbookEdition.findUnique({ where: { id: editionId }, select: EDITION_TEXT });
}
export type EditionWithText = NonNullable<Awaited<ReturnType<typeof editionWithText>>>;

/** A note as stored: trimmed, null when empty. */
export function cleanNote(note: string | null | undefined): string | null {
  const trimmed = note?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/**
 * The anchor of what the reader selected: the quote must be in the chapter the client names (at its
 * offsets, or the nearest occurrence: the server's text is the truth); context and version come from
 * the server's text. Throws InvalidInput (NOT_IN_TEXT) otherwise.
 */
export function anchorSelection(edition: EditionWithText, selection: { keyIdeaPosition: ChapterKey; startOffset: number; quote: string }) {
  const text = editionChapters(edition).get(selection.keyIdeaPosition);
  if (text === undefined) throw invalid("keyIdeaPosition", "NOT_IN_TEXT");
  const found = locateQuote(text, selection.quote, selection.startOffset);
  if (!found) throw invalid("quote", "NOT_IN_TEXT");
  return { ...anchorAt(selection.keyIdeaPosition, text, found.start, found.end), textVersion: textVersion(edition) };
}

/** A random, unguessable id for a quote card's address (128 bits). */
export const newShareId = () => randomBytes(16).toString("base64url");

/**
 * Re-anchors the highlights of an edition whose text changed (a catalogue import): each is placed in
 * the new text (anchor.ts) or, when it cannot be, kept with its original quote and marked detached.
 * Highlights already on this version are left alone, so running it twice changes nothing.
 */
export async function reanchorEdition(prisma: Db, editionId: string, now = new Date()): Promise<{ moved: number; detached: number }> {
  const edition = await editionWithText(prisma, editionId);
  if (!edition) return { moved: 0, detached: 0 };
  const version = textVersion(edition);
  const stale = await prisma.highlight.findMany({ where: { editionId, textVersion: { not: version }, detachedAt: null } });
  if (stale.length === 0) return { moved: 0, detached: 0 };
  const chapters = editionChapters(edition);
  let moved = 0;
  let detached = 0;
  for (const highlight of stale) {
    const placed = reanchor(highlight, chapters);
    if (placed) moved++;
    else detached++;
    await prisma.highlight.update({
      where: { id: highlight.id },
      // A detached highlight keeps its original quote, place and context (what the reader chose).
      data: placed ? { ...placed, textVersion: version } : { detachedAt: now },
    });
  }
  return { moved, detached };
}

/** Before an edition is removed (a language withdrawn): its highlights stay, detached. */
export function detachEditionHighlights(prisma: Db, editionIds: string[], now = new Date()) {
  return prisma.highlight.updateMany({ where: { editionId: { in: editionIds }, detachedAt: null }, data: { detachedAt: now } });
}
