// Bundles the API into api/dist/main.mjs. Dependencies stay in node_modules, except the workspace's
// own packages (@brevia/routes, @brevia/web's operation manifest): they are TypeScript and JSON
// sources, bundled in.
import { build } from "esbuild";

/** Every bare import is external (like `packages: "external"`), except the workspace's packages. */
const externalExceptWorkspace = {
  name: "external-except-workspace",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@brevia/") ? undefined : { path: args.path, external: true }));
  },
};

await build({
  entryPoints: ["src/main.ts"],
  outfile: "dist/main.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [externalExceptWorkspace],
  sourcemap: true,
  logLevel: "warning",
});
console.log("Built api/dist/main.mjs");
