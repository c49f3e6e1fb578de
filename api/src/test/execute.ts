import { execute, parse, validate, type ExecutionResult } from "graphql";
import { createContext } from "../context.js";
import { createMediaUrlSigner } from "../features/catalog/audio/media-urls.js";
import type { Database } from "../db/client.js";
import { loadViewer } from "../features/accounts/viewer.js";
import { schema } from "../schema/index.js";

/** The key tests sign media URLs with (a server built with MEDIA_URL_SECRET set to it accepts them). */
export const TEST_MEDIA_URL_SECRET = "test-media-url-secret-0123456789abcdef";
const mediaUrls = createMediaUrlSigner(TEST_MEDIA_URL_SECRET);

/**
 * Runs an operation through the real schema, as a visitor or as the holder of a session token. The
 * document is validated first, like the server does: a misspelled field fails the test.
 */
export async function run<T = Record<string, unknown>>(
  db: Database,
  source: string,
  variables: Record<string, unknown> = {},
  options: { sessionToken?: string; acceptLanguage?: string; now?: Date } = {},
): Promise<ExecutionResult<T>> {
  const document = parse(source);
  const invalid = validate(schema, document);
  if (invalid.length) throw new Error(`Invalid test document:\n${invalid.map((e) => e.message).join("\n")}\n${source}`);
  const viewer = await loadViewer(db.prisma, options.sessionToken, options.now);
  const contextValue = createContext({
    prisma: db.prisma,
    requestId: "test",
    viewer,
    mediaUrls,
    acceptLanguage: options.acceptLanguage,
    now: options.now,
  });
  return (await execute({ schema, document, variableValues: variables, contextValue })) as ExecutionResult<T>;
}
