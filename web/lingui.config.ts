import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The email and password pages' sources: their messages form a catalogue of their own.
const CREDENTIAL_DIRS = [
  "forgot-password",
  "new-password",
  "create-password",
  "new-password-internal",
  "update-profile",
  "confirm-email",
].map((route) => `<rootDir>/src/routes/${route}`);
const CREDENTIAL_FILES = ["CredentialForm.tsx", "credential-messages.ts", "password-fields.ts", "NoPasswordYet.tsx"].map(
  (file) => `<rootDir>/src/features/accounts/${file}`,
);
const ACCOUNT_PAGES = ["<rootDir>/src/features/settings", "<rootDir>/src/features/onboarding", "<rootDir>/src/routes/welcome"];

export default defineConfig({
  // Messages are written in English in the code (the spec's wording); pt is the default locale.
  sourceLocale: "en",
  locales: ["pt", "en", "es"],
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: [
        "**/gql/**",
        ...CREDENTIAL_DIRS.map((dir) => `${dir}/**`),
        ...CREDENTIAL_FILES,
        "**/features/settings/**",
        "**/features/onboarding/**",
        "**/routes/welcome/**",
      ],
    },
    // The email and password pages load their own catalogue (features/accounts/credential-catalog.ts).
    { path: "<rootDir>/src/locales/credentials/{locale}", include: [...CREDENTIAL_DIRS, ...CREDENTIAL_FILES] },
    // Pages only a signed-in reader sees (onboarding, settings forms): a catalogue their routes load, so
    // the visitors' first page does not carry their messages (src/app/account-catalog.ts).
    { path: "<rootDir>/src/locales/account/{locale}", include: ACCOUNT_PAGES },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
});
