// Fails when a message in the web app has no Portuguese or Spanish translation, or when the
// catalogues are stale (extraction would change them). Run from web/ (npm run i18n:check).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

// Each catalogue folder: the app's, and one per catalogue routes declare and load on their own
// (@brevia/routes PAGE_CATALOGUES: locales/credentials, account, browse).
const folders = [
  "src/locales",
  ...readdirSync("src/locales", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `src/locales/${entry.name}`),
];
const catalogs = folders.flatMap((folder) => ["pt", "es", "en"].map((locale) => `${folder}/${locale}.po`));
const before = catalogs.map((f) => readFileSync(f, "utf8"));
execFileSync("node_modules/.bin/lingui", ["extract", "--clean"], { stdio: "pipe" });
const stale = catalogs.filter((f, i) => readFileSync(f, "utf8") !== before[i]);
if (stale.length) {
  console.error(`Lingui catalogues were stale (now re-extracted, review and commit): ${stale.join(", ")}`);
  process.exitCode = 1;
}

let missing = 0;
for (const file of catalogs.filter((f) => !f.endsWith("/en.po"))) {
  const entries = readFileSync(file, "utf8").split(/\n\n+/);
  for (const entry of entries) {
    const id = /^msgid "(.+)"$/m.exec(entry)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(entry)?.[1];
    if (id && !str) {
      console.error(`${file}: no translation for "${id}"`);
      missing++;
    }
  }
}
if (missing) process.exitCode = 1;
else if (!stale.length) console.log("Lingui: every message is translated in pt and es (en is the source).");
