import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** The spec's budget: JavaScript the home page needs before it is interactive, gzip-compressed. */
export const HOME_INITIAL_JS_BUDGET_KB = 170;

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; src?: string };
export type Manifest = Record<string, ManifestChunk>;

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The home page's initial JavaScript: the entry, the app it starts (its dynamic imports: the entry
 * loads the app once the page has painted), the home route's module (its loader and component load
 * before hydration) and one language's messages (the largest, since any one may be the reader's).
 */
export function homeInitialChunks(manifest: Manifest): { files: string[]; localeFile: string } {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const home = Object.keys(manifest).find((key) => /routes\/home\/Home\.tsx$/.test(key));
  if (!entry || !home) throw new Error("bundle budget: the manifest has no entry or no home route chunk");
  const keys = staticClosure(manifest, entry);
  for (const started of manifest[entry]!.dynamicImports ?? []) {
    if (!/locales\/[a-z]{2}\.po$/.test(started)) staticClosure(manifest, started, keys);
  }
  staticClosure(manifest, home, keys);
  const locales = Object.keys(manifest).filter((key) => /locales\/[a-z]{2}\.po$/.test(key));
  if (locales.length === 0) throw new Error("bundle budget: the manifest has no locale catalogue chunk");
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js"));
  return { files, localeFile: locales.map((key) => manifest[key]!.file)[0]! };
}

export type BudgetReport = { totalKb: number; chunks: { file: string; gzipKb: number }[]; withinBudget: boolean; message: string };

export function checkBudget(outDir: string, manifest: Manifest, budgetKb = HOME_INITIAL_JS_BUDGET_KB): BudgetReport {
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024;
  const { files } = homeInitialChunks(manifest);
  const locales = Object.keys(manifest)
    .filter((key) => /locales\/[a-z]{2}\.po$/.test(key))
    .map((key) => ({ file: manifest[key]!.file, gzipKb: gzipKb(manifest[key]!.file) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const chunks = [...files.map((file) => ({ file, gzipKb: gzipKb(file) })), locales[0]!].sort((a, b) => b.gzipKb - a.gzipKb);
  const totalKb = chunks.reduce((sum, chunk) => sum + chunk.gzipKb, 0);
  const list = chunks.map((c) => `  ${c.gzipKb.toFixed(1).padStart(6)} KB  ${c.file}`).join("\n");
  const withinBudget = totalKb <= budgetKb;
  const message = withinBudget
    ? `Home page initial JavaScript: ${totalKb.toFixed(1)} KB gzip (budget ${budgetKb} KB):\n${list}`
    : `Home page initial JavaScript is ${totalKb.toFixed(1)} KB gzip, over the ${budgetKb} KB budget. ` +
      `The largest chunk is ${chunks[0]!.file} (${chunks[0]!.gzipKb.toFixed(1)} KB): split it or drop a dependency.\n${list}`;
  return { totalKb, chunks, withinBudget, message };
}

/** Fails the client build when the home page's initial JavaScript is over budget, naming the chunks. */
export function bundleBudget(): Plugin {
  let outDir = "";
  return {
    name: "brevia-bundle-budget",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
      const report = checkBudget(outDir, manifest);
      if (!report.withinBudget) throw new Error(report.message);
      this.info?.(report.message);
      console.log(report.message);
    },
  };
}
