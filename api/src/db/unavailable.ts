/**
 * Whether an error means the database cannot be reached right now (down, restarting, refusing
 * connections, a connection cut), as opposed to a query's own failure. Requests that meet it answer
 * 503 with Retry-After (http/unavailable.ts) instead of a 500: the client may simply try again, and
 * the connection pool finds the database again by itself once it is back.
 */
// SQLSTATE classes and codes: connection exceptions (08), admin shutdown, crash shutdown, cannot
// connect now (57P01–57P03), too many connections (53300), a database not accepting connections (55000
// with that message only: the class also holds unrelated errors).
const UNAVAILABLE_SQLSTATES = /^(08...|57P01|57P02|57P03|53300)$/;
// Prisma's own codes: server unreachable, timed out, closed the connection; no pool connection in time.
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const UNAVAILABLE_MESSAGES =
  /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Connection terminated|terminating connection|not currently accepting connections|the database system is (starting up|shutting down)|Client has encountered a connection error|Can't reach database server/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let cause: unknown = error; cause && typeof cause === "object" && !seen.has(cause);) {
    seen.add(cause);
    const e = cause as {
      code?: unknown;
      message?: unknown;
      meta?: { driverAdapterError?: unknown };
      cause?: unknown;
      originalCode?: unknown;
    };
    if (typeof e.code === "string" && (UNAVAILABLE_PRISMA_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.test(e.code))) return true;
    if (typeof e.originalCode === "string" && UNAVAILABLE_SQLSTATES.test(e.originalCode)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    cause = e.meta?.driverAdapterError ?? e.cause ?? (e as { originalError?: unknown }).originalError;
  }
  return false;
}
