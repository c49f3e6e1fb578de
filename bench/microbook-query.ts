// Finds the microbook page query the web app sends.
//
// Preferred source: the `graphql(` document named MicrobookPage under web/src/routes/microbook/
// (the real page query), with any fragments it spreads collected from `graphql(` documents
// elsewhere in web/src. Extracting GraphQL from TSX with regular expressions is fragile (it only
// understands plain template literals, no interpolation), so when that fails or there is no such
// document yet, bench/microbook-page.graphql — a hand-kept copy written against schema.graphql —
// is used instead. The report says which one ran.
import { existsSync } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT_DIR = path.dirname(BENCH_DIR);
const WEB_SRC_DIR = path.join(ROOT_DIR, "web", "src");
const PAGE_DIR = path.join(WEB_SRC_DIR, "routes", "microbook");
const FALLBACK_PATH = path.join(BENCH_DIR, "microbook-page.graphql");

export type MicrobookQuery = {
  /** Full document text: the operation plus the fragments it needs. */
  text: string;
  /** Where it came from, relative to the workspace root. */
  source: string;
  /** Why the fallback was used, if it was. */
  note?: string;
  /** Variable definitions of the operation: name → type (e.g. slug → String!). */
  variables: Record<string, string>;
};

const GRAPHQL_CALL = /\bgraphql\(\s*(?:\/\*[\s\S]*?\*\/\s*)?`([\s\S]*?)`\s*\)/g;

async function listSources(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "node_modules" || entry.name === "gql" || entry.name === "generated") continue;
      out.push(...(await listSources(full)));
    } else if (/\.(tsx?|jsx?)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      out.push(full);
    }
  }
  return out;
}

async function documentsIn(files: string[]): Promise<{ file: string; text: string }[]> {
  const docs: { file: string; text: string }[] = [];
  for (const file of files) {
    const source = await readFile(file, "utf8");
    for (const match of source.matchAll(GRAPHQL_CALL)) {
      const text = match[1]!;
      if (text.includes("${")) continue; // interpolated: not a plain document
      docs.push({ file, text: text.trim() });
    }
  }
  return docs;
}

function stripComments(text: string) {
  return text.replace(/#[^\n]*/g, "");
}

function fragmentSpreads(text: string): string[] {
  return [...stripComments(text).matchAll(/\.\.\.\s*([_A-Za-z][_0-9A-Za-z]*)/g)].map((m) => m[1]!).filter((name) => name !== "on");
}

function fragmentDefinitions(text: string): string[] {
  return [...stripComments(text).matchAll(/\bfragment\s+([_A-Za-z][_0-9A-Za-z]*)\s+on\b/g)].map((m) => m[1]!);
}

/** `query Name($a: T!, $b: U)` → { a: "T!", b: "U" }. */
export function variableDefinitions(text: string, operationName: string): Record<string, string> {
  const header = new RegExp(`\\bquery\\s+${operationName}\\s*\\(([^)]*)\\)`).exec(stripComments(text));
  const vars: Record<string, string> = {};
  if (!header) return vars;
  for (const m of header[1]!.matchAll(/\$([_A-Za-z][_0-9A-Za-z]*)\s*:\s*([^\s,=$)]+(?:\s*!)?)/g)) {
    vars[m[1]!] = m[2]!.replace(/\s+/g, "");
  }
  return vars;
}

async function fromWebApp(): Promise<MicrobookQuery | string> {
  const pageFiles = await listSources(PAGE_DIR);
  if (!pageFiles.length) return `no source files under ${path.relative(ROOT_DIR, PAGE_DIR)}/`;
  const pageDocs = await documentsIn(pageFiles);
  const page = pageDocs.find((d) => /\bquery\s+MicrobookPage\b/.test(stripComments(d.text)));
  if (!page) return `no graphql(\`query MicrobookPage …\`) document in ${path.relative(ROOT_DIR, PAGE_DIR)}/`;

  // Collect fragments it spreads, transitively, from every graphql( document in web/src.
  const allDocs = await documentsIn(await listSources(WEB_SRC_DIR));
  const byFragment = new Map<string, { file: string; text: string }>();
  for (const doc of allDocs) for (const name of fragmentDefinitions(doc.text)) if (!byFragment.has(name)) byFragment.set(name, doc);

  const included = [page];
  const defined = new Set(fragmentDefinitions(page.text));
  const pending = fragmentSpreads(page.text);
  while (pending.length) {
    const name = pending.pop()!;
    if (defined.has(name)) continue;
    const doc = byFragment.get(name);
    if (!doc)
      return `MicrobookPage (${path.relative(ROOT_DIR, page.file)}) spreads fragment ${name}, which was not found as a plain graphql(\`…\`) document in web/src`;
    included.push(doc);
    for (const n of fragmentDefinitions(doc.text)) defined.add(n);
    pending.push(...fragmentSpreads(doc.text));
  }
  const files = [...new Set(included.map((d) => path.relative(ROOT_DIR, d.file)))];
  return {
    text: included.map((d) => d.text).join("\n\n"),
    source: files.join(" + "),
    variables: variableDefinitions(page.text, "MicrobookPage"),
  };
}

export async function loadMicrobookQuery(): Promise<MicrobookQuery> {
  const found = await fromWebApp();
  if (typeof found !== "string") return found;
  const text = (await readFile(FALLBACK_PATH, "utf8")).trim();
  return {
    text,
    source: `${path.relative(ROOT_DIR, FALLBACK_PATH)} (fallback copy)`,
    note: found,
    variables: variableDefinitions(text, "MicrobookPage"),
  };
}
