import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkBudget, homeInitialChunks, type Manifest } from "./bundle-budget";

const manifest: Manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_vendor.js"], dynamicImports: ["src/routes/home/Home.tsx"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "src/routes/home/Home.tsx": { file: "assets/Home.js", imports: ["_vendor.js", "_card.js"] },
  "_card.js": { file: "assets/card.js" },
  "src/routes/microbook/MicrobookPage.tsx": { file: "assets/MicrobookPage.js", imports: ["_vendor.js"] },
  "src/locales/en.po": { file: "assets/en.js" },
  "src/locales/pt.po": { file: "assets/pt.js" },
};

// Every folder a test builds (one test builds two), removed after it.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes the manifest's files with incompressible content of the given sizes (KB). */
function build(sizesKb: Record<string, number>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "brevia-budget-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "assets"));
  for (const [file, kb] of Object.entries(sizesKb)) {
    const bytes = randomBytes(kb * 1024);
    writeFileSync(path.join(dir, file), bytes);
  }
  return dir;
}

describe("the home page's JavaScript budget", () => {
  it("counts the entry, the home route and their imports, plus one language, not other routes", () => {
    expect(homeInitialChunks(manifest).files.sort()).toEqual(["assets/Home.js", "assets/card.js", "assets/index.js", "assets/vendor.js"]);
  });

  it("passes under the budget and fails over it, naming the largest chunk", () => {
    const sizes = {
      "assets/index.js": 10,
      "assets/vendor.js": 60,
      "assets/Home.js": 5,
      "assets/card.js": 2,
      "assets/MicrobookPage.js": 500,
      "assets/en.js": 3,
      "assets/pt.js": 4,
    };
    const under = checkBudget(build(sizes), manifest, 100);
    expect(under.withinBudget).toBe(true);
    // Random bytes do not compress: about their own size, and the big route chunk is not counted.
    expect(under.totalKb).toBeGreaterThan(80);
    expect(under.totalKb).toBeLessThan(90);
    expect(under.chunks.map((c) => c.file)).toContain("assets/pt.js");
    const over = checkBudget(build({ ...sizes, "assets/vendor.js": 120 }), manifest, 100);
    expect(over.withinBudget).toBe(false);
    expect(over.message).toMatch(/over the 100 KB budget\. The largest chunk is assets\/vendor\.js/);
  });
});
