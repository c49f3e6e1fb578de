import { unwrapResolverError } from "@apollo/server/errors";
import type { GraphQLFormattedError } from "graphql";

/** Codes whose message a client may see; anything else is masked. */
const EXPOSED_CODES = new Set([
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "BAD_USER_INPUT",
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_REQUEST",
  "PERSISTED_QUERY_NOT_FOUND",
  "OPERATION_RESOLUTION_FAILURE",
]);

function isQueryLimitError(formatted: GraphQLFormattedError): boolean {
  // plugin-complexity rejects before execution, without a path.
  return !formatted.path && /\b(complexity|depth|breadth)\b/i.test(formatted.message);
}

export function isExposed(formatted: GraphQLFormattedError): boolean {
  return EXPOSED_CODES.has(String(formatted.extensions?.code)) || isQueryLimitError(formatted);
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
  if (isQueryLimitError(formatted)) return { message: formatted.message, ...where, extensions: { code: "QUERY_TOO_COMPLEX" } };
  if (isExposed(formatted)) return { message: formatted.message, ...where, extensions: { code: formatted.extensions?.code } };
  void unwrapResolverError(error);
  return { message: "Internal server error", ...where, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}
