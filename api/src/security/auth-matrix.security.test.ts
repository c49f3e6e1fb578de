import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodeGlobalID } from "@pothos/plugin-relay";
import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioDir } from "../features/catalog/audio/audio-store.js";
import { schema } from "../schema/index.js";
import { buildCategory, buildMicrobook, buildSession, makeFreeToday } from "../test/factories.js";
import { useTestServer } from "../test/http.js";
import { buildViewer, VIEWER_KINDS, type ViewerKind } from "../test/viewer-kinds.js";

/**
 * The auth matrix (#23): every root field of the schema × every kind of viewer, and every action of
 * the access policy × every kind of viewer × today's free microbook and a premium one, over HTTP on a
 * production server. The expectations below are the product's rules written out by hand, not read back
 * from the code they check:
 * - who may call a root field: anyone, a signed-in reader, or only a visitor (sign-up, log-in, buying
 *   without an account);
 * - who reads and hears a microbook: subscribers (a trial, paid, past due within its grace period,
 *   cancelled but inside the paid period) read everything; everyone reads today's free microbook; a
 *   free reader, a lapsed subscriber, a visitor and an admin without a subscription read nothing else;
 *   highlighting needs an account, downloading (EPUB, Send to Kindle) a subscription.
 * Premium text is marked SECRET-… so a leak anywhere in an answer shows.
 */
type RootAccess = "anyone" | "signed-in" | "visitor-only";

const ROOT_FIELDS: Record<string, RootAccess> = {
  // The catalogue, commerce's public copy and the viewer itself (null for a visitor): anyone.
  "Query.catalogueStats": "anyone",
  "Query.categories": "anyone",
  "Query.category": "anyone",
  "Query.commerceSettings": "anyone",
  "Query.exclusiveOffer": "anyone",
  "Query.faq": "anyone",
  "Query.freeMicrobookToday": "anyone",
  "Query.kindleSenderEmail": "anyone",
  "Query.latestMicrobooks": "anyone",
  "Query.microbook": "anyone",
  "Query.microbooks": "anyone",
  "Query.node": "anyone",
  "Query.nodes": "anyone",
  "Query.original": "anyone",
  "Query.originals": "anyone",
  "Query.playlist": "anyone",
  "Query.playlists": "anyone",
  "Query.pricing": "anyone",
  "Query.quoteCard": "anyone",
  "Query.search": "anyone",
  "Query.socialLoginProviders": "anyone",
  "Query.testimonials": "anyone",
  "Query.viewer": "anyone",
  // Links mailed to people who may not be signed in, and the forgotten password.
  "Mutation.confirmEmailChange": "anyone",
  "Mutation.createPassword": "anyone",
  "Mutation.requestPasswordReset": "anyone",
  "Mutation.resetPassword": "anyone",
  // Stripe's card element: a SetupIntent for the card form, on checkout pages visitors use too.
  "Mutation.prepareCardSetup": "anyone",
  // Making or entering an account.
  "Mutation.logIn": "visitor-only",
  "Mutation.signUp": "visitor-only",
  "Mutation.purchaseAsVisitor": "visitor-only",
  // Everything a reader does to their own account, library, highlights and subscription.
  "Mutation.advanceTestClock": "signed-in",
  "Mutation.cancelSubscription": "signed-in",
  "Mutation.changePassword": "signed-in",
  "Mutation.chooseOnboardingBooks": "signed-in",
  "Mutation.createHighlight": "signed-in",
  "Mutation.deleteAccount": "signed-in",
  "Mutation.deleteHighlight": "signed-in",
  "Mutation.finishOnboarding": "signed-in",
  "Mutation.logOut": "signed-in",
  "Mutation.markRead": "signed-in",
  "Mutation.redeemVoucher": "signed-in",
  "Mutation.removeFromLibrary": "signed-in",
  "Mutation.resumeSubscription": "signed-in",
  "Mutation.revokeAllSessions": "signed-in",
  "Mutation.revokeSession": "signed-in",
  "Mutation.saveOnboardingAboutYou": "signed-in",
  "Mutation.saveOnboardingGoals": "signed-in",
  "Mutation.saveReadingPosition": "signed-in",
  "Mutation.sendToKindle": "signed-in",
  "Mutation.setFavourite": "signed-in",
  "Mutation.shareHighlight": "signed-in",
  "Mutation.startHostedCheckout": "signed-in",
  "Mutation.startReading": "signed-in",
  "Mutation.startTrial": "signed-in",
  "Mutation.subscribe": "signed-in",
  "Mutation.updateHighlight": "signed-in",
  "Mutation.updateLanguagePreferences": "signed-in",
  "Mutation.updateProfile": "signed-in",
  "Mutation.updateReaderSettings": "signed-in",
  "Mutation.updateSettings": "signed-in",
};

