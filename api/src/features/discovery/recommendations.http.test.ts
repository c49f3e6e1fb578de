import { describe, expect, it } from "vitest";
import { buildCategory, buildMicrobook, buildReader } from "../../test/factories.js";
import { graphqlGetUrl, useTestServer } from "../../test/http.js";

const server = useTestServer();
const QUERY = `{ viewer { recommendations(first: 3) { personalized nodes { slug } } } }`;

describe("recommendations over HTTP", () => {
  it("are answered to their reader only, private and never stored, even for a GET", async () => {
    const { db, app } = server;
    const category = await buildCategory(db.prisma, { slug: "economics" });
    await buildMicrobook(db.prisma, { slug: "wealth-of-nations", categoryId: category.id });
    const { user, token } = await buildReader(db.prisma);
    await db.prisma.onboardingAnswers.create({ data: { userId: user.id, goals: ["MONEY"] } });

    const ask = (headers: Record<string, string> = {}) =>
      app.inject({ method: "GET", url: graphqlGetUrl({ query: QUERY }), headers: { "apollo-require-preflight": "true", ...headers } });
    const mine = await ask({ cookie: `brevia_session=${token}` });
    expect(mine.json()).toEqual({ data: { viewer: { recommendations: { personalized: true, nodes: [{ slug: "wealth-of-nations" }] } } } });
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    const again = await ask({ cookie: `brevia_session=${token}` });
    expect(again.headers.age).toBeUndefined();
    // A visitor asking the same gets no viewer, so nothing of the reader's.
    expect((await ask()).json()).toEqual({ data: { viewer: null } });
  });
});
