// What is measured: the web's page queries sent as the web sends them (GET with the persisted hash),
// as a visitor (answered from the response cache) and as a signed-in premium reader (uncached), each
// beside a `{ __typename }` POST baseline; and a server-rendered page as a browser asks for it,
// beside a `/healthz` baseline.
import type { DocumentNode } from "graphql";
import { SESSION_COOKIE } from "../api/src/features/accounts/viewer.js";
import { sha256Hex } from "../api/src/http/persisted-operations.js";
import {
  HomePageDocument,
  LibraryPageDocument,
  MicrobookPageDocument,
  SaveReadingPositionDocument,
  type HomePageQuery,
  type LibraryPageQuery,
  type MicrobookPageQuery,
  type SaveReadingPositionMutation,
} from "../web/src/gql/graphql.js";
import persistedDocuments from "../web/src/gql/persisted-documents.json" with { type: "json" };
import { LOCALE_COOKIE } from "@brevia/routes";
import { LANGUAGE } from "./config.js";

export type HttpRequest = {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A body per request under load (a write whose every request must differ, e.g. a growing sequence). */
  nextBody?: () => string;
};

/** A registered operation of the web: its name, hash and the text the server runs for that hash. */
export type PersistedOperation = { name: string; hash: string; text: string };

export function persistedOperation(document: DocumentNode): PersistedOperation {
  const key = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
  const text = key ? (persistedDocuments as Record<string, string>)[key] : undefined;
  if (!key || !text) throw new Error(`Operation not in web/src/gql/persisted-documents.json: ${key ?? "(no hash)"}; run pnpm codegen`);
  const hash = key.replace(/^sha256:/, "");
  if (sha256Hex(text) !== hash) throw new Error(`${key}: the registered text does not match its hash; run pnpm codegen`);
  const definition = document.definitions.find((d) => d.kind === "OperationDefinition");
  const name = definition?.kind === "OperationDefinition" ? definition.name?.value : undefined;
  if (!name) throw new Error(`${key}: no named operation`);
  return { name, hash, text };
}

export const HOME_PAGE = persistedOperation(HomePageDocument);
export const MICROBOOK_PAGE = persistedOperation(MicrobookPageDocument);
export const SAVE_READING_POSITION = persistedOperation(SaveReadingPositionDocument);
export const LIBRARY_PAGE = persistedOperation(LibraryPageDocument);
/** Books in the bench reader's favourites: the library page's first tab, one full page. */
export const LIBRARY_BOOKS = 20;

/** Apollo Client's GET (rewriteURIForGET): operationName, variables and extensions, JSON-encoded; no query text. */
export function persistedGet(operation: PersistedOperation, variables: Record<string, unknown>, sessionToken?: string): HttpRequest {
  const params = {
    operationName: operation.name,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash: operation.hash } }),
  };
  const query = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");
  return {
    method: "GET",
    path: `/graphql?${query}`,
    headers: {
      accept: "application/graphql-response+json,application/json;q=0.9",
      "apollo-require-preflight": "true",
      "accept-language": LANGUAGE,
      ...(sessionToken ? { cookie: `${SESSION_COOKIE}=${sessionToken}` } : {}),
    },
  };
}

/**
 * What Apollo's PersistedQueryLink sends after the server answers PERSISTED_QUERY_NOT_SUPPORTED: the
 * operation's text by POST, without the hash (and it stops sending hashes for the session). The bench
 * falls back to it only when the persisted GET fails its check, and says so.
 */
export function textPost(operation: PersistedOperation, variables: Record<string, unknown>, sessionToken?: string): HttpRequest {
  const get = persistedGet(operation, variables, sessionToken);
  return {
    method: "POST",
    path: "/graphql",
    headers: { ...get.headers, "content-type": "application/json" },
    body: JSON.stringify({ operationName: operation.name, variables, query: operation.text }),
  };
}

export const BASELINE_REQUEST: HttpRequest = {
  method: "POST",
  path: "/graphql",
  headers: { "content-type": "application/json", "accept-language": LANGUAGE },
  body: JSON.stringify({ query: "{ __typename }" }),
};

