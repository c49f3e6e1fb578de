import path from "node:path";
import { babelOptimizerPlugin } from "@graphql-codegen/client-preset";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleBudget } from "./build/bundle-budget";
import { documentModules } from "./build/document-modules";
import { precompress } from "./build/precompress";

// Lingui reads lingui.config.ts through jiti, whose transpile cache goes to $TMPDIR/jiti (it looks for a
// node_modules folder beside @lingui/conf's own files, not this project's): every build, dev server and
// test run would leave it in the system temp folder. Transpiling one small file each time costs nothing.
process.env.JITI_FS_CACHE ??= "false";

const apiPort = process.env.API_PORT ?? "3000";
const api = `http://localhost:${apiPort}`;

/**
 * The browser's libraries in chunks of their own, by what changes together: a release of the app
 * leaves them cached (their names hash their content), and they download side by side.
 */
const VENDOR_CHUNKS = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: "router", test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
  { name: "apollo", test: /node_modules[\\/](@apollo|graphql|rxjs|optimism|@wry|tslib|@graphql-typed-document-node)[\\/]/ },
  { name: "lingui", test: /node_modules[\\/](@lingui|@messageformat)[\\/]/ },
  // Small modules many pages share (cards, head, links): one chunk, not one request and wrapper each.
  // (The route table and page links come from the route contract, packages/routes.)
  {
    name: "shared",
    test: /(src[\\/](app[\\/](PageHead|head|useLocale)|features[\\/]\w+[\\/]\w*(Card|Tile))|packages[\\/]routes[\\/]src[\\/](route-table|page-links))\.tsx?$/,
  },
];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    babel({
      plugins: [
        "@lingui/babel-plugin-lingui-macro",
        // Each graphql(`…`) becomes an import of its own document, so a page's bundle holds only the
        // documents it uses (not codegen's map of every document).
        [babelOptimizerPlugin, { artifactDirectory: path.join(import.meta.dirname, "src", "gql"), gqlTagName: "graphql" }],
      ],
    }),
    lingui(),
    // Each page's JavaScript carries only the GraphQL documents it uses (see build/document-modules.ts).
    documentModules(path.join(import.meta.dirname, "src", "gql")),
    bundleBudget(),
    precompress(),
  ],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // In development the API runs beside Vite; the browser talks to one origin (pages render in the browser).
    proxy: { "/graphql": api, "/auth": api, "/covers": api, "/audio": api, "/healthz": api, "/dev/outbox": api, "/account": api },
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`, into dist-server) needs no public files.
  // The client's manifest lets the budget check follow the home page's chunks.
  build: {
    sourcemap: true,
    copyPublicDir: !isSsrBuild,
    manifest: !isSsrBuild,
    // <link rel=modulepreload> is in every browser Brevia supports (Chrome 66, Firefox 115, Safari 17):
    // no polyfill on every page's first load (an older browser still loads the modules, unpreloaded).
    modulePreload: { polyfill: false },
    rolldownOptions: isSsrBuild
      ? // The server bundle imports the route modules eagerly too (entry-server.tsx): how it splits does not matter.
        { checks: { ineffectiveDynamicImport: false } }
      : { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
}));
