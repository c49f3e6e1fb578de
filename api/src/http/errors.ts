import { unwrapResolverError } from "@apollo/server/errors";
import { PothosValidationError } from "@pothos/core";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { QUERY_TOO_COMPLEX } from "./query-limits.js";
import { isServiceUnavailable, SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE } from "./unavailable.js";

/** Codes whose message a client may see; anything else is masked. */
const EXPOSED_CODES = new Set([
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "ALREADY_SIGNED_IN",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "OPERATION_RESOLUTION_FAILURE",
  QUERY_TOO_COMPLEX,
  SERVICE_UNAVAILABLE,
]);

/** The code a client error should carry, from the error that caused it (null: not a client error). */
function clientCode(error: unknown): string | null {
  // Walk to the root cause: Apollo wraps resolver and validation errors around the one thrown.
  let cause = unwrapResolverError(error);
  while (cause instanceof GraphQLError && cause.originalError && cause.originalError !== cause) cause = cause.originalError;
  // Pothos rejects malformed global ids, wrong-type ids, bad cursors and page sizes with this class.
  if (cause instanceof PothosValidationError) return "BAD_USER_INPUT";
  if (cause instanceof GraphQLError && cause.extensions.code === QUERY_TOO_COMPLEX) return QUERY_TOO_COMPLEX;
  // The database is away (restarting, unreachable): the client may try again; the answer is a 503.
  if (isServiceUnavailable(cause)) return SERVICE_UNAVAILABLE;
  return null;
}

/**
 * Masks unexpected errors: the client gets a code and a generic message (the request id is added
 * per request), the log gets the real error. Never a stack trace.
 */
export function maskError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const where = {
    ...(formatted.locations ? { locations: formatted.locations } : {}),
    ...(formatted.path ? { path: formatted.path } : {}),
  };
  const code = clientCode(error) ?? String(formatted.extensions?.code);
  if (code === SERVICE_UNAVAILABLE) return { message: SERVICE_UNAVAILABLE_MESSAGE, ...where, extensions: { code } };
  if (EXPOSED_CODES.has(code)) return { message: formatted.message, ...where, extensions: { code } };
  return { message: "Internal server error", ...where, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}

/** An expected error (the client's or the reader's), logged at warn rather than as a failure. */
export function isClientError(error: GraphQLError): boolean {
  return clientCode(error) !== null || EXPOSED_CODES.has(String(error.extensions.code));
}

/** A malformed request (bad id, cursor, page size, limits): HTTP 400 when it is the whole answer. */
export function isMalformedRequest(error: GraphQLError): boolean {
  const code = clientCode(error) ?? String(error.extensions.code);
  return code === "BAD_USER_INPUT" || code === QUERY_TOO_COMPLEX;
}
