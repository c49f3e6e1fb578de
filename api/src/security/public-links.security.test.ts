import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.js";
import { buildMicrobook, buildReader } from "../test/factories.js";
import { startTestServer, useTestServer } from "../test/http.js";

// Security finding 1 (issue 24, high): with PUBLIC_URL unset, a request with `Host: evil.example`
// (or, behind a trusted proxy, `X-Forwarded-Host`) got a password-reset link to evil.example mailed
// to a real reader; email-change links, the sitemap and robots.txt took the Host too.
const server = useTestServer();

const HOSTILE = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

async function post(app: typeof server.app, query: string, variables: object, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: "POST", url: "/graphql", payload: { query, variables }, headers: { ...HOSTILE, ...headers } });
  return res.json() as { data?: Record<string, { __typename: string }> };
}

// The work servers leave for after a response (the reset mail) is held here and run on demand.
const afterResponse: (() => Promise<void>)[] = [];

/** The outbox's messages to an address, once the work left after the responses has queued them. */
async function mailTo(to: string) {
  for (const work of afterResponse.splice(0)) await work();
  const mails = await server.db.prisma.mailOutbox.findMany({ where: { to }, select: { text: true, html: true } });
  if (!mails.length) throw new Error(`no mail to ${to}`);
  return mails;
}

describe("PUBLIC_URL", () => {
  it("is required in production with a database server, with a message that says what to set", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://brevia@db.internal/brevia" })).toThrow(
      /PUBLIC_URL must be set in production with DATABASE_URL.*https:\/\/brevia\.example/,
    );
    const configured = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://brevia@db.internal/brevia",
      PUBLIC_URL: "https://brevia.example/",
    });
    expect(configured.publicUrl).toBe("https://brevia.example");
  });

  it("falls back to http://localhost:PORT on the embedded database, in development and in tests", () => {
    expect(loadConfig({ NODE_ENV: "production", PORT: "8080" })).toMatchObject({
      publicUrl: "http://localhost:8080",
      publicUrlIsDefault: true,
    });
    expect(loadConfig({ NODE_ENV: "development" }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ NODE_ENV: "test", PUBLIC_URL: "https://brevia.example" }).publicUrlIsDefault).toBe(false);
  });
});

describe("links never come from the request's Host", () => {
  it("password reset, email change and welcome mails link to the configured origin", async () => {
    const { app } = await startTestServer(server.db, {
      env: { TRUST_PROXY: "true", LOG_LEVEL: "silent" },
      afterResponse: (work) => void afterResponse.push(work),
    });
    try {
      const { token } = await buildReader(server.db.prisma, { email: "reader@example.com", password: "the password" });
      const reset = await post(app, `mutation ($email: String!) { requestPasswordReset(email: $email) { __typename } }`, {
        email: "reader@example.com",
      });
      expect(reset.data?.requestPasswordReset?.__typename).toBe("PasswordResetRequested");
      const [resetMail] = await mailTo("reader@example.com");
      expect(resetMail!.text).toMatch(/http:\/\/localhost:3000\/new-password\/[\w-]+/);

      const change = await post(
        app,
        `mutation ($email: String!) { updateProfile(newEmail: $email, currentPassword: "the password") { __typename } }`,
        { email: "new@example.com" },
        { cookie: `brevia_session=${token}` },
      );
      expect(change.data?.updateProfile?.__typename).toBe("ProfileUpdated");
      const [changeMail] = await mailTo("new@example.com");
      expect(changeMail!.text).toMatch(/http:\/\/localhost:3000\/confirm-email\/[\w-]+/);

      await post(app, `mutation { signUp(email: "newcomer@example.com", password: "a fine password") { __typename } }`, {});
      const [welcome] = await mailTo("newcomer@example.com");
      expect(welcome!.text).toContain("http://localhost:3000");

      const everything = await server.db.prisma.mailOutbox.findMany({ select: { text: true, html: true } });
      expect(everything).toHaveLength(3);
      expect(JSON.stringify(everything)).not.toContain("evil.example");
    } finally {
      await app.close();
    }
  });

  it("robots.txt and the sitemap use the configured origin", async () => {
    await buildMicrobook(server.db.prisma, { slug: "host-probe" });
    const settings: Record<string, string>[] = [{ TRUST_PROXY: "true" }, { TRUST_PROXY: "true", PUBLIC_URL: "https://brevia.example" }];
    for (const env of settings) {
      const origin = env.PUBLIC_URL ?? "http://localhost:3000";
      const { app } = await startTestServer(server.db, { env: { ...env, LOG_LEVEL: "silent" } });
      try {
        const robots = await app.inject({ url: "/robots.txt", headers: HOSTILE });
        expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
        const sitemap = await app.inject({ url: "/sitemap.xml", headers: HOSTILE });
        expect(sitemap.body).toContain(`<loc>${origin}/en/microbook/host-probe</loc>`);
        expect(robots.body + sitemap.body).not.toContain("evil.example");
      } finally {
        await app.close();
      }
    }
  });
});
