import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const API_IMPORTS_NO_WEB_SOURCE = {
  regex: "(^|/)web/src(/|$)",
  message: "The API imports nothing from web/src: use @brevia/routes, or an export of @brevia/web (web/package.json).",
};

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist-server/**",
      "web/.ssr-test-*/**",
      "api/src/generated/**",
      "web/src/gql/**",
      "web/src/locales/**",
      ".data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ["*.js", "*.mjs", "scripts/*.mjs", "api/build.mjs"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Type-aware rules that catch real bugs: promises forgotten or awaited wrongly.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  { files: ["**/*.mjs", "**/*.js"], ...tseslint.configs.disableTypeChecked },
  {
    // The API reaches no file of the web's sources: the route contract is a package of its own
    // (@brevia/routes), the web's typed documents and operation manifest are its package's exports
    // (@brevia/web/gql, @brevia/web/persisted-documents.json), its server renderer comes built.
    files: ["api/**/*.{ts,mjs}"],
    rules: { "no-restricted-imports": ["error", { patterns: [API_IMPORTS_NO_WEB_SOURCE] }] },
  },
  {
    // Data access knows no feature, nor the app's configuration (which loads features' settings): the
    // migration CLI loads only what it needs (db/db-config.ts).
    files: ["api/src/db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            API_IMPORTS_NO_WEB_SOURCE,
            {
              regex: "^(\\.\\./)+(features|schema|http)/|^(\\.\\./)+config(\\.js)?$",
              message: "Data access (api/src/db) knows no feature: import only the database's own modules.",
            },
          ],
        },
      ],
    },
  },
  { files: ["web/src/**/*.tsx"], plugins: { "react-hooks": reactHooks }, rules: reactHooks.configs.recommended.rules },
);
