import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

const CREDENTIAL_PAGES = [
  "<rootDir>/src/routes/forgot-password",
  "<rootDir>/src/routes/new-password",
  "<rootDir>/src/routes/create-password",
  "<rootDir>/src/routes/new-password-internal",
  "<rootDir>/src/routes/update-profile",
  "<rootDir>/src/routes/confirm-email",
  "<rootDir>/src/features/accounts/CredentialForm.tsx",
  "<rootDir>/src/features/accounts/credential-messages.ts",
  "<rootDir>/src/features/accounts/password-fields.ts",
];

export default defineConfig({
  // Messages are written in English in the code (the spec's wording); pt is the default locale.
  sourceLocale: "en",
  locales: ["pt", "en", "es"],
  catalogs: [
    { path: "<rootDir>/src/locales/{locale}", include: ["<rootDir>/src"], exclude: ["**/gql/**", ...CREDENTIAL_PAGES] },
    // The email and password pages load their own catalogue (features/accounts/credential-catalog.ts).
    { path: "<rootDir>/src/locales/credentials/{locale}", include: CREDENTIAL_PAGES },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
});