/** `/healthz`: the cheapest answer the server gives, the baseline of the page scenario. */
export const HEALTHZ_REQUEST: HttpRequest = {
  method: "GET",
  path: "/healthz",
  headers: { accept: "application/json" },
};

/** What a scenario is measured beside: `{ __typename }` (GraphQL scenarios) or `/healthz` (pages). */
export type BaselineKind = "graphql" | "healthz";
export const BASELINES: Record<BaselineKind, { title: string; request: HttpRequest }> = {
  graphql: { title: "{ __typename } (POST)", request: BASELINE_REQUEST },
  healthz: { title: "GET /healthz", request: HEALTHZ_REQUEST },
};

export type ScenarioId = "visitorHome" | "visitorMicrobook" | "readerMicrobook" | "progressSave" | "readerLibrary";
export type PageScenarioId = "visitorMicrobookHtml";
export type MeasuredId = ScenarioId | PageScenarioId;

/** What every measured scenario has, GraphQL or page. */
export type Measured = { id: MeasuredId; title: string; baseline: BaselineKind };

export type Scenario = {
  id: ScenarioId;
  title: string;
  baseline: "graphql";
  operation: PersistedOperation;
  variables: Record<string, unknown>;
  /** The session token of the signed-in reader; undefined: a visitor. */
  sessionToken?: string;
  /** A visitor's answer comes from the response cache after the first request. */
  cached: boolean;
  /** As the web sends it: GET with the persisted hash. */
  request: HttpRequest;
  /** Measured instead when `request` fails its check (the failure is reported). */
  fallbackRequest: HttpRequest;
  /** What is wrong with the answer's data, or null. */
  checkData(data: unknown): string | null;
};

function checkHome(data: unknown): string | null {
  const home = data as HomePageQuery | null;
  if (!home?.latest.nodes.length) return "latest has no node";
  if (!home.freeMicrobookToday) return "freeMicrobookToday is null";
  return null;
}

function checkMicrobook(premium: boolean) {
  return (data: unknown): string | null => {
    const page = data as MicrobookPageQuery | null;
    if (!page?.microbook) return "microbook is null";
    const edition = page.microbook.edition;
    if (!edition) return "microbook.edition is null";
    if (premium && edition.access === "LOCKED") return "edition.access is LOCKED for a premium reader";
    if (premium && !edition.content) return "edition.content is null for a premium reader";
    return null;
  };
}

function checkLibrary(data: unknown): string | null {
  const page = data as LibraryPageQuery | null;
  if (!page?.viewer) return "viewer is null";
  if (page.viewer.library.nodes.length !== LIBRARY_BOOKS)
    return `the first tab has ${page.viewer.library.nodes.length} books, not ${LIBRARY_BOOKS}`;
  return null;
}

/**
 * The reader's progress save as the web sends it: a POST of the persisted mutation's hash. Under load
 * each request carries the next sequence of one session, so every save is applied (a write, not a
 * refused replay), and the saves go round the given books: readers save their own rows, not ten saves
 * of one reader queueing on one row's lock.
 */
function progressSaveRequest(microbookIds: readonly string[], sessionToken: string): HttpRequest {
  let sequence = 1_000;
  const body = () =>
    JSON.stringify({
      operationName: SAVE_READING_POSITION.name,
      variables: {
        microbookId: microbookIds[sequence % microbookIds.length],
        language: LANGUAGE,
        medium: "TEXT",
        keyIdea: sequence % 3,
        keyIdeaOffset: (sequence % 100) / 100,
        deviceId: "bench-device",
        sessionId: `bench-session-${process.pid}`,
        sequence: ++sequence,
        deliberate: true,
      },
      extensions: { persistedQuery: { version: 1, sha256Hash: SAVE_READING_POSITION.hash } },
    });
  const headers = { ...persistedGet(SAVE_READING_POSITION, {}, sessionToken).headers, "content-type": "application/json" };
  return { method: "POST", path: "/graphql", headers, body: body(), nextBody: body };
}

