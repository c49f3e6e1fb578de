import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A folder for a journey file's artefacts (screenshots). With E2E_ARTIFACTS_DIR set (CI uploads it,
 * or a person wants to look) they go to `$E2E_ARTIFACTS_DIR/<name>` and are kept; without it, to a
 * temp folder of the run's that `remove()` deletes when the file's journeys end, so a run leaves
 * nothing behind.
 */
export function artifactFolder(name: string): { dir: string; kept: boolean; remove(): void } {
  const keep = process.env.E2E_ARTIFACTS_DIR;
  if (keep) {
    const dir = path.resolve(keep, name);
    mkdirSync(dir, { recursive: true });
    return { dir, kept: true, remove: () => undefined };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `brevia-e2e-${name}-`));
  return { dir, kept: false, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
