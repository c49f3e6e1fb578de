import { LOCALES, PAGE_CATALOGUES, type PageCatalogue } from "@brevia/routes";
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
  "password-fields.ts",
  "NoPasswordYet.tsx",
  // The log-in and sign-up forms, their social buttons and the sessions list (their pages load the catalogue too).
  "AuthForm.tsx",
  "SocialButtons.tsx",
  "SessionsList.tsx",
].map((file) => `<rootDir>/src/features/accounts/${file}`);
// The log-in and sign-up pages themselves (their routes load the credentials catalogue).
const CREDENTIAL_PAGES = ["login", "signup"].map((route) => `<rootDir>/src/routes/${route}`);

/**
 * The sources of each catalogue that routes declare (@brevia/routes PAGE_CATALOGUES, loaded by
 * src/app/page-catalogues.ts): folders and files. Their messages stay out of the main catalogue.
 */
const PAGE_CATALOGUE_SOURCES = {
  credentials: [...CREDENTIAL_DIRS, ...CREDENTIAL_FILES, ...CREDENTIAL_PAGES],
  // The settings page's own messages too: off the home page, which has to stay within its budget.
  account: [
    "<rootDir>/src/features/settings",
    "<rootDir>/src/features/onboarding",
    "<rootDir>/src/routes/welcome",
    "<rootDir>/src/routes/reader",
    "<rootDir>/src/features/reader",
    // Read-along, loaded with the reader.
    "<rootDir>/src/features/read-along",
    "<rootDir>/src/routes/settings",
    // Highlights: /library/highlights and the reader's highlights (which load this catalogue with their chunk).
    "<rootDir>/src/features/highlights",
    "<rootDir>/src/routes/library-highlights",
    "<rootDir>/src/routes/library",
    "<rootDir>/src/features/library/LibraryActions.tsx",
  ],
  // Pages off the first visit's path: search, playlists, and commerce (plans, checkout, vouchers, the settings' subscription section).
  browse: [
    "<rootDir>/src/routes/search",
    "<rootDir>/src/routes/playlist",
    "<rootDir>/src/features/discovery/PlayAll.tsx",
    // The persistent player (loaded on first use; it loads this catalogue itself).
    "<rootDir>/src/features/player",
    "<rootDir>/src/features/commerce",
    ...[
      "try-now",
      "try-now-subscribe",
      "welcome-to-knowledge",
      "settings-subscribe",
      "redeem-voucher",
      "exclusive-offer",
      "public-purchase",
    ].map((route) => `<rootDir>/src/routes/${route}`),
    // A shared highlight's public quote card.
    "<rootDir>/src/routes/quote",
    // The listings (categories, trending and latest, originals, playlists): off the home page's budget.
    ...["categories", "category", "listing", "originals", "original", "playlists"].map((route) => `<rootDir>/src/routes/${route}`),
  ],
  // The error registry: said by forms and a signed-in reader's actions, never on a visitor's first page.
  // Send to Kindle's and the library link's words too: only pages that load this catalogue show them.
  errors: [
    "<rootDir>/src/app/errors",
    "<rootDir>/src/features/library/KindleActions.tsx",
    "<rootDir>/src/features/library/LibraryLink.tsx",
  ],
} satisfies Record<PageCatalogue, string[]>;

/** A source as an exclude pattern: a folder's files, or the file. */
const everythingIn = (source: string) => (/\.tsx?$/.test(source) ? source : `${source}/**`);

export default defineConfig({
  // Messages are written in English in the code (the spec's wording); pt is the default locale.
  sourceLocale: "en",
  locales: [...LOCALES],
  catalogs: [
    {
      path: "<rootDir>/src/locales/{locale}",
      include: ["<rootDir>/src"],
      exclude: ["**/gql/**", ...PAGE_CATALOGUES.flatMap((name) => PAGE_CATALOGUE_SOURCES[name].map(everythingIn))],
    },
    ...PAGE_CATALOGUES.map((name) => ({ path: `<rootDir>/src/locales/${name}/{locale}`, include: PAGE_CATALOGUE_SOURCES[name] })),
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: "ts",
});
