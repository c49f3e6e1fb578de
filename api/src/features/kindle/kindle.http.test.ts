import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { epubcheck, hasEpubcheck } from "../../test/epubcheck.js";
import { buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";
import { useTestServer } from "../../test/http.js";
import { useTestSmtpServer } from "../../test/smtp.js";

const { smtp } = useTestSmtpServer();
const server = useTestServer({
  env: () => ({ SMTP_URL: smtp.url, MAIL_FROM: "Brevia <kindle@brevia.test>", PUBLIC_URL: "https://brevia.example" }),
  resetBeforeEach: true,
});
const db = server.db;

// CI has epubcheck (the test setup installs it, like Chromium); elsewhere a missing one is said, and
// these assertions fail in CI rather than being skipped.
const checkEpub = async (bytes: Uint8Array) => {
  if (!hasEpubcheck() && !process.env.CI) return console.warn("epubcheck is missing (apt-get install epubcheck): EPUB not validated");
  const { ok, output } = await epubcheck(bytes);
  expect(output).toContain("No errors or warnings detected");
  expect(ok).toBe(true);
};

const SEND = /* GraphQL */ `
  mutation ($id: ID!) {
    sendToKindle(microbookId: $id) {
      __typename
      ... on KindleDelivery {
        to
        from
        microbook {
          slug
        }
      }
      ... on Error {
        code
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
    }
  }
`;

const graphql = (token: string | null, query: string, variables: Record<string, unknown>, language = "en") =>
  server.app.inject({
    method: "POST",
    url: "/graphql",
    headers: {
      "content-type": "application/json",
      "apollo-require-preflight": "true",
      "accept-language": language,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: { query, variables },
  });
const send = async (token: string | null, microbookId: string) =>
  (await graphql(token, SEND, { id: encodeGlobalID("Microbook", microbookId) })).json<{
    data: { sendToKindle: Record<string, unknown> } | null;
    errors?: { extensions: { code: string } }[];
  }>();

async function kindleReader(plan: "premium" | "free", kindleEmail: string | null = "ana@kindle.com") {
  const reader = await buildReader(db.prisma, { plan, contentLanguage: "es" });
  await db.prisma.user.update({ where: { id: reader.user.id }, data: { kindleEmail } });
  return reader;
}

describe("Send to Kindle", () => {
  it("mails a premium reader's Kindle an EPUB of the edition in their language, valid for epubcheck", { timeout: 120_000 }, async () => {
    const book = await buildMicrobook(db.prisma, { slug: "walden", languages: ["en", "es"], keyIdeas: 3 });
    const { token } = await kindleReader("premium");
    const answer = await send(token, book.id);
    expect(answer.data).toEqual({
      sendToKindle: { __typename: "KindleDelivery", to: "ana@kindle.com", from: "kindle@brevia.test", microbook: { slug: "walden" } },
    });
    const mail = await smtp.waitFor("ana@kindle.com");
    expect(mail.from).toContain("kindle@brevia.test");
    expect(mail.subject).toMatch(/^Brevia en tu Kindle: Title \d+ \(es\)$/);
    const [attachment, ...others] = mail.parsed.attachments;
    expect(others).toEqual([]);
    expect(attachment).toMatchObject({ filename: "walden.es.epub", contentType: "application/epub+zip" });
    await checkEpub(attachment!.content);
    const text = attachment!.content.toString("latin1");
    expect(text).toContain("mimetypeapplication/epub+zip");
  });

  it("says KINDLE_EMAIL_MISSING without a Kindle email, and sends nothing", async () => {
    const book = await buildMicrobook(db.prisma);
    const { token } = await kindleReader("premium", null);
    expect((await send(token, book.id)).data).toEqual({
      sendToKindle: { __typename: "KindleEmailMissingError", code: "KINDLE_EMAIL_MISSING" },
    });
    expect(await db.prisma.mailOutbox.count()).toBe(0);
  });

  it("refuses a free reader a locked book (MICROBOOK_LOCKED), even today's free one (download is for subscribers), and a visitor", async () => {
    const [locked, free] = [await buildMicrobook(db.prisma), await buildMicrobook(db.prisma)];
    await makeFreeToday(db.prisma, free.id);
    const { token } = await kindleReader("free");
    for (const book of [locked, free]) {
      expect((await send(token, book.id)).data).toEqual({ sendToKindle: { __typename: "MicrobookLockedError", code: "MICROBOOK_LOCKED" } });
    }
    const visitor = await send(null, locked.id);
    expect(visitor.data).toBeNull();
    expect(visitor.errors?.map((e) => e.extensions.code)).toEqual(["UNAUTHENTICATED"]);
    expect(await db.prisma.mailOutbox.count()).toBe(0);
  });

  it("sends at most 10 a day per reader (RATE_LIMITED with when to retry); MICROBOOK_NOT_FOUND for an unknown id", async () => {
    const book = await buildMicrobook(db.prisma, { keyIdeas: 1 });
    const { token } = await kindleReader("premium");
    for (let i = 0; i < 10; i++) expect((await send(token, book.id)).data?.sendToKindle.__typename).toBe("KindleDelivery");
    const refused = (await send(token, book.id)).data!.sendToKindle;
    expect(refused).toMatchObject({ __typename: "RateLimitedError", code: "RATE_LIMITED" });
    expect(refused.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(await db.prisma.mailOutbox.count()).toBe(10);
    expect((await send(token, "nope")).data).toEqual({
      sendToKindle: { __typename: "MicrobookNotFoundError", code: "MICROBOOK_NOT_FOUND" },
    });
  });

  it("tells the web which sender address to approve in Amazon", async () => {
    const answer = (
      await graphql(
        null,
        `
          {
            kindleSenderEmail
          }
        `,
        {},
      )
    ).json<{ data: unknown }>();
    expect(answer.data).toEqual({ kindleSenderEmail: "kindle@brevia.test" });
  });
});

describe("GET /epub/{slug}.epub", () => {
  const download = (slug: string, token?: string, query = "") =>
    server.app.inject({ method: "GET", url: `/epub/${slug}.epub${query}`, headers: token ? { cookie: `brevia_session=${token}` } : {} });

  it("serves a subscriber the same EPUB (the edition asked for with ?lang), private and not cached", { timeout: 120_000 }, async () => {
    await buildMicrobook(db.prisma, { slug: "walden", languages: ["en", "pt"], keyIdeas: 2 });
    const { token } = await kindleReader("premium");
    const response = await download("walden", token, "?lang=pt");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/epub+zip");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="walden.pt.epub"');
    expect(response.headers["cache-control"]).toBe("private, no-store");
    await checkEpub(response.rawPayload);
  });

  it("refuses a free reader a locked book (403), a visitor (401), and answers 404 for an unknown book", async () => {
    const book = await buildMicrobook(db.prisma, { slug: "locked" });
    await makeFreeToday(db.prisma, (await buildMicrobook(db.prisma)).id);
    const { token } = await kindleReader("free");
    const refused = await download(book.slug, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: "MICROBOOK_LOCKED" } });
    expect((await download(book.slug)).statusCode).toBe(401);
    const premium = await kindleReader("premium");
    expect((await download("nothing-here", premium.token)).statusCode).toBe(404);
  });
});