function checkProgressSave(data: unknown): string | null {
  const saved = (data as SaveReadingPositionMutation | null)?.saveReadingPosition;
  if (saved?.__typename !== "ReadingPositionSaved") return `saveReadingPosition answered ${saved?.__typename ?? "nothing"}`;
  return null;
}

/** `microbookIds`: global ids of books the reader may read, the first the one benched in-process. */
export function buildScenarios(input: { slug: string; sessionToken: string; microbookIds: readonly string[] }): Scenario[] {
  const microbookVariables = { slug: input.slug, language: LANGUAGE };
  const libraryVariables = { shelf: "FAVOURITES", sort: "RECENT" };
  return [
    {
      id: "visitorHome",
      title: "visitor home page",
      baseline: "graphql",
      operation: HOME_PAGE,
      variables: {},
      cached: true,
      request: persistedGet(HOME_PAGE, {}),
      fallbackRequest: textPost(HOME_PAGE, {}),
      checkData: checkHome,
    },
    {
      id: "visitorMicrobook",
      title: "visitor microbook page",
      baseline: "graphql",
      operation: MICROBOOK_PAGE,
      variables: microbookVariables,
      cached: true,
      request: persistedGet(MICROBOOK_PAGE, microbookVariables),
      fallbackRequest: textPost(MICROBOOK_PAGE, microbookVariables),
      checkData: checkMicrobook(false),
    },
    {
      id: "readerMicrobook",
      title: "signed-in premium microbook page",
      baseline: "graphql",
      operation: MICROBOOK_PAGE,
      variables: microbookVariables,
      sessionToken: input.sessionToken,
      cached: false,
      request: persistedGet(MICROBOOK_PAGE, microbookVariables, input.sessionToken),
      fallbackRequest: textPost(MICROBOOK_PAGE, microbookVariables, input.sessionToken),
      checkData: checkMicrobook(true),
    },
    {
      id: "progressSave",
      title: "reading progress save (premium reader)",
      baseline: "graphql",
      operation: SAVE_READING_POSITION,
      variables: {
        microbookId: input.microbookIds[0],
        language: LANGUAGE,
        medium: "TEXT",
        keyIdea: 1,
        keyIdeaOffset: 0.5,
        deviceId: "bench-device",
        sessionId: "bench-setup-session",
        sequence: 1,
        deliberate: true,
      },
      sessionToken: input.sessionToken,
      cached: false,
      request: progressSaveRequest(input.microbookIds, input.sessionToken),
      fallbackRequest: progressSaveRequest(input.microbookIds, input.sessionToken),
      checkData: checkProgressSave,
    },
    {
      id: "readerLibrary",
      title: "signed-in library page (first tab, 20 books)",
      baseline: "graphql",
      operation: LIBRARY_PAGE,
      variables: libraryVariables,
      sessionToken: input.sessionToken,
      cached: false,
      request: persistedGet(LIBRARY_PAGE, libraryVariables, input.sessionToken),
      fallbackRequest: textPost(LIBRARY_PAGE, libraryVariables, input.sessionToken),
      checkData: checkLibrary,
    },
  ];
}

/** A server-rendered page, as a browser asks for it. */
export type PageScenario = {
  id: PageScenarioId;
  title: string;
  baseline: "healthz";
  /** The page's path, e.g. /en/microbook/walden. */
  path: string;
  request: HttpRequest;
};

/** The visitor's microbook page (HTML), in the bench's language: a rendered page served from the page cache. */
export function buildPageScenarios(input: { slug: string }): PageScenario[] {
  const path = `/${LANGUAGE}/microbook/${encodeURIComponent(input.slug)}`;
  return [
    {
      id: "visitorMicrobookHtml",
      title: "visitor microbook page HTML",
      baseline: "healthz",
      path,
      request: {
        method: "GET",
        path,
        // What Chromium sends for a page, with the language cookie a returning visitor has.
        headers: {
          accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
          "accept-encoding": "gzip, deflate, br, zstd",
          "accept-language": LANGUAGE,
          cookie: `${LOCALE_COOKIE}=${LANGUAGE}`,
        },
      },
    },
  ];
}
