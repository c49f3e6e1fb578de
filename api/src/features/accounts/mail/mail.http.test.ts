import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../test/database.js";
import { startTestServer } from "../../../test/http.js";
import { buildUser } from "../../../test/factories.js";
import { freePort } from "../../../test/server-process.js";
import { linkIn, startTestSmtpServer, useTestSmtpServer } from "../../../test/smtp.js";

const db = useTestDatabase();
const { smtp } = useTestSmtpServer();

const REQUEST = `mutation ($email: String!) { requestPasswordReset(email: $email) { __typename } }`;
const post = (app: Awaited<ReturnType<typeof startTestServer>>["app"], email: string) =>
  app.inject({
    method: "POST",
    url: "/graphql",
    headers: { "content-type": "application/json", "apollo-require-preflight": "true" },
    payload: { query: REQUEST, variables: { email } },
  });

describe("the server's mail", () => {
  it("delivers queued mail over SMTP right after the mutation, with links on PUBLIC_URL", async () => {
    await buildUser(db.prisma, { email: "http@example.com" });
    const { app } = await startTestServer(db, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Brevia <hello@brevia.test>", PUBLIC_URL: "https://brevia.example" },
    });
    try {
      const response = await post(app, "http@example.com");
      expect(response.json()).toEqual({ data: { requestPasswordReset: { __typename: "PasswordResetRequested" } } });
      const mail = await smtp.waitFor("http@example.com");
      expect(mail.from).toContain("hello@brevia.test");
      expect(linkIn(mail, "/new-password").url).toMatch(/^https:\/\/brevia\.example\/new-password\//);
      await expect.poll(async () => (await db.prisma.mailOutbox.findFirstOrThrow()).deliveredBy).toBe("smtp");
      // The development outbox does not exist in production.
      expect((await app.inject({ method: "GET", url: "/dev/outbox" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("without SMTP, development keeps mail in the outbox, shown at /dev/outbox", async () => {
    await buildUser(db.prisma, { email: "dev@example.com" });
    const { app, logs } = await startTestServer(db, { env: { NODE_ENV: "development" } });
    try {
      await post(app, "dev@example.com");
      await expect.poll(async () => (await db.prisma.mailOutbox.findFirst())?.deliveredBy).toBe("dev-outbox");
      const page = await app.inject({ method: "GET", url: "/dev/outbox" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toContain("dev@example.com");
      expect(page.body).toMatch(/<a href="http:\/\/localhost:\d+\/new-password\/[A-Za-z0-9_-]+">/);
      expect(smtp.received.filter((m) => m.to === "dev@example.com")).toEqual([]);
      // The page is sent once: its request logs no warning or error ("Reply was already sent",
      // ERR_HTTP_HEADERS_SENT), only the usual request lines.
      const ofPage = logs.filter((line) => line.reqId === page.headers["x-request-id"]);
      expect(ofPage.length).toBeGreaterThan(0);
      expect(ofPage.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("with SMTP down, the reader's request still succeeds; the mail waits and goes when SMTP is back", async () => {
    await buildUser(db.prisma, { email: "first@example.com" });
    await buildUser(db.prisma, { email: "second@example.com" });
    // Nothing listens on this port yet: every attempt is refused (ECONNREFUSED).
    const port = await freePort();
    const { app, logs } = await startTestServer(db, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Brevia <hello@brevia.test>", PUBLIC_URL: "https://brevia.example" },
    });
    let back: Awaited<ReturnType<typeof startTestSmtpServer>> | undefined;
    try {
      const response = await post(app, "first@example.com");
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { requestPasswordReset: { __typename: "PasswordResetRequested" } } });
      // Tried once, refused, kept for a later attempt (backoff), not given up.
      await expect.poll(async () => (await db.prisma.mailOutbox.findFirst())?.attempts ?? 0).toBeGreaterThanOrEqual(1);
      const waiting = await db.prisma.mailOutbox.findFirstOrThrow();
      expect(waiting).toMatchObject({ to: "first@example.com", sentAt: null, failedAt: null, deliveredBy: null });
      expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      expect(logs.some((line) => line.level >= 40 && /ECONNREFUSED/.test(JSON.stringify(line)))).toBe(true);

      // SMTP comes back where the app expects it; the backoff has run out (its clock moved on), and the
      // next mail another reader asks for wakes the worker, which sends both.
      back = await startTestSmtpServer({ port });
      await db.prisma.mailOutbox.update({ where: { id: waiting.id }, data: { nextAttemptAt: new Date() } });
      expect((await post(app, "second@example.com")).statusCode).toBe(200);
      const [first, second] = await Promise.all([back.waitFor("first@example.com"), back.waitFor("second@example.com")]);
      expect(linkIn(first, "/new-password").url).toMatch(/^https:\/\/brevia\.example\/new-password\//);
      expect(linkIn(second, "/new-password").url).toMatch(/^https:\/\/brevia\.example\/new-password\//);
      await expect.poll(async () => (await db.prisma.mailOutbox.findMany({ where: { sentAt: null } })).length).toBe(0);
      const sent = await db.prisma.mailOutbox.findUniqueOrThrow({ where: { id: waiting.id } });
      expect(sent).toMatchObject({ deliveredBy: "smtp", failedAt: null });
      expect(sent.attempts).toBeGreaterThanOrEqual(2);
      // Each once: the retry did not send the first mail twice.
      expect(back.received.map((mail) => mail.to).sort()).toEqual(["first@example.com", "second@example.com"]);
    } finally {
      await app.close();
      await back?.close();
    }
  });
});
