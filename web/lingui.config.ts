import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  // Messages are written in English in the code (the spec's wording); pt is the default locale.
  sourceLocale: "en",
  locales: ["pt", "en", "es"],
  catalogs: [{ path: "<rootDir>/src/locales/{locale}", include: ["<rootDir>/src"], exclude: ["**/gql/**"] }],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
});
