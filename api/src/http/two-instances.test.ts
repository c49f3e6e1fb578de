import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { importCatalog } from "../features/catalog/import/import.js";
import { readCatalog } from "../features/catalog/import/parse.js";
import { createResponseCacheStore } from "./response-cache.js";
import { TEST_REDIS_URL, redisAnswers } from "../test/redis.js";
import { startServer, type ServerProcess } from "../test/server-process.js";
import { startTestSmtpServer, type TestSmtpServer } from "../test/smtp.js";
import { testPostgresUrl, useThrowawayPostgres } from "../test/throwaway-postgres.js";

/**
 * Two API instances, each its own production process (`node api/src/main.ts`, NODE_ENV=production), on
 * one PostgreSQL database migrated once beforehand (MIGRATE_ON_START=false on both), as the README's
 * "Running more than one instance" says to run them. What one instance does, the other sees: sessions,
 * rate limits, the mail outbox (each mail sent once though both workers run), the job runner (each job
 * run once) and the catalogue version behind the public response cache. PostgreSQL only (PGlite is one
 * process's database): this file runs in the PostgreSQL pass of the tests (TEST_DATABASE_URL), in a
 * database of its own, dropped afterwards.
 */
// With a Redis (CI has one), the instances share it as production does with REDIS_URL set: the public
// answers they cache too. Its cache (production's namespace) is emptied before and after.
const redis = redisAnswers() ? TEST_REDIS_URL : "";
if (!redis && process.env.CI && testPostgresUrl) throw new Error(`No Redis answers at ${TEST_REDIS_URL}: CI needs it`);
async function clearSharedCache() {
  if (!redis) return;
  const store = createResponseCacheStore(redis);
  await store.clear();
  await store.close();
}

