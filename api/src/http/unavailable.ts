import type { FastifyReply } from "fastify";
import { GraphQLError } from "graphql";
import { isDatabaseUnavailable } from "../db/unavailable.js";

/** How long a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;
export const SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";
export const SERVICE_UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";

/** Thrown where Apollo turns an error into the response's status (context, plugins): 503 with Retry-After. */
export function serviceUnavailableError(): GraphQLError {
  return new GraphQLError(SERVICE_UNAVAILABLE_MESSAGE, {
    extensions: {
      code: SERVICE_UNAVAILABLE,
      http: { status: 503, headers: new Map([["retry-after", String(RETRY_AFTER_SECONDS)]]) },
    },
  });
}

/** The database being away, or an error already saying so. */
export function isServiceUnavailable(error: unknown): boolean {
  return (error instanceof GraphQLError && error.extensions.code === SERVICE_UNAVAILABLE) || isDatabaseUnavailable(error);
}

/** Rethrows the database being away as the 503 error; any other error as it is. */
export function rethrowUnavailable(error: unknown): never {
  throw isServiceUnavailable(error) ? serviceUnavailableError() : error;
}

export function replyUnavailable(reply: FastifyReply, body: object) {
  return reply.code(503).header("retry-after", String(RETRY_AFTER_SECONDS)).header("cache-control", "no-store").send(body);
}
