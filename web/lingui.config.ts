import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

const ACCOUNT_PAGES = ["<rootDir>/src/features/settings", "<rootDir>/src/features/onboarding", "<rootDir>/src/routes/welcome"];

export default defineConfig({
  // Messages are written in English in the code (the spec's wording); pt is the default locale.
  sourceLocale: "en",
  locales: ["pt", "en", "es"],
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/gql/**", "**/features/settings/**", "**/features/onboarding/**", "**/routes/welcome/**"],
    },
    // Pages only a signed-in reader sees (onboarding, settings forms): a catalogue their routes load, so
    // the visitors' first page does not carry their messages (src/app/account-catalog.ts).
    { path: "<rootDir>/src/locales/account/{locale}", include: ACCOUNT_PAGES },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
});
