import os from "node:os";
import { print, parse, validate, execute } from "graphql";
import { MicrobookPageDocument } from "../../web/src/gql/graphql.js";
import { openDatabase, createPglite } from "./db/client.js";
import { deployMigrations } from "./db/migrate.js";
import { seedIfEmpty } from "./features/catalog/import/seed.js";
import { buildSession, buildUser, grantPremium } from "./test/factories.js";
import { createContext } from "./context.js";
import { loadViewer } from "./features/accounts/viewer.js";
import { createMediaUrlSigner } from "./features/catalog/audio/media-urls.js";
import { schema } from "./schema/index.js";
const url = process.env.URL;
let db;
if (url) { await deployMigrations({ kind: "postgres", url, label: "x" }); db = await openDatabase({ url }); }
else { const pg = await createPglite(); await deployMigrations({ kind: "pglite", pglite: pg, label: "x" }); db = await openDatabase({ pglite: pg }); }
await seedIfEmpty(db.prisma, os.tmpdir() + "/unc-media");
const user = await buildUser(db.prisma, { email: `u${Date.now()}@x.test` });
await grantPremium(db.prisma, user.id);
const token = await buildSession(db.prisma, user.id);
const document = parse(print(MicrobookPageDocument));
validate(schema, document);
const mediaUrls = createMediaUrlSigner("x".repeat(40));
const once = async () => {
  const viewer = await loadViewer(db.prisma, token);
  const contextValue = createContext({ prisma: db.prisma, requestId: "p", viewer, mediaUrls, acceptLanguage: "en" });
  const r = await execute({ schema, document, variableValues: { slug: "walden", language: "en" }, contextValue });
  if (r.errors) throw r.errors[0];
};
for (let i = 0; i < 50; i++) await once();
const N = Number(process.env.N ?? 300);
const t = performance.now();
for (let i = 0; i < N; i++) await once();
console.log("ms/op", ((performance.now() - t) / N).toFixed(2));
let t2 = performance.now();
for (let i = 0; i < N; i++) await loadViewer(db.prisma, token);
console.log("loadViewer ms/op", ((performance.now() - t2) / N).toFixed(2));
const viewer = await loadViewer(db.prisma, token);
t2 = performance.now();
for (let i = 0; i < N; i++) await db.prisma.freeDailyPick.findUnique({ where: { day: new Date("2026-11-22") } });
console.log("freePick ms/op", ((performance.now() - t2) / N).toFixed(2));
t2 = performance.now();
for (let i = 0; i < N; i++) { const c = createContext({ prisma: db.prisma, requestId: "p", viewer, mediaUrls, acceptLanguage: "en" }); await execute({ schema, document, variableValues: { slug: "walden", language: "en" }, contextValue: c }); }
console.log("execute ms/op", ((performance.now() - t2) / N).toFixed(2));
const q = (await import("./db/query-log.js"));
void q;
await db.close(); process.exit(0);
