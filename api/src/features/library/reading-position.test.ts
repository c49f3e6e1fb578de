import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run, runField } from "../../test/execute.js";
import { buildAudioTrack, buildMicrobook, buildReader, buildSession, makeFreeToday } from "../../test/factories.js";

const db = useTestDatabase();

const SAVE = /* GraphQL */ `
  mutation (
    $id: ID!
    $language: Language!
    $medium: ReadingMedium!
    $keyIdea: Int!
    $offset: Float!
    $audio: Float
    $device: String!
    $session: String!
    $sequence: Int!
    $deliberate: Boolean
    $resumes: ResumedPosition
  ) {
    saveReadingPosition(
      microbookId: $id
      language: $language
      medium: $medium
      keyIdea: $keyIdea
      keyIdeaOffset: $offset
      audioSeconds: $audio
      deviceId: $device
      sessionId: $session
      sequence: $sequence
      deliberate: $deliberate
      resumes: $resumes
    ) {
      __typename
      ... on ReadingPositionSaved {
        outcome
        status
        progress
        markedRead
        position {
          keyIdea
          keyIdeaOffset
          audioSeconds
          progress
          finished
          medium
          deviceId
          sessionId
          sequence
          savedAt
        }
      }
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
      ... on Error {
        code
      }
    }
  }
`;

type Saved = {
  __typename: string;
  outcome?: "APPLIED" | "STALE" | "OUT_OF_ORDER";
  status?: string | null;
  progress?: number | null;
  markedRead?: boolean;
  position?: {
    keyIdea: number;
    keyIdeaOffset: number;
    audioSeconds: number | null;
    progress: number;
    finished: boolean;
    medium: string;
    deviceId: string;
    sessionId: string;
    sequence: number;
    savedAt: string;
  };
  code?: string;
  issues?: { path: string[]; code: string }[];
};

type Save = {
  keyIdea: number;
  offset: number;
  session: string;
  sequence: number;
  deliberate?: boolean;
  /** A start at the saved place read (its savedAt; null: none was read). */
  resumes?: { savedAt: string | null };
  device?: string;
  medium?: "TEXT" | "AUDIO";
  audio?: number | null;
  language?: "en" | "pt";
};

/** A premium reader and a 4-key-idea microbook in English, with a narration of 600 s. */
async function setUp() {
  const book = await buildMicrobook(db.prisma, { keyIdeas: 4 });
  await buildAudioTrack(db.prisma, book.editions[0]!.id, { byteSize: 1000, durationSeconds: 600 });
  const reader = await buildReader(db.prisma, { plan: "premium" });
  const save = (input: Save, now?: Date) =>
    runField<Saved>(
      db,
      SAVE,
      {
        id: encodeGlobalID("Microbook", book.id),
        language: input.language ?? "en",
        medium: input.medium ?? "TEXT",
        keyIdea: input.keyIdea,
        offset: input.offset,
        audio: input.audio ?? null,
        device: input.device ?? "device-aaaa",
        session: input.session,
        sequence: input.sequence,
        deliberate: input.deliberate ?? false,
        resumes: input.resumes ?? null,
      },
      { sessionToken: reader.token, now },
    );
  const state = () =>
    db.prisma.userBookState.findUnique({ where: { userId_microbookId: { userId: reader.user.id, microbookId: book.id } } });
  return { book, reader, save, state };
}

