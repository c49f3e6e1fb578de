import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run, runField } from "../../test/execute.js";
import { buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";

const db = useTestDatabase();

const RESULT = /* GraphQL */ `
  __typename
  ... on Microbook {
    slug
    viewerState {
      isFavourite
      status
      progress
      favouritedAt
      startedAt
      finishedAt
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
`;
const SET_FAVOURITE = `mutation ($id: ID!, $favourite: Boolean!) { setFavourite(microbookId: $id, favourite: $favourite) { ${RESULT} } }`;
const START_READING = `mutation ($id: ID!, $progress: Float) { startReading(microbookId: $id, progress: $progress) { ${RESULT} } }`;
const MARK_READ = `mutation ($id: ID!, $read: Boolean!) { markRead(microbookId: $id, read: $read) { ${RESULT} } }`;

type State = {
  isFavourite: boolean;
  status: string;
  progress: number;
  favouritedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};
type Payload = {
  __typename: string;
  slug?: string;
  viewerState?: State | null;
  code?: string;
  issues?: { path: string[]; code: string }[];
};

const gid = (id: string) => encodeGlobalID("Microbook", id);

const mutate = (source: string, variables: Record<string, unknown>, token?: string, now?: Date) =>
  runField<Payload>(db, source, variables, { sessionToken: token, now });

const freeReader = () => buildReader(db.prisma);
const premiumReader = () => buildReader(db.prisma, { plan: "premium" });

/** A microbook that is not today's free one (another is): locked to free readers. */
async function lockedMicrobook() {
  const [locked, free] = [await buildMicrobook(db.prisma), await buildMicrobook(db.prisma)];
  await makeFreeToday(db.prisma, free.id);
  return locked;
}

/** How many reads trending counts for the microbook (the UserBookState trigger keeps it). */
async function readsOf(microbookId: string) {
  const row = await db.prisma.microbookPopularity.findUnique({ where: { microbookId } });
  return row?.readers ?? 0;
}

describe("auth before validation", () => {
  it.each([
    ["setFavourite", SET_FAVOURITE, { id: "not-a-global-id", favourite: true }],
    ["startReading", START_READING, { id: gid("x"), progress: 7 }],
    ["markRead", MARK_READ, { id: "%%%", read: true }],
  ])("a visitor calling %s, even with invalid input, is told to sign in and nothing is written", async (_name, source, variables) => {
    const result = await run(db, source, variables);
    expect(result.data).toBeNull();
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    expect(await db.prisma.userBookState.count()).toBe(0);
  });
});

describe("Microbook.viewerState", () => {
  const STATE = `query ($slug: String!) { microbook(slug: $slug) { viewerState { isFavourite status progress } } }`;

  it("is null for a visitor, the reader's own state for a free or premium reader, untouched by default", async () => {
    const book = await buildMicrobook(db.prisma);
    const free = await freeReader();
    const premium = await premiumReader();
    await db.prisma.userBookState.create({
      data: { userId: free.user.id, microbookId: book.id, isFavourite: true, favouritedAt: new Date() },
    });

    const asVisitor = await run(db, STATE, { slug: book.slug });
    expect(asVisitor.data).toEqual({ microbook: { viewerState: null } });
    const asFree = await run(db, STATE, { slug: book.slug }, { sessionToken: free.token });
    expect(asFree.data).toEqual({ microbook: { viewerState: { isFavourite: true, status: "NONE", progress: 0 } } });
    // Another reader never sees the first one's state.
    const asPremium = await run(db, STATE, { slug: book.slug }, { sessionToken: premium.token });
    expect(asPremium.data).toEqual({ microbook: { viewerState: { isFavourite: false, status: "NONE", progress: 0 } } });
  });
});

describe("setFavourite", () => {
  it("favourites and unfavourites, idempotently, keeping the first date", async () => {
    const book = await buildMicrobook(db.prisma);
    const { token } = await freeReader();
    const first = new Date("2026-11-20T10:00:00Z");
    const on = await mutate(SET_FAVOURITE, { id: gid(book.id), favourite: true }, token, first);
    expect(on).toMatchObject({
      __typename: "Microbook",
      viewerState: { isFavourite: true, favouritedAt: first.toISOString(), status: "NONE" },
    });
    const again = await mutate(SET_FAVOURITE, { id: gid(book.id), favourite: true }, token, new Date("2026-11-21T10:00:00Z"));
    expect(again.viewerState).toMatchObject({ isFavourite: true, favouritedAt: first.toISOString() });
    const off = await mutate(SET_FAVOURITE, { id: gid(book.id), favourite: false }, token);
    expect(off.viewerState).toMatchObject({ isFavourite: false, favouritedAt: null });
    expect(await mutate(SET_FAVOURITE, { id: gid(book.id), favourite: false }, token)).toMatchObject({
      viewerState: { isFavourite: false },
    });
    // Favouriting is not reading: no read is counted.
    expect(await readsOf(book.id)).toBe(0);
  });

  it("lets a free reader favourite a locked microbook, and answers MICROBOOK_NOT_FOUND for an unknown one", async () => {
    const book = await lockedMicrobook();
    const { token } = await freeReader();
    expect(await mutate(SET_FAVOURITE, { id: gid(book.id), favourite: true }, token)).toMatchObject({ viewerState: { isFavourite: true } });
    expect(await mutate(SET_FAVOURITE, { id: gid("no-such-book"), favourite: true }, token)).toEqual({
      __typename: "MicrobookNotFoundError",
      code: "MICROBOOK_NOT_FOUND",
    });
    expect(await db.prisma.userBookState.count()).toBe(1);
  });
});

describe("startReading", () => {
  it("records one read for today's free microbook, moves progress only forward, and is idempotent", async () => {
    const book = await buildMicrobook(db.prisma);
    await makeFreeToday(db.prisma, book.id);
    const { token } = await freeReader();
    const started = await mutate(START_READING, { id: gid(book.id) }, token);
    expect(started.viewerState).toMatchObject({ status: "READING", progress: 0 });
    expect(started.viewerState!.startedAt).not.toBeNull();
    expect(await readsOf(book.id)).toBe(1);

    expect((await mutate(START_READING, { id: gid(book.id), progress: 0.5 }, token)).viewerState).toMatchObject({ progress: 0.5 });
    const back = await mutate(START_READING, { id: gid(book.id), progress: 0.2 }, token);
    expect(back.viewerState).toMatchObject({ progress: 0.5, startedAt: started.viewerState!.startedAt });
    // Still one reader: opening it again is not another read.
    expect(await readsOf(book.id)).toBe(1);
    expect(await db.prisma.microbookDailyReads.aggregate({ _sum: { readers: true } })).toEqual({ _sum: { readers: 1 } });
  });

  it("refuses a locked microbook to a free reader (no read recorded) and records it for a premium one", async () => {
    const book = await lockedMicrobook();
    const free = await freeReader();
    const premium = await premiumReader();
    expect(await mutate(START_READING, { id: gid(book.id) }, free.token)).toEqual({
      __typename: "MicrobookLockedError",
      code: "MICROBOOK_LOCKED",
    });
    expect(await readsOf(book.id)).toBe(0);
    expect(await db.prisma.userBookState.count()).toBe(0);
    expect(await mutate(START_READING, { id: gid(book.id) }, premium.token)).toMatchObject({ viewerState: { status: "READING" } });
    expect(await readsOf(book.id)).toBe(1);
  });

  it("rejects progress outside 0..1 with a typed error and writes nothing", async () => {
    const book = await buildMicrobook(db.prisma);
    const { token } = await premiumReader();
    for (const progress of [-0.1, 1.5]) {
      expect(await mutate(START_READING, { id: gid(book.id), progress }, token)).toEqual({
        __typename: "InvalidInputError",
        code: "INVALID_INPUT",
        issues: [{ path: ["progress"], code: "OUT_OF_RANGE" }],
      });
    }
    expect(await db.prisma.userBookState.count()).toBe(0);
  });
});

describe("markRead", () => {
  it("marks read (progress 1, finished once), unmarks back to reading, idempotently", async () => {
    const book = await buildMicrobook(db.prisma);
    const { token } = await premiumReader();
    const finished = new Date("2026-11-20T10:00:00Z");
    const read = await mutate(MARK_READ, { id: gid(book.id), read: true }, token, finished);
    expect(read.viewerState).toMatchObject({
      status: "READ",
      progress: 1,
      finishedAt: finished.toISOString(),
      startedAt: finished.toISOString(),
    });
    expect(await readsOf(book.id)).toBe(1);
    const again = await mutate(MARK_READ, { id: gid(book.id), read: true }, token, new Date("2026-11-22T10:00:00Z"));
    expect(again.viewerState).toMatchObject({ status: "READ", finishedAt: finished.toISOString() });

    const unread = await mutate(MARK_READ, { id: gid(book.id), read: false }, token);
    expect(unread.viewerState).toMatchObject({ status: "READING", finishedAt: null, startedAt: finished.toISOString() });
    expect((await mutate(MARK_READ, { id: gid(book.id), read: false }, token)).viewerState).toMatchObject({ status: "READING" });
    expect(await readsOf(book.id)).toBe(1);
  });

  it("refuses to mark read a locked microbook a free reader never started, but allows one they started", async () => {
    const [locked, startedBefore] = [await lockedMicrobook(), await buildMicrobook(db.prisma)];
    const { user, token } = await freeReader();
    await db.prisma.userBookState.create({
      data: { userId: user.id, microbookId: startedBefore.id, status: "READING", startedAt: new Date(Date.now() - 86_400_000) },
    });
    expect(await mutate(MARK_READ, { id: gid(locked.id), read: true }, token)).toEqual({
      __typename: "MicrobookLockedError",
      code: "MICROBOOK_LOCKED",
    });
    expect(await mutate(MARK_READ, { id: gid(startedBefore.id), read: true }, token)).toMatchObject({ viewerState: { status: "READ" } });
    expect(await readsOf(locked.id)).toBe(0);
  });
});
