import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { MailTransport } from "../features/accounts/mail/outbox.js";
import { smtpTransport } from "../features/accounts/mail/transport.js";

export type ReceivedMail = { to: string; subject: string; text: string; html: string; from: string; parsed: ParsedMail };

/**
 * A real SMTP server on loopback that keeps what it receives (parsed by mailparser). `failNext(n)`
 * refuses the next n messages (a 451, as a busy server would). Close it with `close()`. `port`: a
 * given port (an SMTP server that comes back where the app expects it); otherwise a free one.
 */
export async function startTestSmtpServer(options: { port?: number } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (refuse > 0) {
        refuse--;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          received.push({
            to: to?.value[0]?.address ?? "",
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            parsed,
          });
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n: number) {
      refuse = n;
    },
    /** The first message to `to` whose subject matches, waiting up to `timeoutMs` for it. */
    async waitFor(to: string, subject: RegExp = /./, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => m.to === to.toLowerCase() && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No mail to ${to} matching ${subject} (got: ${received.map((m) => `${m.to}: ${m.subject}`).join("; ")})`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtpServer = Awaited<ReturnType<typeof startTestSmtpServer>>;

/**
 * A test file's SMTP server, started before its tests and closed after them, what it received
 * forgotten before each test; and `transport`, the app's SMTP transport to it (from
 * no-reply@brevia.test) for the outbox to deliver through. Use them inside hooks and tests.
 */
export function useTestSmtpServer() {
  let server: TestSmtpServer | undefined;
  let sender: ReturnType<typeof smtpTransport> | undefined;
  const started = () => {
    if (!server || !sender) throw new Error("useTestSmtpServer: the server runs only inside the file's hooks and tests");
    return { server, sender };
  };
  beforeAll(async () => {
    server = await startTestSmtpServer();
    sender = smtpTransport(server.url, "Brevia <no-reply@brevia.test>");
  });
  beforeEach(() => {
    started().server.received.length = 0;
  });
  afterAll(async () => {
    sender?.close();
    await server?.close();
  });
  const smtp: TestSmtpServer = {
    get url() {
      return started().server.url;
    },
    get received() {
      return started().server.received;
    },
    failNext: (n) => started().server.failNext(n),
    waitFor: (to, subject, timeoutMs) => started().server.waitFor(to, subject, timeoutMs),
    close: () => started().server.close(),
  };
  const transport: MailTransport = { name: "smtp", send: (mail) => started().sender.send(mail) };
  return { smtp, transport };
}

/** The link of an email's button to a path like /new-password/…, and its token. */
export function linkIn(mail: ReceivedMail, pathPart: string): { url: string; token: string } {
  const match = new RegExp(`https?://[^\\s"<]*${pathPart}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`No ${pathPart} link in: ${mail.text}`);
  const html = mail.html.includes(`href="${match[0]}"`);
  if (!html) throw new Error(`The HTML part has no link to ${match[0]}`);
  return { url: match[0], token: match[1]! };
}