/** The product's rule for what a root field answers each kind of viewer: let through, or refused with this code. */
function expectedAtRoot(access: RootAccess, kind: ViewerKind): string {
  if (access === "anyone") return "through";
  if (access === "signed-in") return kind === "visitor" ? "refused UNAUTHENTICATED" : "through";
  return kind === "visitor" ? "through" : "refused ALREADY_SIGNED_IN";
}

const SUBSCRIBED = new Set<ViewerKind>(["trial", "premium", "past-due", "cancelled-in-period"]);
type Book = "free-today" | "premium";
/** The product's rule for each action of the access policy. */
function expectedAccess(kind: ViewerKind, book: Book) {
  const signedIn = kind !== "visitor";
  const read = SUBSCRIBED.has(kind) || book === "free-today";
  return { read, listen: read, highlight: read && signedIn, markRead: read && signedIn, download: SUBSCRIBED.has(kind) };
}

const AUDIO = Buffer.from("OggS matrix audio bytes");
let mediaDir: string;
beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "brevia-matrix-media-"));
  await mkdir(audioDir(mediaDir), { recursive: true });
});
afterAll(() => rm(mediaDir, { recursive: true, force: true }));

const server = useTestServer({
  resetBeforeEach: false,
  env: () => ({ MEDIA_DIR: mediaDir, PUBLIC_URL: "https://brevia.example" }),
});
type GraphQLAnswer = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
type Viewers = Map<ViewerKind, { userId: string } | null>;
let policyViewers: Viewers;
const books = {} as Record<Book, { slug: string; id: string; editionId: string }>;

beforeAll(async () => {
  const prisma = server.db.prisma;
  const category = await buildCategory(prisma, { slug: "matrix" });
  for (const [book, slug] of [
    ["free-today", "matrix-free"],
    ["premium", "matrix-premium"],
  ] as const) {
    const built = await buildMicrobook(prisma, { slug, categoryId: category.id, languages: ["en"], keyIdeas: 1 });
    const edition = built.editions[0]!;
    await prisma.microbookEdition.update({ where: { id: edition.id }, data: { introduction: `SECRET-intro-${slug}` } });
    // A word only the key idea holds, for the search snippets.
    await prisma.keyIdea.updateMany({ where: { editionId: edition.id }, data: { body: `Quixotic zeppelins drift. SECRET-body-${slug}` } });
    await writeFile(path.join(audioDir(mediaDir), `${slug}.en.opus`), AUDIO);
    await prisma.audioTrack.create({
      data: {
        editionId: edition.id,
        fileName: `${slug}.en.opus`,
        mimeType: "audio/ogg",
        byteSize: AUDIO.length,
        durationSeconds: 60,
        chapters: [],
      },
    });
    if (book === "free-today") await makeFreeToday(prisma, built.id);
    books[book] = { slug, id: encodeGlobalID("Microbook", built.id), editionId: encodeGlobalID("MicrobookEdition", edition.id) };
  }
  policyViewers = await buildViewers();
});

/** One reader of each kind (with a Kindle address), for one test: calls change their accounts. */
async function buildViewers(): Promise<Viewers> {
  const viewers: Viewers = new Map();
  for (const kind of VIEWER_KINDS) {
    const viewer = await buildViewer(server.db, kind);
    if (viewer) await server.db.prisma.user.update({ where: { id: viewer.userId }, data: { kindleEmail: `${kind}@kindle.com` } });
    viewers.set(kind, viewer && { userId: viewer.userId });
  }
  return viewers;
}

/** A new session of this kind's reader for each call: a call may end sessions (logOut, revokeAllSessions). */
async function tokenOf(viewers: Viewers, kind: ViewerKind): Promise<string | undefined> {
  const viewer = viewers.get(kind);
  return viewer ? buildSession(server.db.prisma, viewer.userId) : undefined;
}

async function post(viewers: Viewers, kind: ViewerKind, query: string, variables: Record<string, unknown> = {}) {
  const token = await tokenOf(viewers, kind);
  const response = await server.app.inject({
    method: "POST",
    url: "/graphql",
    headers: {
      "content-type": "application/json",
      "apollo-require-preflight": "true",
      "accept-language": "en",
      ...(token ? { cookie: `brevia_session=${token}` } : {}),
    },
    payload: { query, variables },
  });
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.json() as GraphQLAnswer;
}

