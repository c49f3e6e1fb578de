import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Pothos and Apollo load graphql as CommonJS; make test code use that same instance.
const graphqlCjs = createRequire(new URL("./api/package.json", import.meta.url)).resolve("graphql");
// The web project's Lingui plugins (macros, .po imports) look for their config from the working
// directory, which is the repository's root here: point them at web's.
process.env.LINGUI_CONFIG ??= fileURLToPath(new URL("./web/lingui.config.ts", import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { graphql: graphqlCjs } },
        test: {
          name: "api",
          include: ["api/src/**/*.test.ts"],
          environment: "node",
          // Builds the server-rendered site once for the run when a selected file renders pages.
          globalSetup: ["./api/src/test/global-setup.ts"],
          // Each file opens its own database; on PostgreSQL files share one, so run them in turn.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Plain TypeScript units: the web's, and the workspace packages' (the route contract) it is built from.
      {
        test: {
          name: "web",
          include: ["web/src/**/*.test.ts", "web/build/**/*.test.ts", "packages/*/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // Component tests (*.test.tsx): the web app's own Vite plugins (Lingui macros, .po catalogues)
        // in a DOM (happy-dom), driven by Testing Library.
        extends: "./web/vite.config.ts",
        root: "./web",
        test: {
          name: "web-dom",
          include: ["src/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["./src/test/setup-dom.ts"],
          // The app's stylesheet, for tests that check where something is placed (imported with ?raw).
          css: { include: [/styles\.css/] },
        },
      },
      {
        resolve: { alias: { graphql: graphqlCjs } },
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
