import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

// axe-core's script, run in the page through the DevTools protocol (which the page's
// Content-Security-Policy does not apply to, unlike a <script> tag).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/** The serious and critical accessibility violations axe-core finds in the page as it is now. */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] };
    const axe = (globalThis as unknown as { axe: { run(): Promise<Result> } }).axe;
    const { violations } = await axe.run();
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact!, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
}
