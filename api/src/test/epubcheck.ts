import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/** Debian's epubcheck (`apt-get install epubcheck`, a jar run with java); the test setup installs it like Chromium. */
export const EPUBCHECK = "/usr/bin/epubcheck";
export const hasEpubcheck = () => existsSync(EPUBCHECK);

/**
 * Runs epubcheck on an EPUB's bytes: ok when it reports no error and no fatal problem, with its
 * messages. The file lives in a folder of its own, removed after.
 */
export async function epubcheck(content: Uint8Array): Promise<{ ok: boolean; output: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "brevia-epubcheck-"));
  try {
    const file = path.join(dir, "book.epub");
    await writeFile(file, content);
    try {
      const { stdout, stderr } = await promisify(execFile)("java", ["-jar", EPUBCHECK, file], { timeout: 120_000 });
      return { ok: true, output: `${stdout}${stderr}` };
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      return { ok: false, output: `${stdout}${stderr}` };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