describe.runIf(testPostgresUrl)(`two instances on one PostgreSQL${redis ? " and one Redis" : ""}`, () => {
  const postgres = useThrowawayPostgres("two instances");
  let db: Database;
  let smtp: TestSmtpServer;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    db = postgres.db;
    smtp = await startTestSmtpServer();
    await clearSharedCache();
    const env = postgres.productionEnv({ SMTP_URL: smtp.url, REDIS_URL: redis });
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await clearSharedCache();
  });

  async function graphql<T>(instance: ServerProcess, query: string, variables: object = {}, cookie?: string) {
    const res = await fetch(`${instance.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith("brevia_session="));
    return { status: res.status, body: (await res.json()) as { data: T; errors?: unknown[] }, cookie: session?.split(";")[0] };
  }

  const SIGN_UP = `mutation ($email: String!, $password: String!) {
    signUp(email: $email, password: $password) { __typename ... on AuthSession { viewer { email } } }
  }`;
  const VIEWER = "query { viewer { email } }";
  const LOG_IN = `mutation ($email: String!, $password: String!) {
    logIn(email: $email, password: $password) { __typename ... on Error { code } }
  }`;

  it("share sessions: signed up on one, signed in on the other; logged out on the other, out on both", async () => {
    const email = "both@brevia.test";
    const signedUp = await graphql<{ signUp: { __typename: string } }>(a, SIGN_UP, { email, password: "a quiet reading hour" });
    expect(signedUp.body.data.signUp.__typename).toBe("AuthSession");
    const cookie = signedUp.cookie!;
    expect((await graphql<{ viewer: { email: string } }>(b, VIEWER, {}, cookie)).body.data.viewer).toEqual({ email });
    await graphql(b, "mutation { logOut { __typename } }", {}, cookie);
    expect((await graphql<{ viewer: null }>(a, VIEWER, {}, cookie)).body.data.viewer).toBeNull();
  });

  it("share rate limits: wrong passwords spread over both count as one reader's", async () => {
    const email = "guessed@brevia.test";
    await graphql(a, SIGN_UP, { email, password: "the right password" });
    const codes: string[] = [];
    // 10 wrong passwords for one email from one address are allowed (logInPerAccountAndIp), alternating instances.
    for (let i = 0; i < 11; i++) {
      const answer = await graphql<{ logIn: { __typename: string; code?: string } }>(i % 2 ? b : a, LOG_IN, {
        email,
        password: `wrong ${i}`,
      });
      codes.push(answer.body.data.logIn.code ?? answer.body.data.logIn.__typename);
    }
    expect(codes.slice(0, 10).every((code) => code !== "RATE_LIMITED")).toBe(true);
    expect(codes[10]).toBe("RATE_LIMITED");
  });

  it("share the mail outbox: sign-ups on both at once, each welcome mail sent once", async () => {
    // Six: with the two sign-ups above, within the 10 an address may make in an hour (shared too).
    const emails = Array.from({ length: 6 }, (_, i) => `reader${i}@brevia.test`);
    const answers = await Promise.all(
      emails.map((email, i) =>
        graphql<{ signUp: { __typename: string } }>(i % 2 ? b : a, SIGN_UP, { email, password: "a quiet reading hour" }),
      ),
    );
    expect(answers.map((answer) => answer.body.data.signUp.__typename)).toEqual(emails.map(() => "AuthSession"));
    for (const email of emails) await smtp.waitFor(email, /./, 30_000);
    // Both workers keep polling: give them time to send anything twice.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const sent = smtp.received.filter((mail) => emails.includes(mail.to)).map((mail) => mail.to);
    expect(sent.sort()).toEqual([...emails].sort());
    expect(await db.prisma.mailOutbox.count({ where: { sentAt: null } })).toBe(0);
  });

  it("share the catalogue version: an import shows on both, though each caches public answers", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "brevia-two-catalog-"));
    try {
      // A valid catalogue (the importer checks it): two books, each the other's similar work, 1,500 words each.
      const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 9}${i % 11 ? "" : "."}`).join(" ");
      const book = (title: string) =>
        `---\ntitle: ${title}\nsubtitle: S\nauthorBio: >-\n  A.\nabout: >-\n  B.\naudience: >-\n  R.\n---\n\n${words(600)}\n\n` +
        Array.from({ length: 6 }, (_, i) => `## Idea ${i + 1}\n\n${words(150)}\n`).join("\n");
      await writeFile(
        path.join(dir, "categories.yaml"),
        `ideas:\n  color: "#1d3557"\n  icon: bulb\n  name: { pt: Ideias, en: Ideas, es: Ideas }\n  description: { pt: D, en: D, es: D }\n`,
      );
      for (const [slug, other] of [
        ["shared-book", "other-book"],
        ["other-book", "shared-book"],
      ]) {
        await mkdir(path.join(dir, "books", slug!), { recursive: true });
        await writeFile(
          path.join(dir, "books", slug!, "book.yaml"),
          `author: Ann Writer\ncategory: ideas\nyear: 1900\nsimilar: [${other}]\nsources: []\n`,
        );
        await writeFile(path.join(dir, "books", slug!, "en.md"), book(slug === "shared-book" ? "Before" : "Other"));
      }
      await importCatalog(db.prisma, await readCatalog(dir));

      // As the web asks for public data: a GET, which the response cache may answer (`age` on a hit).
      const query = `query SharedBook { microbook(slug: "shared-book") { edition(language: en) { title } } }`;
      const titleOn = async (instance: ServerProcess) => {
        const res = await fetch(`${instance.baseUrl}/graphql?query=${encodeURIComponent(query)}`, {
          headers: { "apollo-require-preflight": "true", "accept-language": "en" },
        });
        const body = (await res.json()) as { data: { microbook: { edition: { title: string } } } };
        return { title: body.data.microbook.edition.title, cached: res.headers.has("age") };
      };
      const titles = async () => (await Promise.all([a, b].map(titleOn))).map((answer) => answer.title);
      expect(await titles()).toEqual(["Before", "Before"]);
      // Each instance now answers from the cache (its own, or the Redis they share).
      expect(await Promise.all([a, b].map(titleOn))).toEqual([
        { title: "Before", cached: true },
        { title: "Before", cached: true },
      ]);

      await writeFile(path.join(dir, "books", "shared-book", "en.md"), book("After"));
      await importCatalog(db.prisma, await readCatalog(dir));
      // Each instance reads the shared version at most once a second.
      await expect.poll(titles, { timeout: 5_000, interval: 250 }).toEqual(["After", "After"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("share the job runner: trial reminders falling due together are each run once, by one instance or the other", async () => {
    // Eight trials ending in two days, their reminders due now, as the trial's start schedules them.
    const DAY = 86_400_000;
    const emails = Array.from({ length: 8 }, (_, i) => `trial${i}@brevia.test`);
    for (const [i, email] of emails.entries()) {
      const user = await db.prisma.user.create({ data: { email, name: `Trial ${i}`, contentLanguage: "en", interfaceLanguage: "en" } });
      const subscription = await db.prisma.subscription.create({
        data: {
          userId: user.id,
          provider: "LOCAL",
          providerSubscriptionId: `sub_two_${i}`,
          planId: "annual",
          currency: "USD",
          amount: 7990,
          status: "TRIALING",
          trialEndsAt: new Date(Date.now() + 2 * DAY - 60_000),
          currentPeriodStart: new Date(Date.now() - 5 * DAY),
          currentPeriodEnd: new Date(Date.now() + 2 * DAY - 60_000),
        },
      });
      await db.prisma.job.create({
        data: {
          kind: "trial-reminder",
          key: `trial-reminder:${subscription.id}`,
          runAt: new Date(),
          payload: { subscriptionId: subscription.id },
        },
      });
    }
    // Each instance's runner looks every 15 s.
    for (const email of emails) await smtp.waitFor(email, /./, 40_000);
    await expect.poll(() => db.prisma.job.count({ where: { kind: "trial-reminder", doneAt: null } }), { timeout: 10_000 }).toBe(0);
    // Another round of both runners: nothing runs again.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    expect(
      smtp.received
        .filter((mail) => emails.includes(mail.to))
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([...emails].sort());
    const jobs = await db.prisma.job.findMany({ where: { kind: "trial-reminder" }, select: { attempts: true, failedAt: true } });
    expect(jobs).toEqual(emails.map(() => ({ attempts: 1, failedAt: null })));
    expect(await db.prisma.mailOutbox.count({ where: { template: "trial-reminder", to: { in: emails } } })).toBe(emails.length);
  }, 90_000);
});
