import { describe, expect, it } from "vitest";
import { useTestServer } from "../test/http.js";
import { NUL_TEXT_MESSAGE } from "./nul-text.js";

const server = useTestServer();

const post = (query: string, variables?: object) =>
  server.app.inject({ method: "POST", url: "/graphql", headers: { "content-type": "application/json" }, payload: { query, variables } });

describe("text with U+0000 (PostgreSQL cannot store it)", () => {
  it("is refused as the client's error before any resolver runs, in variables and in literals", async () => {
    for (const res of [
      await post("mutation ($code: String!) { redeemVoucher(code: $code) { __typename } }", { code: "A\u0000B" }),
      await post('query { search(query: "walden\\u0000") { __typename } }'),
      await post("query ($slug: String!) { microbook(slug: $slug) { id } }", { slug: "\u0000" }),
    ]) {
      expect(res.statusCode).toBe(400);
      const errors = res.json<{ errors: { message: string; extensions: { code: string } }[] }>().errors;
      expect(errors.map((e) => [e.extensions.code, e.message])).toEqual([["BAD_USER_INPUT", NUL_TEXT_MESSAGE]]);
    }
    expect(await server.db.prisma.voucherRedemption.count()).toBe(0);
  });

  it("leaves every other text alone", async () => {
    const res = await post("query ($slug: String!) { microbook(slug: $slug) { id } }", { slug: "nul-free \u2028 \ud83d\ude00" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { microbook: null } });
  });
});
