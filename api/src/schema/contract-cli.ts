// `npm run schema:diff`: compares schema.graphql with the last release's schema (exit 1 on an
// unrecorded breaking change or a stale entry; `npm test` runs it).
// `npm run schema:release`: records schema.graphql as the new release baseline and empties the
// accepted-breaking-changes list. See contract.ts and "Changing the GraphQL schema" in README.md.
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { ROOT_DIR } from "../paths.js";
import {
  ACCEPTED_FILE,
  BASELINE_FILE,
  EMPTY_ACCEPTED_FILE,
  ContractFileError,
  baselineFileText,
  compareSchemas,
  formatReport,
  parseAcceptedChanges,
} from "./contract.js";

const schemaPath = path.join(ROOT_DIR, "schema.graphql");
const baselinePath = path.join(ROOT_DIR, BASELINE_FILE);
const acceptedPath = path.join(ROOT_DIR, ACCEPTED_FILE);
const today = () => new Date().toISOString().slice(0, 10);

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The comparison of schema.graphql with the baseline; undefined when no baseline was recorded yet. */
async function compare() {
  const current = await readFile(schemaPath, "utf8");
  const baseline = await readOptional(baselinePath);
  if (baseline === undefined) return { current, report: undefined };
  const accepted = parseAcceptedChanges((await readOptional(acceptedPath)) ?? "", ACCEPTED_FILE);
  return { current, report: await compareSchemas({ baseline, current, accepted }) };
}

async function diffCommand() {
  const { report } = await compare();
  if (!report) {
    throw new ContractFileError(`${BASELINE_FILE} is missing: run \`npm run schema:release\` to record the first baseline.`);
  }
  console.log(formatReport(report, today()));
  if (!report.ok) process.exitCode = 1;
}

async function releaseCommand() {
  // The baseline must be the schema the code serves: refuse a stale schema.graphql.
  const { printSchemaFile } = await import("./printable.js");
  const { current, report } = await compare();
  if (current !== printSchemaFile()) {
    throw new ContractFileError("schema.graphql is not the printed Pothos schema: run `npm run schema:print` (and commit it) first.");
  }
  // A release carries no unreviewed break: every breaking change must be recorded (and no entry stale).
  if (report && !report.ok) {
    console.log(formatReport(report, today()));
    throw new ContractFileError("Not recorded: fix the schema contract above before releasing.");
  }
  await mkdir(path.dirname(baselinePath), { recursive: true });
  await writeFile(baselinePath, baselineFileText(current, today()));
  await writeFile(acceptedPath, EMPTY_ACCEPTED_FILE);
  const accepted = report?.accepted.length ?? 0;
  console.log(
    `Recorded schema.graphql as the release baseline in ${BASELINE_FILE}` +
      (accepted ? ` and cleared the ${accepted} accepted breaking change(s) from ${ACCEPTED_FILE}` : "") +
      ". Commit both files with the release.",
  );
}

const command = process.argv[2];
try {
  if (command === "diff") await diffCommand();
  else if (command === "release") await releaseCommand();
  else {
    console.error("usage: contract-cli.ts diff | release");
    process.exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof ContractFileError)) throw error;
  console.error(`✘ ${error.message}`);
  process.exitCode = 1;
}
