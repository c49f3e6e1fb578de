import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import {
  getNamedType,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { buildCategory, buildMicrobook, buildReader, buildSession, makeFreeToday, type ReaderPlan } from "../test/factories.js";
import { seedTestCommerce } from "../features/commerce/test-commerce.js";
import { useTestServer } from "../test/http.js";
import { schema } from "./index.js";

/**
 * Garbage in, never a crash out: every root field that takes arguments (every mutation, every query
 * argument) is called over HTTP with generated values — unicode edges, NUL, lone surrogates, huge and
 * negative numbers, wrong types, nulls, missing fields, overlong lists and strings — as a visitor, a free
 * reader and a premium reader. Each answer is below 500, carries no stack trace or internal path, every
 * error has a client code (never INTERNAL_SERVER_ERROR), the server logs no error, and a call that was
 * refused (a coded error or a typed error result) left every table's row count as it was.
 *
 * The seed and the runs per field are fixed so CI is repeatable; FUZZ_SEED and FUZZ_RUNS widen a local
 * run (`FUZZ_RUNS=200 npx vitest run api/src/schema/fuzz.test.ts`). A failure prints the seed, the path
 * and the shrunk counterexample to replay it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_202);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/**
 * Tables a refused call may still write, because counting the attempt is the point: rate-limit and
 * log-in throttle counters.
 */
const ATTEMPT_TABLES = new Set(["RateLimit"]);
/**
 * A refused payment may leave the reader's customer at the payment provider (and Brevia's link to it):
 * the provider made it before the card was refused, and keeping its id means a retry reuses it rather
 * than leaving duplicate customers at Stripe. Nothing the reader bought or holds is written.
 */
const PAYMENT_MUTATIONS = new Set(["startTrial", "subscribe", "purchaseAsVisitor", "startHostedCheckout"]);
const PROVIDER_CUSTOMER_TABLES = new Set(["BillingCustomer", "TestProviderObject"]);

const server = useTestServer({ resetBeforeEach: false });
const known = { microbookIds: [] as string[], editionIds: [] as string[], slugs: [] as string[], offers: [] as string[] };
const readers: Partial<Record<ReaderPlan, string>> = {};
let tables: string[] = [];

beforeAll(async () => {
  const prisma = server.db.prisma;
  // Plans and offers exist, so purchases reach the payment provider with the generated values.
  await seedTestCommerce(prisma);
  known.offers = (await prisma.offer.findMany({ select: { slug: true } })).map((o) => o.slug);
  const category = await buildCategory(prisma, { slug: "fuzz" });
  for (const slug of ["fuzz-free", "fuzz-locked"]) {
    const book = await buildMicrobook(prisma, { slug, categoryId: category.id, languages: ["en", "pt", "es"] });
    // As clients hold them: Relay global ids.
    known.microbookIds.push(encodeGlobalID("Microbook", book.id));
    known.editionIds.push(...book.editions.map((e) => encodeGlobalID("MicrobookEdition", e.id)));
    known.slugs.push(slug);
    if (slug === "fuzz-free") await makeFreeToday(prisma, book.id);
  }
  const rows = await prisma.$queryRaw<{ name: string }[]>`
    SELECT tablename AS "name" FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`;
  tables = rows.map((r) => r.name);
});

/** A session for a reader of this plan (made again if a call deleted the account or its sessions). */
async function sessionOf(plan: ReaderPlan | "visitor"): Promise<string | undefined> {
  if (plan === "visitor") return undefined;
  const prisma = server.db.prisma;
  const id = readers[plan];
  if (id && (await prisma.user.findUnique({ where: { id }, select: { id: true } }))) return buildSession(prisma, id);
  const reader = await buildReader(prisma, { plan });
  readers[plan] = reader.user.id;
  return reader.token;
}

async function rowCounts(): Promise<Record<string, number>> {
  const union = tables.map((t) => `SELECT '${t}' AS "name", count(*)::int AS "rows" FROM "${t}"`).join(" UNION ALL ");
  const rows = await server.db.prisma.$queryRawUnsafe<{ name: string; rows: number }[]>(union);
  return Object.fromEntries(rows.map((r) => [r.name, r.rows]));
}

// ---- values -------------------------------------------------------------------------------------------

const EDGE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202eevil",
  "\ufeff",
  "😀".repeat(40),
  "𝕏̶̡͓",
  "a".repeat(70_000),
  "' OR 1=1 --",
  '"); DROP TABLE "User"; --',
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00%ff",
  "${7*7}{{7*7}}",
  "null",
  "-1",
  "1e309",
  "NaN",
  "reader@example.com",
  "READER@EXAMPLE.COM ",
  "x@y",
  "a@b.c".padStart(400, "x"),
];
const anyString = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_STRINGS), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.emailAddress(), weight: 1 },
);
const anyInt = fc.oneof(
  fc.integer({ min: -3, max: 40 }),
  fc.integer(),
  fc.constantFrom(2_147_483_647, -2_147_483_648, 2_147_483_648, -1e15, 1e20, 1.5, -0.5),
);
const anyFloat = fc.oneof(
  fc.double({ min: -2, max: 2, noNaN: true }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1, 1e308, -1e308, 5e-324, 86_400 * 365),
);
/** A value of some other kind, for a field that expects this one. */
const wrongKind = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.constant({}),
  fc.constant({ nested: { deep: [1, "two", null] } }),
  fc.constant([1, 2, 3]),
);
const knownOr = (values: () => string[], other: fc.Arbitrary<unknown>) =>
  // Chained: the known values exist once beforeAll has made them, after this module loaded.
  fc.oneof({ arbitrary: fc.constant(null).chain(() => fc.constantFrom(...values())), weight: 2 }, { arbitrary: other, weight: 1 });

