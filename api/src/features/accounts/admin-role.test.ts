import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { execute, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuilder } from "../../builder.js";
import { createContext } from "../../context.js";
import { openDatabase } from "../../db/client.js";
import { deployMigrations } from "../../db/migrate.js";
import { createPglite } from "../../db/client.js";
import { createMediaUrlSigner } from "../catalog/audio/media-urls.js";
import { useTestDatabase } from "../../test/database.js";
import { buildReader } from "../../test/factories.js";
import { setRole } from "./admin-role.js";
import { loadViewer } from "./viewer.js";

const db = useTestDatabase();

/** A field only admins may call, as the admin console's fields will be declared. */
function adminSchema() {
  const builder = createBuilder();
  builder.queryType({
    fields: (t) => ({
      consoleGreeting: t.withAuth({ admin: true }).string({ resolve: (_root, _args, ctx) => `hello ${ctx.viewer.email}` }),
    }),
  });
  return builder.toSchema();
}

async function askAsAdmin(token: string) {
  const contextValue = createContext({
    prisma: db.prisma,
    requestId: "admin-test",
    viewer: await loadViewer(db.prisma, token),
    mediaUrls: createMediaUrlSigner("admin-test-secret-0123456789abcdefgh"),
  });
  const result = await execute({ schema: adminSchema(), document: parse("{ consoleGreeting }"), contextValue });
  return result.errors?.map((e) => e.extensions?.code) ?? result.data;
}

describe("the admin role", () => {
  it("opens the admin scope at the next request, and closes it when taken back", async () => {
    const { token } = await buildReader(db.prisma, { email: "ops@example.com" });
    expect(await askAsAdmin(token)).toEqual(["FORBIDDEN"]);

    expect(await setRole(db.prisma, "  OPS@example.com ", "ADMIN")).toEqual({ email: "ops@example.com", role: "ADMIN", changed: true });
    expect(await askAsAdmin(token)).toEqual({ consoleGreeting: "hello ops@example.com" });
    expect(await setRole(db.prisma, "ops@example.com", "ADMIN")).toMatchObject({ changed: false });

    await setRole(db.prisma, "ops@example.com", "READER");
    expect(await askAsAdmin(token)).toEqual(["FORBIDDEN"]);
    expect(await setRole(db.prisma, "nobody@example.com", "ADMIN")).toEqual({ email: "nobody@example.com", notFound: true });
  });
});

describe("npm run admin:grant", () => {
  const cli = fileURLToPath(new URL("./admin-grant-cli.ts", import.meta.url));
  const tsx = fileURLToPath(new URL("../../../../node_modules/.bin/tsx", import.meta.url));
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "brevia-admin-grant-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("grants and revokes the role on the configured database, and says when the email has no account", async () => {
    const pgliteDir = path.join(dir, "pglite");
    const pglite = await createPglite(pgliteDir);
    await deployMigrations({ kind: "pglite", pglite, label: "admin-grant" });
    await pglite.close();
    const setUp = await openDatabase({ dataDir: pgliteDir });
    await setUp.prisma.user.create({ data: { email: "ops@example.com", name: "Ops" } });
    await setUp.close();

    const grant = (...args: string[]) =>
      spawnSync(tsx, [cli, ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: "", DATA_DIR: dir } });
    const granted = grant("ops@example.com");
    expect(granted.stdout, granted.stderr).toContain("ops@example.com is an admin");
    expect(granted.status).toBe(0);
    expect(grant("nobody@example.com")).toMatchObject({
      status: 1,
      stderr: expect.stringContaining("No account has the email nobody@example.com"),
    });
    expect(grant()).toMatchObject({ status: 2, stderr: expect.stringContaining("Usage: npm run admin:grant") });

    const check = await openDatabase({ dataDir: pgliteDir });
    expect((await check.prisma.user.findUniqueOrThrow({ where: { email: "ops@example.com" } })).role).toBe("ADMIN");
    await check.close();
    expect(grant("--revoke", "ops@example.com").stdout).toContain("is no longer an admin");
  });
});
