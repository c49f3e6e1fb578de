import { describe, expect, it } from "vitest";
import { getDatamodel } from "../../generated/pothos-types.js";
import { buildMicrobook, buildReader } from "../../test/factories.js";
import { useTestServer } from "../../test/http.js";
import { EXPORTED_MODELS, NOT_EXPORTED } from "./account-export.js";
import { ACCOUNT_EXPORT_PATH } from "./export.route.js";

const server = useTestServer();

describe("GET /account/export.json", () => {
  it("downloads everything held about the reader as JSON, and nothing secret or anyone else's", async () => {
    const { db, app } = server;
    const { user, token } = await buildReader(db.prisma, { plan: "premium", password: "a quiet reading hour" });
    await db.prisma.user.update({ where: { id: user.id }, data: { surname: "Souza", kindleEmail: "reader@kindle.com" } });
    const book = await buildMicrobook(db.prisma, { slug: "the-art-of-war" });
    await db.prisma.userBookState.create({
      data: { userId: user.id, microbookId: book.id, isFavourite: true, status: "READING", progress: 0.5 },
    });
    await db.prisma.onboardingAnswers.create({
      data: { userId: user.id, goals: ["LEADERSHIP", "MONEY"], dailyMinutes: 15, format: "LISTEN" },
    });
    await db.prisma.onboardingBookChoice.create({ data: { userId: user.id, microbookId: book.id } });
    await db.prisma.socialIdentity.create({
      data: { userId: user.id, provider: "FACEBOOK", subject: "fb-subject", email: user.email, emailVerified: false },
    });
    await db.prisma.highlight.create({
      data: {
        userId: user.id,
        microbookId: book.id,
        editionId: book.editions[0]!.id,
        language: "en",
        quote: "All warfare is based on deception.",
        note: "Sun Tzu's first rule",
        prefix: "",
        suffix: "",
        startOffset: 0,
        endOffset: 34,
        keyIdeaPosition: 0,
        textVersion: "v1",
      },
    });
    const { user: stranger } = await buildReader(db.prisma);

    const response = await app.inject({ method: "GET", url: ACCOUNT_EXPORT_PATH, cookies: { brevia_session: token } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="brevia-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const data = response.json();
    expect(data).toMatchObject({
      format: "brevia-account-export",
      version: 1,
      profile: { email: user.email, name: user.name, surname: "Souza", kindleEmail: "reader@kindle.com", hasPassword: true },
      readingStates: [{ microbook: { slug: "the-art-of-war" }, isFavourite: true, status: "READING", progress: 0.5 }],
      entitlements: [{ source: "GRANT" }],
      onboarding: {
        answers: { goals: ["LEADERSHIP", "MONEY"], dailyMinutes: 15, format: "LISTEN" },
        chosenBooks: [{ microbook: { slug: "the-art-of-war" } }],
      },
      socialIdentities: [{ provider: "FACEBOOK", subject: "fb-subject", email: user.email, emailVerified: false }],
      highlights: [
        {
          microbook: { slug: "the-art-of-war" },
          quote: "All warfare is based on deception.",
          note: "Sun Tzu's first rule",
          colour: "YELLOW",
        },
      ],
    });
    expect(data.sessions).toHaveLength(1);
    expect(response.body).not.toContain("passwordHash");
    expect(response.body).not.toContain("tokenHash");
    expect(response.body).not.toContain(stranger.email);
  });

  it("answers a visitor 401 with no data", async () => {
    const response = await server.app.inject({ method: "GET", url: ACCOUNT_EXPORT_PATH });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: "UNAUTHENTICATED" } });
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  it("covers every model tied to a reader: a new table with a userId must join the export (or say why not)", () => {
    const models = getDatamodel().datamodel.models;
    const tiedToUser = Object.entries(models)
      .filter(([, model]) =>
        model.fields.some((field) => field.type === "User" && "relationFromFields" in field && (field.relationFromFields?.length ?? 0) > 0),
      )
      .map(([name]) => name);
    expect(tiedToUser.length).toBeGreaterThanOrEqual(5);
    const covered = new Set([...EXPORTED_MODELS, ...Object.keys(NOT_EXPORTED)]);
    expect(tiedToUser.filter((name) => !covered.has(name))).toEqual([]);
  });
});
