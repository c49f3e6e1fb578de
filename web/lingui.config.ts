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
const CREDENTIAL_FILES = [
  "CredentialForm.tsx",
  "credential-messages.ts",
  "password-fields.ts",
  "NoPasswordYet.tsx",
  // The log-in and sign-up forms, their social buttons and the sessions list (their pages load the catalogue too).
  "AuthForm.tsx",
  "auth-messages.ts",
  "SocialButtons.tsx",
  "social-login-messages.ts",
  "SessionsList.tsx",
].map((file) => `<rootDir>/src/features/accounts/${file}`);
// Pages off the first visit's path: search and playlists.
const BROWSE_PAGES = ["<rootDir>/src/routes/search", "<rootDir>/src/routes/playlist", "<rootDir>/src/features/discovery/PlayAll.tsx"];
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
        "**/routes/search/**",
        "**/routes/playlist/**",
        "**/features/discovery/PlayAll.tsx",
      ],
    },
    // Catalogues that routes load on their own (src/app/page-catalogues.ts).
    { path: "<rootDir>/src/locales/credentials/{locale}", include: [...CREDENTIAL_DIRS, ...CREDENTIAL_FILES] },
    { path: "<rootDir>/src/locales/account/{locale}", include: ACCOUNT_PAGES },
    { path: "<rootDir>/src/locales/browse/{locale}", include: BROWSE_PAGES },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
});
