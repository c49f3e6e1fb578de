// pnpm schema:print: writes schema.graphql, the contract for the web client and other consumers.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { ROOT_DIR } from "../paths.js";
import { printSchemaFile } from "./printable.js";

const target = path.join(ROOT_DIR, "schema.graphql");
await writeFile(target, printSchemaFile());
console.log(`Wrote ${path.relative(process.cwd(), target)}`);
