import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyReply, FastifyRequest } from "fastify";
import webOperations from "@brevia/web/persisted-documents.json" with { type: "json" };

/**
 * Persisted operations: clients register their operations ahead of time (a manifest mapping each
 * operation's sha256 to its text, written by codegen for the web) and then send only the hash, by
 * GET for queries, so requests are small and cacheable by URL. With `onlyRegistered`, the server runs
 * nothing else: a client can no longer send arbitrary documents.
 *
 * The wire format is Apollo's persisted-query extension:
 *   GET /graphql?operationName=MicrobookPage&variables={…}&extensions={"persistedQuery":{"version":1,"sha256Hash":"<hex>"}}
 * An unknown hash answers PERSISTED_QUERY_NOT_FOUND (Apollo's link then resends with the text, which
 * is run only when registration is not required and the text matches the hash).
 */
export type OperationRegistry = ReadonlyMap<string, string>;

export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** Manifests map "sha256:<hex>" (codegen) or "<hex>" to the operation text. */
function addManifest(registry: Map<string, string>, manifest: Record<string, string>, source: string) {
  for (const [key, text] of Object.entries(manifest)) {
    const hash = key.replace(/^sha256:/, "");
    if (sha256Hex(text) !== hash) throw new Error(`Persisted operation ${key} in ${source} does not match its text's sha256`);
    registry.set(hash, text);
  }
}

/** The web's operations, plus any other client's manifests (JSON files, e.g. the mobile app's). */
export function loadOperationRegistry(extraManifestFiles: readonly string[] = []): OperationRegistry {
  const registry = new Map<string, string>();
  addManifest(registry, webOperations, "@brevia/web/persisted-documents.json");
  for (const file of extraManifestFiles) addManifest(registry, JSON.parse(readFileSync(file, "utf8")) as Record<string, string>, file);
  return registry;
}

type Params = { query?: unknown; extensions?: unknown };

function clientError(reply: FastifyReply, request: FastifyRequest, status: number, code: string, message: string) {
  request.log.warn({ code }, message);
  return reply
    .code(status)
    .header("cache-control", "private, no-store")
    .send({ errors: [{ message, extensions: { code, requestId: request.id } }] });
}

/**
 * A Fastify preHandler for /graphql: swaps a registered hash for its text before Apollo sees the
 * request, and refuses what the registry does not allow.
 */
export function persistedOperationsHandler(registry: OperationRegistry, options: { onlyRegistered: boolean }) {
  return async function resolvePersistedOperation(request: FastifyRequest, reply: FastifyReply) {
    const isGet = request.method === "GET";
    const params = (isGet ? request.query : request.body) as Params | undefined;
    if (!params || typeof params !== "object" || Array.isArray(params)) return;

    let extensions: unknown = params.extensions;
    if (isGet && typeof extensions === "string") {
      try {
        extensions = JSON.parse(extensions);
      } catch {
        return clientError(reply, request, 400, "BAD_REQUEST", "The extensions parameter is not valid JSON");
      }
    }
    const persisted = (extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery;
    const query = typeof params.query === "string" && params.query !== "" ? params.query : undefined;

    if (persisted) {
      const hash = typeof persisted.sha256Hash === "string" ? persisted.sha256Hash.replace(/^sha256:/, "") : "";
      const registered = registry.get(hash);
      if (query !== undefined && sha256Hex(query) !== hash) {
        return clientError(reply, request, 400, "BAD_REQUEST", "The provided sha256Hash does not match the query");
      }
      if (!registered && (query === undefined || options.onlyRegistered)) {
        // 200, like Apollo Server: clients read it as "send the text" (refused below when registration is required).
        if (query === undefined) return clientError(reply, request, 200, "PERSISTED_QUERY_NOT_FOUND", "PersistedQueryNotFound");
        return clientError(reply, request, 400, "PERSISTED_QUERY_NOT_REGISTERED", "Only registered operations are accepted");
      }
      // Apollo sees a plain request: the registered (or verified) text, without the extension.
      const rest = { ...(extensions as Record<string, unknown>) };
      delete rest.persistedQuery;
      params.query = registered ?? query;
      if (!isGet) {
        params.extensions = rest;
        return;
      }
      // Apollo reads a GET's parameters from the URL itself: rewrite it.
      const search = new URLSearchParams(request.raw.url?.split("?")[1] ?? "");
      search.set("query", params.query as string);
      if (Object.keys(rest).length) search.set("extensions", JSON.stringify(rest));
      else search.delete("extensions");
      request.raw.url = `${request.raw.url?.split("?")[0] ?? "/graphql"}?${search.toString()}`;
      return;
    }
    if (query !== undefined && options.onlyRegistered && !registry.has(sha256Hex(query))) {
      return clientError(reply, request, 400, "PERSISTED_QUERY_NOT_REGISTERED", "Only registered operations are accepted");
    }
  };
}