describe("saveReadingPosition", () => {
  it("saves the position with the server's time, and the book's state (reading, progress, lastReadAt)", async () => {
    const { save, state } = await setUp();
    const now = new Date("2026-12-01T10:00:00Z");
    const saved = await save({ keyIdea: 1, offset: 0.5, session: "session-a1", sequence: 1, deliberate: true }, now);
    expect(saved).toMatchObject({
      __typename: "ReadingPositionSaved",
      outcome: "APPLIED",
      status: "READING",
      progress: 0.375,
      markedRead: false,
      position: { keyIdea: 1, keyIdeaOffset: 0.5, progress: 0.375, finished: false, savedAt: now.toISOString(), sequence: 1 },
    });
    expect(await state()).toMatchObject({ status: "READING", progress: 0.375, lastReadAt: now, startedAt: now });
  });

  it("moves lastReadAt at most once a minute when nothing else of the book's state changes", async () => {
    const { save, state } = await setUp();
    const t0 = new Date("2026-12-01T10:00:00Z");
    await save({ keyIdea: 2, offset: 0.5, session: "session-a1", sequence: 1, deliberate: true }, t0);
    const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    // Back a little (progress does not grow), 20 s later: the position moves, the book's row is not written.
    const back = await save({ keyIdea: 2, offset: 0.2, session: "session-a1", sequence: 2 }, later(20));
    expect(back).toMatchObject({ outcome: "APPLIED", status: "READING", progress: 0.625, position: { keyIdeaOffset: 0.2 } });
    expect((await state())!.lastReadAt).toEqual(t0);
    // Further on: progress grows, written at once.
    await save({ keyIdea: 3, offset: 0, session: "session-a1", sequence: 3 }, later(30));
    expect(await state()).toMatchObject({ progress: 0.75, lastReadAt: later(30) });
    // A minute on, even without progress, lastReadAt follows.
    await save({ keyIdea: 0, offset: 0, session: "session-a1", sequence: 4 }, later(100));
    expect(await state()).toMatchObject({ progress: 0.75, lastReadAt: later(100) });
  });

  it("within a session, the newest sequence wins, backwards too (a rewind syncs); an older or repeated one changes nothing", async () => {
    const { save } = await setUp();
    await save({ keyIdea: 2, offset: 0.2, session: "session-a1", sequence: 1, deliberate: true });
    const back = await save({ keyIdea: 0, offset: 0.1, session: "session-a1", sequence: 2 });
    expect(back).toMatchObject({ outcome: "APPLIED", position: { keyIdea: 0, keyIdeaOffset: 0.1, sequence: 2 } });
    // The book's progress (how far they got) does not go back with the position.
    expect(back.progress).toBeCloseTo(2.2 / 4);
    // A beacon overtaken by a later save, and a retry of the same sequence.
    for (const sequence of [1, 2]) {
      const late = await save({ keyIdea: 3, offset: 0.9, session: "session-a1", sequence });
      expect(late).toMatchObject({ outcome: "OUT_OF_ORDER", status: null, position: { keyIdea: 0, keyIdeaOffset: 0.1, sequence: 2 } });
    }
  });

  it("a stale session (a tab or device another session took over from) cannot move the position, forwards or backwards", async () => {
    const { save } = await setUp();
    // Tab A reads, then the phone opens the book and resumes there (deliberate): it owns the position.
    await save({ keyIdea: 1, offset: 0.5, session: "session-tab", sequence: 1, deliberate: true });
    await save({ keyIdea: 1, offset: 0.6, session: "session-tab", sequence: 2 });
    const phone = await save({ keyIdea: 1, offset: 0.6, session: "session-phone", device: "device-phone", sequence: 1, deliberate: true });
    expect(phone.outcome).toBe("APPLIED");
    await save({ keyIdea: 2, offset: 0.1, session: "session-phone", device: "device-phone", sequence: 2 });
    // The stale tab's routine saves, behind and ahead, are refused with the current position.
    for (const [keyIdea, sequence] of [
      [1, 3],
      [3, 4],
    ] as const) {
      const stale = await save({ keyIdea, offset: 0.7, session: "session-tab", sequence });
      expect(stale).toMatchObject({
        outcome: "STALE",
        status: null,
        position: { keyIdea: 2, keyIdeaOffset: 0.1, sessionId: "session-phone", deviceId: "device-phone" },
      });
    }
    // Choosing to continue there ("stay here") is deliberate: the tab takes the position back, even behind.
    const chosen = await save({ keyIdea: 1, offset: 0.7, session: "session-tab", sequence: 5, deliberate: true });
    expect(chosen).toMatchObject({ outcome: "APPLIED", position: { keyIdea: 1, keyIdeaOffset: 0.7, sessionId: "session-tab" } });
  });

  it("a start at the saved place (a queue going on, Listen resuming) takes over only the position it read, never a newer one", async () => {
    const { save } = await setUp();
    // Nothing saved, nothing read: the start applies.
    const first = await save({
      keyIdea: 0,
      offset: 0,
      medium: "AUDIO",
      audio: 0,
      session: "session-q1",
      sequence: 1,
      resumes: { savedAt: null },
    });
    expect(first.outcome).toBe("APPLIED");
    const listened = await save({ keyIdea: 2, offset: 0, medium: "AUDIO", audio: 400, session: "session-q1", sequence: 2 });
    const read = listened.position!.savedAt;

    // The phone reads that position (400 s); meanwhile the laptop rewinds to 100 s (deliberate, newer).
    const rewound = await save({
      keyIdea: 0,
      offset: 0.5,
      medium: "AUDIO",
      audio: 100,
      session: "session-laptop",
      device: "device-laptop",
      sequence: 1,
      deliberate: true,
    });
    expect(rewound.outcome).toBe("APPLIED");
    // The phone's queue now starts the book at the place it read: refused, the laptop's newer position stays.
    const behind = await save({
      keyIdea: 2,
      offset: 0,
      medium: "AUDIO",
      audio: 400,
      session: "session-phone",
      device: "device-phone",
      sequence: 1,
      resumes: { savedAt: read },
    });
    expect(behind).toMatchObject({ outcome: "STALE", position: { audioSeconds: 100, sessionId: "session-laptop" } });
    // A start that read no position, when one exists now: refused too (it would move it back to the start).
    const fromNothing = await save({
      keyIdea: 0,
      offset: 0,
      medium: "AUDIO",
      audio: 0,
      session: "session-tablet",
      device: "device-tablet",
      sequence: 1,
      resumes: { savedAt: null },
    });
    expect(fromNothing).toMatchObject({ outcome: "STALE", position: { audioSeconds: 100 } });

    // A start over the position as it still is: it takes it over, and its routine saves then apply.
    const current = rewound.position!.savedAt;
    const resumed = await save({
      keyIdea: 0,
      offset: 0.5,
      medium: "AUDIO",
      audio: 100,
      session: "session-phone2",
      device: "device-phone",
      sequence: 1,
      resumes: { savedAt: current },
    });
    expect(resumed).toMatchObject({ outcome: "APPLIED", position: { audioSeconds: 100, sessionId: "session-phone2" } });
    const onwards = await save({
      keyIdea: 0,
      offset: 0.6,
      medium: "AUDIO",
      audio: 110,
      session: "session-phone2",
      device: "device-phone",
      sequence: 2,
    });
    expect(onwards).toMatchObject({ outcome: "APPLIED", position: { audioSeconds: 110 } });
  });

  it("clamps the key idea, the offset and the audio position to the edition", async () => {
    const { save } = await setUp();
    const past = await save({ keyIdea: 99, offset: 7, session: "session-a1", sequence: 1, deliberate: true });
    expect(past.position).toMatchObject({ keyIdea: 3, keyIdeaOffset: 1 });
    const before = await save({ keyIdea: -4, offset: -1, session: "session-a1", sequence: 2 });
    expect(before.position).toMatchObject({ keyIdea: 0, keyIdeaOffset: 0, progress: 0 });
    const audio = await save({ keyIdea: 1, offset: 0, medium: "AUDIO", audio: 5000, session: "session-p1", sequence: 1, deliberate: true });
    expect(audio.position).toMatchObject({ medium: "AUDIO", audioSeconds: 600, progress: 1 });
    const rewound = await save({ keyIdea: 0, offset: 0, medium: "AUDIO", audio: -3, session: "session-p1", sequence: 2 });
    expect(rewound.position).toMatchObject({ audioSeconds: 0, progress: 0 });
    // A text save keeps the last audio position, for when the reader goes back to listening.
    const text = await save({ keyIdea: 2, offset: 0.5, session: "session-p1", sequence: 3 });
    expect(text.position).toMatchObject({ medium: "TEXT", audioSeconds: 0, keyIdea: 2 });
  });

  it("reaching the end of the last key idea marks the book read once", async () => {
    const { save, state } = await setUp();
    const first = new Date("2026-12-01T10:00:00Z");
    await save({ keyIdea: 3, offset: 0.5, session: "session-a1", sequence: 1, deliberate: true }, first);
    const end = await save({ keyIdea: 3, offset: 1, session: "session-a1", sequence: 2 }, first);
    expect(end).toMatchObject({ status: "READ", progress: 1, markedRead: true, position: { finished: true } });
    expect((await state())!.finishedAt).toEqual(first);
    // Unmarked by the reader: staying at the end does not mark it again.
    await db.prisma.userBookState.updateMany({ data: { status: "READING", finishedAt: null } });
    const again = await save({ keyIdea: 3, offset: 1, session: "session-a1", sequence: 3 }, new Date("2026-12-01T11:00:00Z"));
    expect(again).toMatchObject({ status: "READING", markedRead: false });
  });

  it("the narration's end, or less than max(10 s, 2 %) left, is the end too", async () => {
    const { save } = await setUp();
    const near = await save({ keyIdea: 3, offset: 0, medium: "AUDIO", audio: 589, session: "session-p1", sequence: 1, deliberate: true });
    expect(near).toMatchObject({ status: "READ", markedRead: true, position: { finished: true } });
  });

  it("a listening session marks the book read once: not with more left, at max(10 s, 2 %) left, not again at the ended event", async () => {
    const { save } = await setUp();
    const before = await save({ keyIdea: 3, offset: 0, medium: "AUDIO", audio: 580, session: "session-p2", sequence: 1, deliberate: true });
    expect(before).toMatchObject({ status: "READING", markedRead: false, position: { finished: false } });
    const near = await save({ keyIdea: 3, offset: 0, medium: "AUDIO", audio: 595, session: "session-p2", sequence: 2 });
    expect(near).toMatchObject({ status: "READ", markedRead: true, position: { finished: true } });
    // The player's `ended` save (the track's end; past it is clamped) marks nothing again.
    const ended = await save({ keyIdea: 3, offset: 0, medium: "AUDIO", audio: 10_000, session: "session-p2", sequence: 3 });
    expect(ended).toMatchObject({ status: "READ", markedRead: false, position: { finished: true, audioSeconds: 600 } });
  });

  it("is one statement per save", async () => {
    const { save } = await setUp();
    await save({ keyIdea: 0, offset: 0, session: "session-a1", sequence: 1, deliberate: true });
    const { statements } = await db.recorder.capture(() => save({ keyIdea: 1, offset: 0.25, session: "session-a1", sequence: 2 }));
    // The session lookup (every signed-in request) and the save.
    const saves = statements.filter((sql) => sql.includes('"ReadingPosition"'));
    expect(saves).toHaveLength(1);
    expect(statements).toHaveLength(2);
    expect(saves[0]).toMatchSnapshot();
  });

  it("refuses a locked microbook to a free reader (MICROBOOK_LOCKED), lets anyone signed in read today's free one", async () => {
    const locked = await buildMicrobook(db.prisma);
    const free = await buildMicrobook(db.prisma);
    await makeFreeToday(db.prisma, free.id);
    const reader = await buildReader(db.prisma);
    const variables = (id: string) => ({
      id: encodeGlobalID("Microbook", id),
      language: "en",
      medium: "TEXT",
      keyIdea: 0,
      offset: 0.5,
      device: "device-aaaa",
      session: "session-a1",
      sequence: 1,
      deliberate: true,
    });
    expect(await runField<Saved>(db, SAVE, variables(locked.id), { sessionToken: reader.token })).toEqual({
      __typename: "MicrobookLockedError",
      code: "MICROBOOK_LOCKED",
    });
    expect(await db.prisma.readingPosition.count()).toBe(0);
    const today = await runField<Saved>(db, SAVE, variables(free.id), { sessionToken: reader.token });
    expect(today).toMatchObject({ outcome: "APPLIED" });
  });

  it("asks a visitor to sign in; rejects bad ids and sequences with coded issues; an unknown book or language is not found", async () => {
    const { book, save } = await setUp();
    const visitor = await run(db, SAVE, {
      id: encodeGlobalID("Microbook", book.id),
      language: "en",
      medium: "TEXT",
      keyIdea: 0,
      offset: 0,
      device: "device-aaaa",
      session: "session-a1",
      sequence: 1,
    });
    expect(visitor.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    const bad = await save({ keyIdea: 0, offset: 0, session: "short", sequence: 0 });
    expect(bad.issues).toEqual([
      { path: ["sessionId"], code: "TOO_SHORT" },
      { path: ["sequence"], code: "OUT_OF_RANGE" },
    ]);
    expect(await save({ keyIdea: 0, offset: 0, session: "session-a1", sequence: 1, language: "pt" })).toEqual({
      __typename: "MicrobookNotFoundError",
      code: "MICROBOOK_NOT_FOUND",
    });
    expect(await db.prisma.readingPosition.count()).toBe(0);
  });
});

describe("Microbook.viewerPosition and User.readerSettings", () => {
  it("reads the reader's own position (null for a visitor and another reader), and settings with their defaults", async () => {
    const { book, reader, save } = await setUp();
    await save({ keyIdea: 2, offset: 0.25, session: "session-a1", sequence: 1, deliberate: true });
    const QUERY = `query ($slug: String!) { microbook(slug: $slug) { viewerPosition { keyIdea keyIdeaOffset } } viewer { readerSettings { fontStep fontSteps theme lineWidth } } }`;
    const own = await run(db, QUERY, { slug: book.slug }, { sessionToken: reader.token });
    expect(own.data).toEqual({
      microbook: { viewerPosition: { keyIdea: 2, keyIdeaOffset: 0.25 } },
      viewer: { readerSettings: { fontStep: 1, fontSteps: 5, theme: null, lineWidth: "MEDIUM" } },
    });
    const other = await buildReader(db.prisma);
    expect((await run(db, QUERY, { slug: book.slug }, { sessionToken: other.token })).data).toMatchObject({
      microbook: { viewerPosition: null },
    });
    expect((await run(db, QUERY, { slug: book.slug })).data).toEqual({ microbook: { viewerPosition: null }, viewer: null });
  });

  it("updateReaderSettings keeps what is not given, refuses an out-of-range font step", async () => {
    const { token } = await buildReader(db.prisma);
    const UPDATE = `mutation ($font: Int, $theme: ReaderTheme) { updateReaderSettings(fontStep: $font, theme: $theme) { __typename ... on Viewer { readerSettings { fontStep theme lineWidth } } ... on InvalidInputError { issues { path code } } } }`;
    expect(await runField(db, UPDATE, { theme: "SEPIA" }, { sessionToken: token })).toEqual({
      __typename: "Viewer",
      readerSettings: { fontStep: 1, theme: "SEPIA", lineWidth: "MEDIUM" },
    });
    expect(await runField(db, UPDATE, { font: 4 }, { sessionToken: token })).toMatchObject({
      readerSettings: { fontStep: 4, theme: "SEPIA" },
    });
    expect(await runField(db, UPDATE, { font: 5 }, { sessionToken: token })).toEqual({
      __typename: "InvalidInputError",
      issues: [{ path: ["fontStep"], code: "OUT_OF_RANGE" }],
    });
  });

  it("keeps the player's speed in the account: 0.75 to 2 in steps of 0.25, anything else refused and nothing changed", async () => {
    const reader = await buildReader(db.prisma);
    const UPDATE = `mutation ($rate: Float) { updateReaderSettings(playbackRate: $rate) { __typename ... on Viewer { readerSettings { playbackRate fontStep } } ... on InvalidInputError { issues { path code } } } }`;
    const READ = `{ viewer { readerSettings { playbackRate playbackRates } } }`;
    expect((await run(db, READ, {}, { sessionToken: reader.token })).data).toEqual({
      viewer: { readerSettings: { playbackRate: 1, playbackRates: [0.75, 1, 1.25, 1.5, 1.75, 2] } },
    });
    expect(await runField(db, UPDATE, { rate: 1.5 }, { sessionToken: reader.token })).toEqual({
      __typename: "Viewer",
      readerSettings: { playbackRate: 1.5, fontStep: 1 },
    });
    for (const rate of [0.5, 1.1, 2.25, 0, -1]) {
      expect(await runField(db, UPDATE, { rate }, { sessionToken: reader.token })).toEqual({
        __typename: "InvalidInputError",
        issues: [{ path: ["playbackRate"], code: "OUT_OF_RANGE" }],
      });
    }
    // Another device of the same reader (a new session) reads the speed; another reader keeps the default.
    const secondDevice = await buildSession(db.prisma, reader.user.id);
    expect((await run(db, READ, {}, { sessionToken: secondDevice })).data).toMatchObject({
      viewer: { readerSettings: { playbackRate: 1.5 } },
    });
    const other = await buildReader(db.prisma);
    expect((await run(db, READ, {}, { sessionToken: other.token })).data).toMatchObject({
      viewer: { readerSettings: { playbackRate: 1 } },
    });
    // A font change leaves the speed as it is.
    await runField(db, `mutation { updateReaderSettings(fontStep: 3) { __typename } }`, {}, { sessionToken: reader.token });
    expect(await db.prisma.readerSettings.findUniqueOrThrow({ where: { userId: reader.user.id } })).toMatchObject({
      fontStep: 3,
      playbackRate: 1.5,
    });
    // A visitor cannot.
    expect((await run(db, UPDATE, { rate: 1.5 })).errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
  });
});
