import type { CommerceRuntime } from "../features/commerce/commerce-runtime.js";
import { execute, parse, validate, type ExecutionResult } from "graphql";
import { expect } from "vitest";
import { createContext } from "../context.js";
import { createMediaUrlSigner } from "../features/catalog/audio/media-urls.js";
import type { Database } from "../db/client.js";
import type { SessionCookieWriter } from "../features/accounts/sessions.js";
import { loadViewer } from "../features/accounts/viewer.js";
import type { DeviceCookieWriter } from "../features/accounts/login-throttle.js";
import { schema } from "../schema/index.js";

/** The key tests sign media URLs with (a server built with MEDIA_URL_SECRET set to it accepts them). */
export const TEST_MEDIA_URL_SECRET = "test-media-url-secret-0123456789abcdef";
const mediaUrls = createMediaUrlSigner(TEST_MEDIA_URL_SECRET);

/** What a mutation did to the browser's session cookie (set: the new token; cleared: null). */
export type CookieJar = { token?: string | null; expiresAt?: Date };

/** A cookie writer that records into `jar`, as a browser would keep the cookie. */
export function cookieJar(jar: CookieJar = {}): SessionCookieWriter & { jar: CookieJar } {
  return {
    jar,
    set: (token, expiresAt) => Object.assign(jar, { token, expiresAt }),
    clear: () => Object.assign(jar, { token: null, expiresAt: undefined }),
  };
}

/**
 * Runs an operation through the real schema, as a visitor or as the holder of a session token. The
 * document is validated first, like the server does: a misspelled field fails the test.
 */
export async function run<T = Record<string, unknown>>(
  db: Database,
  source: string,
  variables: Record<string, unknown> = {},
  options: {
    sessionToken?: string;
    acceptLanguage?: string;
    now?: Date;
    ip?: string;
    userAgent?: string;
    /** Receives the session cookie mutations set or clear (default: a throwaway jar). */
    cookies?: SessionCookieWriter;
    /** The browser's trusted-device cookie, and where a new one is written (default: nowhere). */
    deviceToken?: string;
    deviceCookie?: DeviceCookieWriter;
    /** Payments (features/commerce/test-commerce.ts makes one on the test database). */
    commerce?: CommerceRuntime;
  } = {},
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
    ip: options.ip ?? "203.0.113.1",
    userAgent: options.userAgent,
    sessionToken: options.sessionToken,
    sessionCookie: options.cookies ?? cookieJar(),
    deviceToken: options.deviceToken,
    deviceCookie: options.deviceCookie ?? { set: () => undefined },
    afterResponse: (_name, task) => void afterResponse.push(task),
    commerce: options.commerce,
  });
  const afterResponse: (() => Promise<void>)[] = [];
  const result = (await execute({ schema, document, variableValues: variables, contextValue })) as ExecutionResult<T>;
  // As the server does once the answer is sent.
  for (const task of afterResponse) await task();
  return result;
}

export type RunOptions = Parameters<typeof run>[3];

/**
 * Runs an operation of one root field (a mutation's, usually) that must not fail, and returns that
 * field's answer: any error fails the test.
 */
export async function runField<T>(db: Database, source: string, variables: Record<string, unknown> = {}, options: RunOptions = {}) {
  const result = await run<Record<string, T>>(db, source, variables, options);
  expect(result.errors).toBeUndefined();
  return Object.values(result.data!)[0]!;
}
