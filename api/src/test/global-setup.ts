import { readFile } from "node:fs/promises";
import type { TestProject } from "vitest/node";
import { buildWebRenderer } from "./web-build.js";

/**
 * The api project's global setup: builds the web's server renderer (`vite build --ssr`, ~20 s) once
 * for the whole run, only when a selected test file renders pages (calls `useWebRenderer(`), and
 * gives its path to the files (`inject("webServerEntry")`). Removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const selected = project.vitest.state.getPaths().filter((file) => project.matchesTestGlob(file));
  const sources = await Promise.all(selected.map((file) => readFile(file, "utf8")));
  if (!sources.some((source) => source.includes("useWebRenderer("))) return;
  const web = await buildWebRenderer();
  project.provide("webServerEntry", web.serverEntry);
  return () => web.remove();
}
