import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleBudget } from "./build/bundle-budget";
import { precompress } from "./build/precompress";

const apiPort = process.env.API_PORT ?? "3000";
const api = `http://localhost:${apiPort}`;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }), lingui(), bundleBudget(), precompress()],
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // In development the API runs beside Vite; the browser talks to one origin (pages render in the browser).
    proxy: { "/graphql": api, "/covers": api, "/audio": api, "/healthz": api },
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`, into dist-server) needs no public files.
  // The client's manifest lets the budget check follow the home page's chunks.
  build: { sourcemap: true, copyPublicDir: !isSsrBuild, manifest: !isSsrBuild },
}));