function scalarValue(name: string, argName: string): fc.Arbitrary<unknown> {
  switch (name) {
    case "String":
      if (/offerSlug/.test(argName)) return knownOr(() => known.offers, anyString);
      if (/slug/i.test(argName)) return knownOr(() => known.slugs, anyString);
      if (/planId/.test(argName)) return knownOr(() => ["annual", "monthly", "lifetime"], anyString);
      return anyString;
    case "ID":
      if (/edition/i.test(argName)) return knownOr(() => known.editionIds, fc.oneof(anyString, fc.integer()));
      if (/microbook/i.test(argName)) return knownOr(() => known.microbookIds, fc.oneof(anyString, fc.integer()));
      return knownOr(() => known.microbookIds, fc.oneof(anyString, fc.integer()));
    case "Int":
      return anyInt;
    case "Float":
      return anyFloat;
    case "Boolean":
      return fc.boolean();
    case "DateTime":
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        anyString,
        fc.integer(),
      );
    default:
      return fc.oneof(anyString, fc.integer(), fc.boolean());
  }
}

/** Mostly a value of the declared type, sometimes null, the wrong kind, or absurdly long. */
function valueOf(type: GraphQLInputType, argName: string, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type.ofType, argName, depth);
  let right: fc.Arbitrary<unknown>;
  if (isListType(type)) {
    const item = valueOf(type.ofType, argName, depth + 1);
    right = fc.oneof(
      { arbitrary: fc.array(item, { maxLength: 5 }), weight: 6 },
      // An overlong list: one value repeated (cheap to make, as heavy to the server).
      { arbitrary: item.map((value) => Array.from({ length: 5_000 }, () => value)), weight: 1 },
    );
  } else if (isEnumType(type)) {
    right = fc.oneof(
      { arbitrary: fc.constantFrom(...type.getValues().map((v) => v.name)), weight: 4 },
      { arbitrary: anyString, weight: 1 },
    );
  } else if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    if (depth > 3) return fc.constant({});
    const shape = Object.fromEntries(fields.map((f) => [f.name, valueOf(f.type, f.name, depth + 1)]));
    const required = fields.filter((f) => isNonNullType(f.type)).map((f) => f.name);
    right = fc.record(shape, { requiredKeys: required });
  } else {
    right = scalarValue(type.name, argName);
  }
  return fc.oneof({ arbitrary: right, weight: 12 }, { arbitrary: wrongKind, weight: 1 });
}

/** The arguments of one call: each present with a value, or left out (required ones too, now and then). */
function argumentsOf(args: readonly GraphQLArgument[]): fc.Arbitrary<Record<string, unknown>> {
  if (args.length === 0) return fc.constant({});
  const shape = Object.fromEntries(args.map((a) => [a.name, valueOf(a.type, a.name)]));
  const required = args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined).map((a) => a.name);
  return fc.oneof(
    { arbitrary: fc.record(shape, { requiredKeys: required }), weight: 9 },
    { arbitrary: fc.record(shape, { requiredKeys: [] }), weight: 1 },
  );
}

// ---- documents ----------------------------------------------------------------------------------------

const errorInterface = schema.getType("Error");

function implementsError(type: GraphQLNamedType): boolean {
  return isObjectType(type) && !!errorInterface && type.getInterfaces().some((i) => i === errorInterface);
}

