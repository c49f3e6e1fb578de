// Setup, in the bench process, before the server starts: migrate, seed, create a signed-in premium
// reader, and record the SQL each scenario's operation issues by running it through the schema.
// The database is closed before returning (PGlite allows one process per data directory).
import { execute, parse, validate } from "graphql";
import { createContext } from "../api/src/context.js";
import type { Database } from "../api/src/db/client.js";
import { deployMigrations } from "../api/src/db/migrate.js";
import { QueryRecorder } from "../api/src/db/query-log.js";
import { loadViewer } from "../api/src/features/accounts/viewer.js";
import { createMediaUrlSigner } from "../api/src/features/catalog/audio/media-urls.js";
import { seedIfEmpty } from "../api/src/features/catalog/import/seed.js";
import { schema } from "../api/src/schema/index.js";
import { buildSession, buildUser, grantPremium } from "../api/src/test/factories.js";
import { LANGUAGE } from "./config.js";
import type { BenchDatabase } from "./databases.js";
import {
  buildPageScenarios,
  buildScenarios,
  HOME_PAGE,
  LIBRARY_BOOKS,
  type PageScenario,
  type PersistedOperation,
  type Scenario,
  type ScenarioId,
} from "./scenarios.js";

/** The SQL one request issues, as the server runs it: the session lookup, then the operation. */
export type StatementRecord = {
  viewer: string[];
  operation: string[];
  /** Statements of the very first execution, when they differ (e.g. today's free pick is chosen and written). */
  firstRun?: string[];
};

export type SetupResult = {
  serverVersion: string;
  migrations: string[];
  seeded: string | null;
  reader: { userId: string; email: string; premiumUntil: Date | null };
  slug: string;
  scenarios: Scenario[];
  pageScenarios: PageScenario[];
  statements: Record<ScenarioId, StatementRecord>;
};

type Execution = { data: unknown; viewer: string[]; operation: string[] };

/** Runs one operation like the server does (session lookup, context, validate, execute), recording its SQL. */
async function executeRecorded(
  db: Database,
  recorder: QueryRecorder,
  mediaUrlSecret: string,
  operation: PersistedOperation,
  variables: Record<string, unknown>,
  sessionToken: string | undefined,
): Promise<Execution> {
  const document = parse(operation.text);
  const invalid = validate(schema, document);
  if (invalid.length) throw new Error(`${operation.name} does not validate: ${invalid.map((e) => e.message).join("; ")}`);
  const viewer = await recorder.capture(() => loadViewer(db.prisma, sessionToken));
  if (sessionToken && !viewer.result) throw new Error("the bench reader's session token does not sign in");
  const contextValue = createContext({
    prisma: db.prisma,
    requestId: "bench-setup",
    viewer: viewer.result,
    mediaUrls: createMediaUrlSigner(mediaUrlSecret),
    acceptLanguage: LANGUAGE,
  });
  const result = await recorder.capture(async () => execute({ schema, document, variableValues: variables, contextValue }));
  if (result.result.errors?.length) {
    throw new Error(`${operation.name} failed in-process: ${JSON.stringify(result.result.errors).slice(0, 1000)}`);
  }
  return { data: result.result.data, viewer: viewer.statements, operation: result.statements };
}

/** Two executions: the first may do one-off work (today's free pick); the second is what every later request issues. */
async function recordTwice(run: () => Promise<Execution>): Promise<{ data: unknown; record: StatementRecord }> {
  const first = await run();
  const steady = await run();
  const same = first.operation.join("\n") === steady.operation.join("\n");
  return {
    data: steady.data,
    record: { viewer: steady.viewer, operation: steady.operation, ...(same ? {} : { firstRun: [...first.viewer, ...first.operation] }) },
  };
}

/** `created.readerUserId` is set as soon as the reader exists, so a failed setup still cleans it up. */
export async function setUp(
  target: BenchDatabase,
  mediaUrlSecret: string,
  created: { readerUserId?: string },
  log: (message: string) => void,
): Promise<SetupResult> {
  const recorder = new QueryRecorder();
  const db = await target.open(recorder);
  try {
    const [version] = await db.prisma.$queryRawUnsafe<{ server_version: string }[]>("SHOW server_version");
    const migrations = await deployMigrations(target.migrationTarget(db), log);
    const seeded = await seedIfEmpty(db.prisma, target.mediaDir);

    const user = await buildUser(db.prisma, { email: `bench-${process.pid}-${Date.now()}@bench.brevia.test`, contentLanguage: LANGUAGE });
    created.readerUserId = user.id;
    const sessionToken = await buildSession(db.prisma, user.id);
    const entitlement = await grantPremium(db.prisma, user.id);

    const runAs = (operation: PersistedOperation, variables: Record<string, unknown>, token?: string) => () =>
      executeRecorded(db, recorder, mediaUrlSecret, operation, variables, token);

    // The home page first: the microbook page benched is the first of its latest microbooks.
    const home = await recordTwice(runAs(HOME_PAGE, {}));
    // The fragment's fields are masked in the operation's type; the data has them.
    const slug = (home.data as { latest?: { nodes: { slug?: string }[] } } | null)?.latest?.nodes[0]?.slug;
    if (!slug) throw new Error(`HomePage returned no latest microbook: ${JSON.stringify(home.data).slice(0, 500)}`);

    // The library page's first tab: the reader's favourites, one full page of them.
    const favourites = await db.prisma.microbook.findMany({
      where: { editions: { some: {} } },
      select: { id: true },
      orderBy: { id: "asc" },
      take: LIBRARY_BOOKS,
    });
    if (favourites.length < LIBRARY_BOOKS)
      throw new Error(`the catalogue has ${favourites.length} microbooks; the library page needs ${LIBRARY_BOOKS}`);
    await db.prisma.userBookState.createMany({
      data: favourites.map(({ id }, i) => ({
        userId: user.id,
        microbookId: id,
        isFavourite: true,
        favouritedAt: new Date(Date.now() - i * 60_000),
      })),
    });

    // The progress save's books: the benched one first, then others with text (global ids, Relay's encoding).
    const books = await db.prisma.microbook.findMany({
      where: { editions: { some: { language: LANGUAGE, keyIdeaCount: { gt: 0 } } } },
      orderBy: { slug: "asc" },
      take: 10,
      select: { id: true, slug: true },
    });
    const ordered = [...books.filter((book) => book.slug === slug), ...books.filter((book) => book.slug !== slug)];
    const microbookIds = ordered.map((book) => Buffer.from(`Microbook:${book.id}`).toString("base64"));
    const scenarios = buildScenarios({ slug, sessionToken, microbookIds });
    const statements = {} as Record<ScenarioId, StatementRecord>;
    for (const scenario of scenarios) {
      const recorded =
        scenario.id === "visitorHome" ? home : await recordTwice(runAs(scenario.operation, scenario.variables, scenario.sessionToken));
      const problem = scenario.checkData(recorded.data);
      if (problem) throw new Error(`${scenario.title}, executed in-process: ${problem}`);
      statements[scenario.id] = recorded.record;
    }
    return {
      serverVersion: version?.server_version ?? "?",
      migrations,
      seeded,
      reader: { userId: user.id, email: user.email, premiumUntil: entitlement.endsAt },
      slug,
      scenarios,
      pageScenarios: buildPageScenarios({ slug }),
      statements,
    };
  } finally {
    await db.close();
  }
}
