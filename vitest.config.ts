import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

// Pothos and Apollo load graphql as CommonJS; make test code use that same instance.
const graphqlCjs = createRequire(new URL("./api/package.json", import.meta.url)).resolve("graphql");

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { graphql: graphqlCjs } },
        test: {
          name: "api",
          include: ["api/src/**/*.test.ts"],
          environment: "node",
          // Each file opens its own database; on PostgreSQL files share one, so run them in turn.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: "web", include: ["web/src/**/*.test.ts", "web/build/**/*.test.ts"], environment: "node" } },
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