const get = async (kind: ViewerKind, url: string) => {
  const token = await tokenOf(policyViewers, kind);
  return server.app.inject({ method: "GET", url, headers: token ? { cookie: `brevia_session=${token}` } : {} });
};

// ---- a well-formed call of any root field ------------------------------------------------------------

/** A value of the argument's type that passes GraphQL's validation (what it means is the resolver's business). */
function valueFor(arg: GraphQLArgument, type: GraphQLInputType = arg.type): unknown {
  if (isNonNullType(type)) return valueFor(arg, type.ofType);
  if (isListType(type)) return [valueFor(arg, type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isScalarType(type)) {
    if (type.name === "ID") return /edition/i.test(arg.name) ? books.premium.editionId : books.premium.id;
    if (type.name === "Int") return 1;
    if (type.name === "Float") return 1;
    if (type.name === "Boolean") return false;
    if (/email/i.test(arg.name)) return "matrix@example.com";
    if (arg.name === "slug") return books.premium.slug;
    return "matrix";
  }
  throw new Error(`No value for ${arg.name}: ${String(type)} (teach valueFor this input type)`);
}

function callOf(operation: "query" | "mutation", field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((arg) => isNonNullType(arg.type));
  const variables = Object.fromEntries(required.map((arg) => [arg.name, valueFor(arg)]));
  const declarations = required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(", ");
  const args = required.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const named = getNamedType(field.type);
  const selection = isObjectType(named) || isAbstractType(named) ? "{ __typename }" : "";
  const query = `${operation} Matrix${declarations ? `(${declarations})` : ""} { ${field.name}${args ? `(${args})` : ""} ${selection} }`;
  return { query, variables };
}

const outcome = (answer: GraphQLAnswer, name: string) => {
  const codes = (answer.errors ?? []).map((error) => error.extensions?.code ?? "NO_CODE");
  expect(codes, `${name}: ${JSON.stringify(answer.errors)}`).not.toContain("INTERNAL_SERVER_ERROR");
  expect(codes, `${name}: ${JSON.stringify(answer.errors)}`).not.toContain("NO_CODE");
  const refusal = codes.find((code) => ["UNAUTHENTICATED", "FORBIDDEN", "ALREADY_SIGNED_IN"].includes(code));
  return refusal ? `refused ${refusal}` : "through";
};

describe("the auth matrix", () => {
  it("names every root field of the schema (a new one must be added here with who may call it)", () => {
    const inSchema = [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
      Object.keys(root.getFields()).map((name) => `${root.name}.${name}`),
    );
    expect(schema.getSubscriptionType()).toBeFalsy();
    expect(inSchema.sort()).toEqual(Object.keys(ROOT_FIELDS).sort());
  });

  it("lets every root field through, or refuses it with a client code, for each kind of viewer as the rules say", async () => {
    // Readers of their own: these calls cancel subscriptions, change passwords and settings.
    const viewers = await buildViewers();
    const found: string[] = [];
    const wanted: string[] = [];
    for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
      const operation = root === schema.getQueryType() ? "query" : "mutation";
      for (const field of Object.values(root.getFields())) {
        const { query, variables } = callOf(operation, field);
        for (const kind of VIEWER_KINDS) {
          const name = `${root.name}.${field.name} as ${kind}`;
          found.push(`${name}: ${outcome(await post(viewers, kind, query, variables), name)}`);
          wanted.push(`${name}: ${expectedAtRoot(ROOT_FIELDS[`${root.name}.${field.name}`]!, kind)}`);
        }
      }
    }
    expect(found).toEqual(wanted);
    expect(found.length).toBe(Object.keys(ROOT_FIELDS).length * VIEWER_KINDS.length);
  });

  const PAGE = /* GraphQL */ `
    query MatrixPage($slug: String!) {
      microbook(slug: $slug) {
        viewerAccess {
          canRead
          canListen
          canHighlight
          canMarkRead
          canDownload
          reason
        }
        edition(language: en) {
          content {
            introduction
            keyIdeas {
              body
            }
            audioUrl
            timingsUrl
          }
        }
      }
    }
  `;

  for (const book of ["free-today", "premium"] as const) {
    it(`decides read, listen, highlight, mark read and download of ${book === "free-today" ? "today's free" : "a premium"} microbook for each kind of viewer, by every path`, async () => {
      const { slug, id, editionId } = books[book];
      const report: Record<string, unknown> = {};
      const wanted: Record<string, unknown> = {};
      for (const kind of VIEWER_KINDS) {
        const expected = expectedAccess(kind, book);
        wanted[kind] = {
          ...expected,
          leaked: expected.read ? [`SECRET-body-${slug}`, `SECRET-intro-${slug}`] : [],
          snippet: expected.read,
          audio: expected.listen ? 200 : "no url",
          timings: expected.listen ? 200 : "no url",
          guessedAudio: 403,
          alteredSignature: 403,
          epub: expected.download ? 200 : kind === "visitor" ? 401 : 403,
          markReadResult: kind === "visitor" ? "UNAUTHENTICATED" : expected.markRead ? "Microbook" : "MICROBOOK_LOCKED",
          highlightResult: kind === "visitor" ? "UNAUTHENTICATED" : expected.highlight ? "Highlight" : "MICROBOOK_LOCKED",
          kindleResult: kind === "visitor" ? "UNAUTHENTICATED" : expected.download ? "KindleDelivery" : "MICROBOOK_LOCKED",
        };

        // GraphQL: the policy's decision and the gated content.
        const page = await post(policyViewers, kind, PAGE, { slug });
        expect(page.errors).toBeUndefined();
        const microbook = page.data!.microbook as {
          viewerAccess: Record<string, unknown>;
          edition: { content: { audioUrl: string; timingsUrl: string } | null };
        };
        const access = microbook.viewerAccess;
        const content = microbook.edition.content;
        const leaked = [...new Set(JSON.stringify(page.data).match(/SECRET-\w+-[\w-]+?(?=")/g) ?? [])].sort();

        // Search snippets: the key idea's own words, only for a reader who may read it.
        const search = await post(
          policyViewers,
          kind,
          `query MatrixSearch { search(query: "quixotic zeppelins", language: en) { edges { node { slug } highlights { snippet { source text } } } } }`,
        );
        const edges = (
          search.data!.search as { edges: { node: { slug: string }; highlights: { snippet: { source: string; text: string } | null } }[] }
        ).edges;
        const edge = edges.find((e) => e.node.slug === slug);
        expect(edge, `search finds ${slug}`).toBeDefined();
        const snippet = edge!.highlights.snippet?.source === "KEY_IDEA_TEXT";
        if (!expected.read) expect(JSON.stringify(search.data)).not.toContain(`SECRET-body-${slug}`);

        // HTTP: the signed audio and timings URLs work for whom they were given; guessed or altered ones for nobody.
        const audio = content?.audioUrl ? (await get(kind, content.audioUrl)).statusCode : "no url";
        const timings = content?.timingsUrl ? (await get(kind, content.timingsUrl)).statusCode : "no url";
        const guessedAudio = (await get(kind, `/audio/${slug}.en.opus`)).statusCode;
        const sample = books["free-today"].slug === slug ? content?.audioUrl : undefined;
        const altered = (sample ?? `/audio/${slug}.en.opus?expires=9999999999&sig=AAAA`).replace(/sig=[^&]+/, "sig=bm90LWEtc2lnbmF0dXJl");
        const alteredSignature = (await get(kind, altered)).statusCode;
        const epub = (await get(kind, `/epub/${slug}.epub?lang=en`)).statusCode;

        // Writes the policy decides.
        const codeOf = (answer: GraphQLAnswer, field: string) => {
          const refused = answer.errors?.[0]?.extensions?.code;
          if (refused) return refused;
          const result = answer.data![field] as { __typename: string; code?: string };
          return result.code ?? result.__typename;
        };
        const markReadResult = codeOf(
          await post(
            policyViewers,
            kind,
            `mutation ($id: ID!) { markRead(microbookId: $id, read: true) { __typename ... on Error { code } } }`,
            { id },
          ),
          "markRead",
        );
        const highlightResult = codeOf(
          await post(
            policyViewers,
            kind,
            `mutation ($e: ID!) { createHighlight(editionId: $e, keyIdeaPosition: 0, startOffset: 0, quote: "Quixotic zeppelins drift.") { __typename ... on Error { code } } }`,
            { e: editionId },
          ),
          "createHighlight",
        );
        const kindleResult = codeOf(
          await post(policyViewers, kind, `mutation ($id: ID!) { sendToKindle(microbookId: $id) { __typename ... on Error { code } } }`, {
            id,
          }),
          "sendToKindle",
        );

        report[kind] = {
          read: access.canRead,
          listen: access.canListen,
          highlight: access.canHighlight,
          markRead: access.canMarkRead,
          download: access.canDownload,
          leaked,
          snippet,
          audio,
          timings,
          guessedAudio,
          alteredSignature,
          epub,
          markReadResult,
          highlightResult,
          kindleResult,
        };
        expect(content !== null).toBe(expected.read);
      }
      expect(report).toEqual(wanted);
    });
  }
});
