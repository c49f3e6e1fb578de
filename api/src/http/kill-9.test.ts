import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { createVouchers } from "../features/commerce/vouchers.js";
import { buildCategory, buildMicrobook, buildReader } from "../test/factories.js";
import { startServer, type ServerProcess } from "../test/server-process.js";
import { testPostgresUrl, useThrowawayPostgres } from "../test/throwaway-postgres.js";

/**
 * kill -9 in the middle of a stream of writes — sign-ups, favourites, progress saves, voucher
 * redemptions — then a restart: every write the server acknowledged is there, and nothing is half done
 * (a user without the welcome mail queued with it, a redemption without its premium window, a voucher
 * counted more or less than it was redeemed). The server is a production process of its own on a
 * database of the test's; PostgreSQL only (the PostgreSQL pass of the tests, TEST_DATABASE_URL).
 */
describe.runIf(testPostgresUrl)("kill -9 during writes", () => {
  const postgres = useThrowawayPostgres("kill -9");
  let db: Database;
  let server: ServerProcess | undefined;
  const env = () => postgres.productionEnv();

  beforeAll(() => {
    db = postgres.db;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("keeps every acknowledged write and no half-done one", async () => {
    const category = await buildCategory(db.prisma, { slug: "kill" });
    const books: string[] = [];
    for (let i = 0; i < 40; i++) books.push((await buildMicrobook(db.prisma, { slug: `kill-${i}`, categoryId: category.id })).id);
    const favourer = await buildReader(db.prisma, { plan: "premium" });
    const saver = await buildReader(db.prisma, { plan: "premium" });
    const codes = await createVouchers(db.prisma, { count: 40, days: 30, uses: 1 });
    const redeemers = await Promise.all(codes.map(() => buildReader(db.prisma)));

    server = await startServer(env());
    const running = server;
    const post = async <T>(query: string, variables: object, token?: string): Promise<T | null> => {
      try {
        const res = await fetch(`${running.baseUrl}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", ...(token ? { cookie: `brevia_session=${token}` } : {}) },
          body: JSON.stringify({ query, variables }),
        });
        return res.ok ? ((await res.json()) as { data: T }).data : null;
      } catch {
        return null; // the server is gone: not acknowledged
      }
    };
    const ack = { signUps: [] as string[], favourites: [] as string[], sequences: [] as number[], codes: [] as string[] };
    let killed = false;
    const streams = [
      (async () => {
        for (let i = 0; !killed; i++) {
          const email = `stream-${i}@brevia.test`;
          const data = await post<{ signUp: { __typename: string } }>(
            'mutation ($email: String!) { signUp(email: $email, password: "a quiet reading hour") { __typename } }',
            { email },
          );
          if (data?.signUp.__typename === "AuthSession") ack.signUps.push(email);
        }
      })(),
      (async () => {
        for (let i = 0; !killed && i < books.length; i++) {
          const data = await post<{ setFavourite: { __typename: string } }>(
            "mutation ($id: ID!) { setFavourite(microbookId: $id, favourite: true) { __typename } }",
            { id: encodeGlobalID("Microbook", books[i]!) },
            favourer.token,
          );
          if (data?.setFavourite.__typename === "Microbook") ack.favourites.push(books[i]!);
        }
      })(),
      (async () => {
        for (let sequence = 1; !killed; sequence++) {
          const data = await post<{ saveReadingPosition: { __typename: string } }>(
            `mutation ($id: ID!, $sequence: Int!, $offset: Float!) {
              saveReadingPosition(microbookId: $id, language: en, medium: TEXT, keyIdea: 0, keyIdeaOffset: $offset,
                deviceId: "kill-device", sessionId: "kill-session", sequence: $sequence, deliberate: true) { __typename }
            }`,
            { id: encodeGlobalID("Microbook", books[0]!), sequence, offset: Math.min(1, sequence / 1000) },
            saver.token,
          );
          if (data?.saveReadingPosition.__typename === "ReadingPositionSaved") ack.sequences.push(sequence);
        }
      })(),
      (async () => {
        for (let i = 0; !killed && i < codes.length; i++) {
          const data = await post<{ redeemVoucher: { __typename: string } }>(
            "mutation ($code: String!) { redeemVoucher(code: $code) { __typename } }",
            { code: codes[i]! },
            redeemers[i]!.token,
          );
          if (data?.redeemVoucher.__typename === "VoucherRedeemed") ack.codes.push(codes[i]!);
        }
      })(),
    ];
    // Let every stream get going, then kill the server mid-write.
    await expect
      .poll(() => ack.signUps.length > 2 && ack.favourites.length > 2 && ack.sequences.length > 2 && ack.codes.length > 2, {
        timeout: 30_000,
      })
      .toBe(true);
    process.kill(running.pid, "SIGKILL");
    killed = true;
    await Promise.all(streams);
    expect((await running.stop()).signal).toBe("SIGKILL");

    server = await startServer(env());
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);

    // Sign-ups: each acknowledged one is there, and every user made has its welcome mail queued.
    const users = await db.prisma.user.findMany({ where: { email: { startsWith: "stream-" } }, select: { id: true, email: true } });
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(ack.signUps));
    const mails = await db.prisma.mailOutbox.groupBy({
      by: ["to"],
      where: { template: "welcome", to: { in: users.map((u) => u.email) } },
      _count: true,
    });
    expect(mails.length).toBe(users.length);
    // Favourites.
    const favourites = await db.prisma.userBookState.findMany({
      where: { userId: favourer.user.id, isFavourite: true },
      select: { microbookId: true },
    });
    expect(favourites.map((f) => f.microbookId)).toEqual(expect.arrayContaining(ack.favourites));
    // Progress: at least the last acknowledged save.
    const position = await db.prisma.readingPosition.findUniqueOrThrow({
      where: { userId_microbookId: { userId: saver.user.id, microbookId: books[0]! } },
    });
    expect(position.sequence).toBeGreaterThanOrEqual(Math.max(...ack.sequences));
    // Vouchers: each acknowledged redemption with its premium window; no redemption without one; counts agree.
    const vouchers = await db.prisma.voucher.findMany({ include: { redemptions: { include: { entitlement: true } } } });
    for (const voucher of vouchers) {
      expect(voucher.redemptionCount).toBe(voucher.redemptions.length);
      expect(voucher.redemptions.length).toBeLessThanOrEqual(1);
      for (const redemption of voucher.redemptions) expect(redemption.entitlement).not.toBeNull();
    }
    const redeemed = vouchers.filter((v) => v.redemptions.length).map((v) => v.code);
    expect(redeemed).toEqual(expect.arrayContaining(ack.codes));
    console.log(
      `kill -9: acknowledged ${ack.signUps.length} sign-ups, ${ack.favourites.length} favourites, ${ack.sequences.length} saves, ` +
        `${ack.codes.length} redemptions; found ${users.length} users (${mails.length} with their mail), ${favourites.length} favourites, ` +
        `position at sequence ${position.sequence}, ${redeemed.length} redemptions`,
    );
  }, 120_000);
});