/** A small selection of the result: its type name, and the code and message of an error. */
function selectionOf(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return "";
  const mayBeError = isAbstractType(named)
    ? schema.getPossibleTypes(named).some(implementsError) || (isInterfaceType(named) && named === errorInterface)
    : implementsError(named);
  return `{ __typename${mayBeError ? " ... on Error { code message }" : ""} }`;
}

function documentOf(operation: "query" | "mutation", field: GraphQLField<unknown, unknown>): string {
  const variables = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ");
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(", ");
  return `${operation} Fuzz${variables ? `(${variables})` : ""} { result: ${field.name}${args ? `(${args})` : ""} ${selectionOf(field.type)} }`;
}

// ---- the property -------------------------------------------------------------------------------------

type Answer = {
  data?: { result?: unknown } | null;
  errors?: { message: string; extensions?: { code?: string; [key: string]: unknown } }[];
};

const LEAK = /\n\s+at |node_modules|\.[cm]?[jt]s:\d+|prisma|PrismaClient|invalid byte sequence|duplicate key|violates/i;

/** A refused call: a coded error, or a typed error as the result (or in a list of results). */
function refused(answer: Answer): boolean {
  if (answer.errors?.length) return true;
  const result = answer.data?.result;
  const typed = (value: unknown) => !!value && typeof value === "object" && "code" in value;
  return Array.isArray(result) ? result.some(typed) : typed(result);
}

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function call(
  operation: "query" | "mutation",
  field: GraphQLField<unknown, unknown>,
  plan: ReaderPlan | "visitor",
  variables: object,
) {
  const token = await sessionOf(plan);
  const before = await rowCounts();
  const logsBefore = server.logs.length;
  const res = await server.app.inject({
    method: "POST",
    url: "/graphql",
    remoteAddress: nextIp(),
    headers: { "content-type": "application/json", "accept-language": "en", ...(token ? { cookie: `brevia_session=${token}` } : {}) },
    payload: JSON.stringify({ query: documentOf(operation, field), variables }),
  });
  const where = `${operation} ${field.name} as ${plan} with ${JSON.stringify(variables).slice(0, 400)}`;
  expect(res.statusCode, `${where}: ${res.body.slice(0, 400)}`).toBeLessThan(500);
  expect(res.body, where).not.toMatch(LEAK);
  const answer = JSON.parse(res.body) as Answer;
  for (const error of answer.errors ?? []) {
    expect(error.extensions?.code, `${where}: ${error.message}`).toEqual(expect.any(String));
    expect(error.extensions?.code, `${where}: ${error.message}`).not.toBe("INTERNAL_SERVER_ERROR");
    expect(Object.keys(error.extensions ?? {}), where).not.toContain("stacktrace");
  }
  const serverErrors = server.logs.slice(logsBefore).filter((line) => line.level >= 50);
  expect(
    serverErrors.map((line) => line.msg),
    where,
  ).toEqual([]);
  if (refused(answer)) {
    const after = await rowCounts();
    const mayWrite = (t: string) => ATTEMPT_TABLES.has(t) || (PAYMENT_MUTATIONS.has(field.name) && PROVIDER_CUSTOMER_TABLES.has(t));
    const changed = tables.filter((t) => !mayWrite(t) && Number(after[t]) !== Number(before[t]));
    expect(changed, `${where} was refused (${res.body.slice(0, 300)}) yet wrote`).toEqual([]);
  }
}

const plans = fc.constantFrom<ReaderPlan | "visitor">("visitor", "free", "premium");

function fieldsOf(operation: "query" | "mutation") {
  const type = operation === "query" ? schema.getQueryType() : schema.getMutationType();
  return Object.values(type?.getFields() ?? {}).filter((field) => operation === "mutation" || field.args.length > 0);
}

describe.each(["mutation", "query"] as const)("fuzzing every %s", (operation) => {
  it.each(fieldsOf(operation).map((field) => [field.name, field] as const))(
    `${operation} %s: garbage gets a coded answer and writes nothing`,
    async (_name, field) => {
      await fc.assert(
        fc.asyncProperty(plans, argumentsOf(field.args), (plan, variables) => call(operation, field, plan, variables)),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    },
    60_000,
  );
});

it("fuzzes every mutation and every query that takes arguments", () => {
  // The lists come from the schema: a new root field is fuzzed without being named here.
  expect(fieldsOf("mutation").length).toBeGreaterThan(30);
  expect(fieldsOf("query").length).toBeGreaterThan(10);
});
