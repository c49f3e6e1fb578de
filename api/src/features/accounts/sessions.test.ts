import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { cookieJar, run } from "../../test/execute.js";
import { buildReader, buildUser } from "../../test/factories.js";
import { describeDevice } from "./sessions.js";
import { hashSessionToken, loadViewer, SESSION_TOUCH_INTERVAL_MS } from "./viewer.js";

const db = useTestDatabase();

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const SESSIONS = /* GraphQL */ `
  {
    viewer {
      sessions {
        id
        device
        current
        createdAt
        lastUsedAt
      }
    }
  }
`;
type Sessions = { viewer: { sessions: { id: string; device: string | null; current: boolean; lastUsedAt: string }[] } | null };
const REVOKE = `mutation ($id: ID!) { revokeSession(id: $id) { __typename ... on SessionsEnded { count signedOut } ... on Error { code } } }`;
const REVOKE_ALL = `mutation ($includeCurrent: Boolean) { revokeAllSessions(includeCurrent: $includeCurrent) { ... on SessionsEnded { count signedOut } } }`;

async function logInFrom(email: string, userAgent: string) {
  const cookies = cookieJar();
  const result = await run(
    db,
    `mutation ($email: String!) { logIn(email: $email, password: "reading-is-fun") { __typename } }`,
    { email },
    { cookies, userAgent },
  );
  expect(result.data).toEqual({ logIn: { __typename: "AuthSession" } });
  return cookies.jar.token!;
}

const reader = () => buildUser(db.prisma, { password: "reading-is-fun" });

describe("viewer.sessions", () => {
  it("lists the reader's sessions with device and last use, marking the current one", async () => {
    const user = await reader();
    const laptop = await logInFrom(user.email, FIREFOX);
    const phone = await logInFrom(user.email, IPHONE);
    await buildReader(db.prisma); // a stranger, signed in elsewhere

    const result = await run<Sessions>(db, SESSIONS, {}, { sessionToken: laptop });
    const sessions = result.data!.viewer!.sessions;
    expect(sessions.map((s) => [s.device, s.current]).sort()).toEqual([
      ["Firefox on Linux", true],
      ["Safari on iPhone", false],
    ]);
    expect(sessions.every((s) => !Number.isNaN(Date.parse(s.lastUsedAt)))).toBe(true);
    expect((await run<Sessions>(db, SESSIONS, {}, { sessionToken: phone })).data!.viewer!.sessions).toHaveLength(2);
  });

  it("records last use at most every few minutes", async () => {
    const { token } = await buildReader(db.prisma);
    const where = { tokenHash: hashSessionToken(token) };
    const created = (await db.prisma.session.findUniqueOrThrow({ where })).lastSeenAt;
    await loadViewer(db.prisma, token, new Date(created.getTime() + 60_000));
    expect((await db.prisma.session.findUniqueOrThrow({ where })).lastSeenAt).toEqual(created);
    const later = new Date(created.getTime() + SESSION_TOUCH_INTERVAL_MS + 1000);
    await loadViewer(db.prisma, token, later);
    expect((await db.prisma.session.findUniqueOrThrow({ where })).lastSeenAt).toEqual(later);
  });

  it("an expired session signs nobody in", async () => {
    const { token } = await buildReader(db.prisma, { sessionExpiresAt: new Date(Date.now() - 1000) });
    expect(await loadViewer(db.prisma, token)).toBeNull();
    expect((await run<Sessions>(db, SESSIONS, {}, { sessionToken: token })).data).toEqual({ viewer: null });
  });

  it("describes devices from their user agent", () => {
    expect(describeDevice(FIREFOX)).toBe("Firefox on Linux");
    expect(describeDevice(IPHONE)).toBe("Safari on iPhone");
    expect(describeDevice("curl/8.5.0")).toBe("curl/8.5.0");
    expect(describeDevice(null)).toBeNull();
  });
});

describe("revoking sessions", () => {
  it("ends another session of the reader: that browser is signed out, this one stays", async () => {
    const user = await reader();
    const laptop = await logInFrom(user.email, FIREFOX);
    const phone = await logInFrom(user.email, IPHONE);
    const list = (await run<Sessions>(db, SESSIONS, {}, { sessionToken: laptop })).data!.viewer!.sessions;
    const phoneId = list.find((s) => !s.current)!.id;
    const result = await run(db, REVOKE, { id: phoneId }, { sessionToken: laptop });
    expect(result.data).toEqual({ revokeSession: { __typename: "SessionsEnded", count: 1, signedOut: false } });
    expect(await loadViewer(db.prisma, phone)).toBeNull();
    expect(await loadViewer(db.prisma, laptop)).not.toBeNull();
  });

  it("ending the current session signs out and clears the cookie", async () => {
    const user = await reader();
    const laptop = await logInFrom(user.email, FIREFOX);
    const id = (await run<Sessions>(db, SESSIONS, {}, { sessionToken: laptop })).data!.viewer!.sessions[0]!.id;
    const cookies = cookieJar({ token: laptop });
    const result = await run(db, REVOKE, { id }, { sessionToken: laptop, cookies });
    expect(result.data).toEqual({ revokeSession: { __typename: "SessionsEnded", count: 1, signedOut: true } });
    expect(cookies.jar.token).toBeNull();
  });

  it("cannot see or end another reader's session (SESSION_NOT_FOUND; node is null)", async () => {
    const { token: mine } = await buildReader(db.prisma);
    const other = await reader();
    const theirs = await logInFrom(other.email, IPHONE);
    const theirId = (await run<Sessions>(db, SESSIONS, {}, { sessionToken: theirs })).data!.viewer!.sessions[0]!.id;
    const node = await run(db, `query ($id: ID!) { node(id: $id) { id } }`, { id: theirId }, { sessionToken: mine });
    expect(node.data).toEqual({ node: null });
    const result = await run(db, REVOKE, { id: theirId }, { sessionToken: mine });
    expect(result.data).toEqual({ revokeSession: { __typename: "SessionNotFoundError", code: "SESSION_NOT_FOUND" } });
    expect(await loadViewer(db.prisma, theirs)).not.toBeNull();
  });

  it("ends every other session, or all of them", async () => {
    const user = await reader();
    const a = await logInFrom(user.email, FIREFOX);
    const b = await logInFrom(user.email, IPHONE);
    const c = await logInFrom(user.email, IPHONE);
    const { token: strangers } = await buildReader(db.prisma);

    expect((await run(db, REVOKE_ALL, {}, { sessionToken: a })).data).toEqual({ revokeAllSessions: { count: 2, signedOut: false } });
    expect([await loadViewer(db.prisma, b), await loadViewer(db.prisma, c)]).toEqual([null, null]);
    expect(await loadViewer(db.prisma, a)).not.toBeNull();

    const cookies = cookieJar({ token: a });
    const all = await run(db, REVOKE_ALL, { includeCurrent: true }, { sessionToken: a, cookies });
    expect(all.data).toEqual({ revokeAllSessions: { count: 1, signedOut: true } });
    expect(cookies.jar.token).toBeNull();
    expect(await loadViewer(db.prisma, a)).toBeNull();
    expect(await loadViewer(db.prisma, strangers)).not.toBeNull();
  });
});
