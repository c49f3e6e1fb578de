import type { PrismaClient } from "../../generated/prisma/client.js";

/**
 * The reading position: where a reader is in a microbook, text and audio alike, kept in one row per
 * reader and book and followed on every device. One save is ONE statement (a CTE: clamp to the edition,
 * upsert the position under the session rules, then the reader's UserBookState), so a save is cheap
 * enough to send every ~10 s and on page hide, and two saves at once cannot interleave.
 *
 * The rules (issue "progress that follows the reader"):
 * - The server's clock stamps every save (`savedAt`, `lastReadAt`); clients' clocks are never trusted.
 * - Within one session (a tab's reading or a playback), saves apply in sequence order: an older or
 *   repeated sequence (a retry, a beacon overtaken by a later save) changes nothing. The newest save
 *   of the session wins, backwards too: scrolling back up or rewinding is what the reader did.
 * - A save from another session moves the position only when it is deliberate (the reader jumped to a
 *   chapter, sought, or chose "continue here"): then that session owns the position. A start at the saved
 *   place (opening and resuming, a queue going on to its next item) takes it over only while the position
 *   is still the one it read: one saved since by another session (even behind it) is never moved unasked. A routine save from a session that does not own it (a stale tab, another
 *   device left open) is refused and answered with the current position, so it never moves it,
 *   forwards or backwards, silently.
 * - Positions are clamped to the edition: a key idea it has, 0..1 through it, seconds within the track.
 * - Reaching the end (the last key idea's end; the narration's end or less than max(10 s, 2 %) left)
 *   marks the book read once, when the access policy's mark-read decision allows it: when the position
 *   arrives there, not again while it stays there.
 */

export type ReadingMedium = "TEXT" | "AUDIO";
export type Language = "pt" | "en" | "es";

export type PositionSave = {
  userId: string;
  microbookId: string;
  language: Language;
  medium: ReadingMedium;
  keyIdea: number;
  keyIdeaOffset: number;
  audioSeconds: number | null;
  deviceId: string;
  sessionId: string;
  sequence: number;
  deliberate: boolean;
  /**
   * A start at the saved place the client read (a queue going on, "Listen" resuming), not a place the reader chose:
   * from another session it applies only while the position is still the one read (`savedAt`, null: none was saved),
   * so a start can never move a newer position, backwards or forwards. Undefined: not such a start.
   */
  resumes?: { savedAt: Date | null };
  /** The access policy's markRead decision for this reader and book. */
  mayMarkRead: boolean;
  now: Date;
};

export type StoredPosition = {
  language: Language;
  medium: ReadingMedium;
  keyIdea: number;
  keyIdeaOffset: number;
  audioSeconds: number | null;
  progress: number;
  finished: boolean;
  deviceId: string;
  sessionId: string;
  sequence: number;
  savedAt: Date;
};

/** APPLIED: the save is the position now. STALE: another session owns it. OUT_OF_ORDER: this session already saved a later one. */
export type SaveOutcome = "APPLIED" | "STALE" | "OUT_OF_ORDER";

export type SaveResult =
  | { found: false }
  | {
      found: true;
      outcome: SaveOutcome;
      position: StoredPosition;
      /** The reader's book state after the save (null when nothing was applied and none existed). */
      state: { status: "NONE" | "READING" | "READ"; progress: number } | null;
      /** This save marked the book read. */
      markedRead: boolean;
    };

type Row = {
  found: boolean;
  saved: RawPosition | null;
  previous: RawPosition | null;
  state: { status: "NONE" | "READING" | "READ"; progress: number } | null;
  marked: boolean;
};
type RawPosition = Omit<StoredPosition, "savedAt"> & { savedAt: string };

const toPosition = (raw: RawPosition): StoredPosition => ({
  language: raw.language,
  medium: raw.medium,
  keyIdea: raw.keyIdea,
  keyIdeaOffset: raw.keyIdeaOffset,
  audioSeconds: raw.audioSeconds,
  progress: raw.progress,
  finished: raw.finished,
  deviceId: raw.deviceId,
  sessionId: raw.sessionId,
  sequence: raw.sequence,
  // row_to_json writes timestamp(3) without a zone: it is UTC, as Prisma stores it.
  savedAt: new Date(raw.savedAt.endsWith("Z") ? raw.savedAt : `${raw.savedAt}Z`),
});

