import { execute, parse, type ExecutionResult } from "graphql";
import { createContext } from "../context.js";
import type { Database } from "../db/client.js";
import { loadViewer } from "../features/accounts/viewer.js";
import { schema } from "../schema/index.js";

/** Runs an operation through the real schema, as a visitor or as the holder of a session token. */
export async function run<T = Record<string, unknown>>(
  db: Database,
  source: string,
  variables: Record<string, unknown> = {},
  options: { sessionToken?: string; acceptLanguage?: string; now?: Date } = {},
): Promise<ExecutionResult<T>> {
  const viewer = await loadViewer(db.prisma, options.sessionToken);
  const contextValue = createContext({
    prisma: db.prisma,
    requestId: "test",
    viewer,
    acceptLanguage: options.acceptLanguage,
    now: options.now,
  });
  return (await execute({ schema, document: parse(source), variableValues: variables, contextValue })) as ExecutionResult<T>;
}
