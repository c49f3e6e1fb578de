import { describe, expect, it } from "vitest";
import { buildUser } from "../test/factories.js";
import { startTestServer, useTestServer } from "../test/http.js";

// Security finding 6 (issue 24, low): `requestPasswordReset` answered ~3 ms later for an email with
// an account (it issued a token and queued a mail before answering), so timing told which emails
// have accounts. Now the answer comes before that work: what runs before it is the same either way.
const server = useTestServer();

const REQUEST = `mutation ($email: String!) { requestPasswordReset(email: $email) { __typename } }`;

describe("requestPasswordReset", () => {
  it("does the same work before answering whether or not the email has an account, and mails only an account", async () => {
    await buildUser(server.db.prisma, { email: "known@example.com" });
    // The work each request leaves for after its answer is held here, so what ran before is visible.
    const held: (() => Promise<void>)[] = [];
    const { app } = await startTestServer(server.db, { afterResponse: (run) => void held.push(run), env: { LOG_LEVEL: "silent" } });
    try {
      const ask = (email: string, ip: string) =>
        server.db.recorder.capture(async () => {
          const res = await app.inject({
            method: "POST",
            url: "/graphql",
            payload: { query: REQUEST, variables: { email } },
            remoteAddress: ip,
          });
          return res.json() as { data: { requestPasswordReset: { __typename: string } } };
        });
      // Warm the server's caches with a first request of each kind.
      await ask("warm@example.com", "198.51.100.1");
      const known = await ask("known@example.com", "198.51.100.2");
      const unknown = await ask("unknown@example.com", "198.51.100.3");

      expect(known.result).toEqual({ data: { requestPasswordReset: { __typename: "PasswordResetRequested" } } });
      expect(unknown.result).toEqual(known.result);
      expect(known.statements.length).toBeGreaterThan(0);
      expect(unknown.statements).toEqual(known.statements);
      // Nothing about the account was read or written before the answer.
      expect(known.statements.join("\n")).not.toMatch(/"User"|"AccountToken"|"MailOutbox"/);
      expect(await server.db.prisma.mailOutbox.count()).toBe(0);

      for (const run of held.splice(0)) await run();
      const mails = await server.db.prisma.mailOutbox.findMany({ select: { to: true, template: true } });
      expect(mails).toEqual([{ to: "known@example.com", template: "password-reset" }]);
    } finally {
      await app.close();
    }
  });
});