/** Saves a position (one statement); `found: false` when the microbook has no edition with key ideas in that language. */
export async function saveReadingPosition(prisma: PrismaClient, save: PositionSave): Promise<SaveResult> {
  const { userId, microbookId, language, medium, now } = save;
  const audio = save.audioSeconds;
  const resuming = save.resumes !== undefined;
  // The position read, as stored (timestamp(3) in UTC); null: none was read.
  const readSavedAt = save.resumes?.savedAt?.toISOString() ?? null;
  const rows = await prisma.$queryRaw<Row[]>`
    WITH edition AS (
      SELECT e."keyIdeaCount" AS "count", a."durationSeconds" AS "duration"
      FROM "MicrobookEdition" e LEFT JOIN "AudioTrack" a ON a."editionId" = e."id"
      WHERE e."microbookId" = ${microbookId} AND e."language" = ${language}::"Language" AND e."keyIdeaCount" > 0
    ),
    clamped AS (
      SELECT "count", "duration",
        LEAST(GREATEST(${save.keyIdea}::int, 0), "count" - 1) AS "keyIdea",
        LEAST(GREATEST(${save.keyIdeaOffset}::float8, 0), 1) AS "keyIdeaOffset",
        CASE WHEN "duration" IS NULL OR ${audio}::float8 IS NULL THEN NULL
             ELSE LEAST(GREATEST(${audio}::float8, 0), "duration") END AS "audioSeconds"
      FROM edition
    ),
    placed AS (
      SELECT *,
        CASE WHEN ${medium} = 'AUDIO' AND "audioSeconds" IS NOT NULL AND "duration" > 0 THEN "audioSeconds" / "duration"
             ELSE ("keyIdea" + "keyIdeaOffset") / "count" END AS "progress",
        CASE WHEN ${medium} = 'AUDIO' AND "audioSeconds" IS NOT NULL
             THEN "duration" - "audioSeconds" <= GREATEST(10, 0.02 * "duration")
             ELSE "keyIdea" = "count" - 1 AND "keyIdeaOffset" >= 1 END AS "finished"
      FROM clamped
    ),
    previous AS (
      SELECT * FROM "ReadingPosition" WHERE "userId" = ${userId} AND "microbookId" = ${microbookId}
    ),
    saved AS (
      INSERT INTO "ReadingPosition" ("userId", "microbookId", "language", "medium", "keyIdea", "keyIdeaOffset", "audioSeconds",
        "progress", "finished", "deviceId", "sessionId", "sequence", "savedAt")
      SELECT ${userId}, ${microbookId}, ${language}::"Language", ${medium}::"ReadingMedium", "keyIdea", "keyIdeaOffset", "audioSeconds",
        "progress", "finished", ${save.deviceId}, ${save.sessionId}, ${save.sequence}::int, ${now}
      FROM placed
      ON CONFLICT ("userId", "microbookId") DO UPDATE SET
        "language" = EXCLUDED."language", "medium" = EXCLUDED."medium", "keyIdea" = EXCLUDED."keyIdea",
        "keyIdeaOffset" = EXCLUDED."keyIdeaOffset",
        -- A text save keeps the last audio position (and the other way round, the key idea follows the audio's chapter).
        "audioSeconds" = COALESCE(EXCLUDED."audioSeconds", "ReadingPosition"."audioSeconds"),
        "progress" = EXCLUDED."progress", "finished" = EXCLUDED."finished", "deviceId" = EXCLUDED."deviceId",
        "sessionId" = EXCLUDED."sessionId", "sequence" = EXCLUDED."sequence", "savedAt" = EXCLUDED."savedAt"
      WHERE CASE WHEN "ReadingPosition"."sessionId" = EXCLUDED."sessionId" THEN EXCLUDED."sequence" > "ReadingPosition"."sequence"
                 -- A start over the place it read: only while that is still the position (a row now, none read: refused).
                 WHEN ${resuming}::boolean THEN "ReadingPosition"."savedAt" IS NOT DISTINCT FROM (${readSavedAt}::timestamptz AT TIME ZONE 'UTC')
                 ELSE ${save.deliberate}::boolean END
      RETURNING *
    ),
    reached AS (
      -- This save arrived at the end (it was not there before) and the policy lets the reader mark the book read.
      SELECT s.*, (s."finished" AND ${save.mayMarkRead}::boolean AND NOT COALESCE((SELECT p."finished" FROM previous p), false)) AS "marks"
      FROM saved s
    ),
    state AS (
      INSERT INTO "UserBookState" ("userId", "microbookId", "status", "progress", "startedAt", "finishedAt", "lastReadAt", "updatedAt")
      SELECT r."userId", r."microbookId",
        -- READ in the row to insert means "this save reached the end": the update below reads it so.
        CASE WHEN r."marks" THEN 'READ'::"ReadingStatus" ELSE 'READING'::"ReadingStatus" END,
        CASE WHEN r."marks" THEN 1 ELSE r."progress" END,
        ${now}, CASE WHEN r."marks" THEN ${now}::timestamp(3) END, ${now}, ${now}
      FROM reached r
      ON CONFLICT ("userId", "microbookId") DO UPDATE SET
        "status" = CASE WHEN EXCLUDED."status" = 'READ' THEN 'READ'::"ReadingStatus"
                        WHEN "UserBookState"."status" = 'NONE' THEN 'READING'::"ReadingStatus"
                        ELSE "UserBookState"."status" END,
        "progress" = GREATEST("UserBookState"."progress", EXCLUDED."progress"),
        "startedAt" = COALESCE("UserBookState"."startedAt", EXCLUDED."startedAt"),
        "finishedAt" = CASE WHEN EXCLUDED."status" = 'READ' AND "UserBookState"."status" <> 'READ' THEN EXCLUDED."finishedAt"
                            ELSE "UserBookState"."finishedAt" END,
        "lastReadAt" = EXCLUDED."lastReadAt",
        "updatedAt" = EXCLUDED."updatedAt"
      -- A save that changes nothing of the book's state but the time writes it at most once a minute:
      -- "continue reading" needs no finer order, and the row (three indexes, the reads trigger) stays unwritten.
      WHERE EXCLUDED."status" = 'READ' OR "UserBookState"."status" = 'NONE'
         OR EXCLUDED."progress" > "UserBookState"."progress"
         OR "UserBookState"."lastReadAt" IS NULL
         OR "UserBookState"."lastReadAt" < EXCLUDED."lastReadAt" - interval '1 minute'
      RETURNING "status", "progress"
    )
    SELECT EXISTS (SELECT 1 FROM edition) AS "found",
      (SELECT row_to_json(s) FROM saved s) AS "saved",
      (SELECT row_to_json(p) FROM previous p) AS "previous",
      -- The book's state after an applied save: written now, or as it was (a write skipped above).
      CASE WHEN EXISTS (SELECT 1 FROM saved) THEN COALESCE(
        (SELECT row_to_json(st) FROM state st),
        (SELECT json_build_object('status', b."status", 'progress', b."progress") FROM "UserBookState" b
         WHERE b."userId" = ${userId} AND b."microbookId" = ${microbookId})
      ) END AS "state",
      COALESCE((SELECT r."marks" FROM reached r), false) AS "marked"`;
  const row = rows[0]!;
  if (!row.found) return { found: false };
  if (row.saved) {
    return {
      found: true,
      outcome: "APPLIED",
      position: toPosition(row.saved),
      state: row.state && { status: row.state.status, progress: row.state.progress },
      markedRead: row.marked,
    };
  }
  // Not applied: the previous row exists (an insert always applies) and is still the position.
  const previous = toPosition(row.previous!);
  return {
    found: true,
    outcome: previous.sessionId === save.sessionId ? "OUT_OF_ORDER" : "STALE",
    position: previous,
    state: null,
    markedRead: false,
  };
}
