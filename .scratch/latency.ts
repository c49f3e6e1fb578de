import { openTestDatabase } from "../api/src/test/database.js";
import { startTestServer } from "../api/src/test/http.js";
const db = await openTestDatabase();
const { app } = await startTestServer(db);
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/graphql`;
const cases: Record<string, unknown> = {
  "aliases (21)": { query: `{ ${Array.from({ length: 21 }, (_, i) => `a${i}: __typename`).join(" ")} }` },
  "10,000 aliases (body too large)": { query: `{ ${Array.from({ length: 10000 }, (_, i) => `a${i}: __typename`).join(" ")} }` },
  "3,000 tokens": { query: `{ ${Array.from({ length: 3000 }, () => "__typename").join(" ")} }` },
  depth: { query: `{ microbook(slug: "x") { ${"similar { ".repeat(13)}slug${" }".repeat(13)} } }` },
  complexity: { query: `{ latestMicrobooks(first: 50) { nodes { similar { similar { similar { slug } } } } } }` },
  'node(id: "x")': { query: `{ node(id: "x") { id } }` },
  "first: -1": { query: `{ latestMicrobooks(first: -1) { nodes { slug } } }` },
  "garbage cursor": { query: `{ latestMicrobooks(first: 2, after: "zzz") { nodes { slug } } }` },
};
for (const [name, body] of Object.entries(cases)) {
  const times: number[] = [];
  let status = 0, code = "";
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const res = await fetch(base, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const json = (await res.json()) as { errors: { extensions: { code: string } }[] };
    times.push(performance.now() - t);
    status = res.status; code = json.errors[0]!.extensions.code;
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(34)} ${status} ${code.padEnd(24)} median ${times[10]!.toFixed(1)} ms, max ${times[19]!.toFixed(1)} ms`);
}
await app.close(); await db.close(); process.exit(0);
