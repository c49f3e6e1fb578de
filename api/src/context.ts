import type { PrismaClient } from "./generated/prisma/client.js";
import type { Language, SocialProvider } from "./generated/prisma/enums.js";
import type { Viewer } from "./features/accounts/viewer.js";
import { createCatalogLoaders } from "./features/catalog/catalog.loaders.js";
import { createMicrobooksByIdLoaders, createRankedIdsLoader } from "./features/discovery/microbook-lists.js";
import { createLibraryCountsLoader } from "./features/library/library.sql.js";
import type { MediaUrlSigner } from "./features/catalog/audio/media-urls.js";
import type { FreeDailyPickSource } from "./features/catalog/free-daily.js";
import { rateLimitsFor, type RateLimits } from "./features/accounts/rate-limits.js";
import { NO_COOKIES, type SessionCookieWriter } from "./features/accounts/sessions.js";
import { DEFAULT_TIME_ZONE } from "./features/catalog/service-time.js";
import { NO_MAIL_WORKER, type MailWaker } from "./features/accounts/mail/mail-worker.js";
import type { AfterResponse } from "./http/after-response.js";
import { createAccess, type Access } from "./features/access/access.loader.js";
import { readCatalogueStats } from "./features/discovery/catalogue-stats.js";
import type { DeviceCookieWriter } from "./features/accounts/login-throttle.js";
import type { CommerceRuntime } from "./features/commerce/commerce-runtime.js";

export const LANGUAGES = ["pt", "en", "es"] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = "pt";
/** MAIL_FROM's default (config.ts). */
export const DEFAULT_MAIL_FROM = "Brevia <no-reply@brevia.invalid>";

/** Per-request context: a new object for every operation. */
export type Context = {
  prisma: PrismaClient;
  requestId: string;
  /** The signed-in reader, or null for a visitor. */
  viewer: Viewer | null;
  /** Interface language of this request (the client sends it as Accept-Language). */
  locale: Language;
  /** Languages to read content in, most wanted first; always ends with every language. */
  contentLanguages: Language[];
  /** The request's clock: one "today" for the whole operation. */
  now: Date;
  /** The service's time zone: its midnight starts a new day. */
  timeZone: string;
  /** This request's batched reads (each a DataLoader or a memo), created with the context. */
  loaders: ReturnType<typeof createLoaders>;
  /** The access policy's decisions for this request's viewer (features/access). */
  access: Access;
  /** Signs audio URLs for readers allowed to listen. */
  mediaUrls: MediaUrlSigner;
  /** The client's address (behind a proxy, the one it forwarded): rate limits count per IP. */
  ip: string;
  userAgent: string | undefined;
  /** The session token the request presented (cookie or bearer), valid or not. */
  sessionToken: string | undefined;
  /** Writes or clears the browser's session cookie on the reply. */
  sessionCookie: SessionCookieWriter;
  /** The browser's trusted-device cookie (login-throttle.ts), valid or not. */
  deviceToken: string | undefined;
  /** Writes the trusted-device cookie on the reply. */
  deviceCookie: DeviceCookieWriter;
  rateLimits: RateLimits;
  /** Social login providers configured in the environment (their buttons show). */
  socialLoginProviders: SocialProvider[];
  /** The site's origin for links in emails: PUBLIC_URL (never the request's Host). */
  origin: string;
  /** MAIL_FROM: the sender of every email (a Kindle reader approves it in Amazon's settings). */
  mailFrom: string;
  /** Wakes the mail worker once a transaction that queued mail has committed. */
  mail: MailWaker;
  /** Leaves work for after the response is sent (http/after-response.ts). */
  afterResponse: AfterResponse;
  /** Payments (features/commerce): null where the server runs none (page rendering, some tests). */
  commerce: CommerceRuntime | null;
};

/** For operations that cannot write cookies (server rendering runs queries only). */
const NO_DEVICE_COOKIE: DeviceCookieWriter = {
  set: () => {
    throw new Error("This request cannot set a device cookie");
  },
};

/** For operations that cannot leave work behind (server rendering runs queries only). */
const NO_AFTER_RESPONSE: AfterResponse = () => {
  throw new Error("This request cannot leave work for after its response");
};

/** The first supported language in an Accept-Language header (pt, en or es), else pt. */
export function parseLocale(header: string | undefined): Language {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase().slice(0, 2);
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}

export function contentLanguageOrder(first: Language): Language[] {
  // English is the catalogue's fullest language, so it is the first fallback.
  return [...new Set<Language>([first, "en", "pt", "es"])];
}

export function createContext(input: {
  prisma: PrismaClient;
  requestId: string;
  viewer: Viewer | null;
  mediaUrls: MediaUrlSigner;
  acceptLanguage?: string;
  now?: Date;
  timeZone?: string;
  /** The server's memory of recorded free picks (without it, each operation reads the pick). */
  freePicks?: FreeDailyPickSource;
  /** Default: the database client's own (rateLimitsFor). */
  rateLimits?: RateLimits;
  ip?: string;
  userAgent?: string;
  sessionToken?: string;
  sessionCookie?: SessionCookieWriter;
  deviceToken?: string;
  deviceCookie?: DeviceCookieWriter;
  socialLoginProviders?: SocialProvider[];
  origin?: string;
  mailFrom?: string;
  mail?: MailWaker;
  afterResponse?: AfterResponse;
  commerce?: CommerceRuntime | null;
}): Context {
  const locale = parseLocale(input.acceptLanguage);
  const now = input.now ?? new Date();
  const fields: Omit<Context, "loaders" | "access"> = {
    prisma: input.prisma,
    requestId: input.requestId,
    viewer: input.viewer,
    locale,
    contentLanguages: contentLanguageOrder(input.viewer?.contentLanguage ?? locale),
    now,
    timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
    mediaUrls: input.mediaUrls,
    ip: input.ip ?? "unknown",
    userAgent: input.userAgent,
    sessionToken: input.sessionToken,
    sessionCookie: input.sessionCookie ?? NO_COOKIES,
    deviceToken: input.deviceToken,
    deviceCookie: input.deviceCookie ?? NO_DEVICE_COOKIE,
    rateLimits: input.rateLimits ?? rateLimitsFor(input.prisma),
    socialLoginProviders: input.socialLoginProviders ?? [],
    origin: input.origin ?? "http://localhost:3000",
    mailFrom: input.mailFrom ?? DEFAULT_MAIL_FROM,
    mail: input.mail ?? NO_MAIL_WORKER,
    afterResponse: input.afterResponse ?? NO_AFTER_RESPONSE,
    commerce: input.commerce ?? null,
  };
  // One object: the loaders and the policy read the viewer from it as it is at each decision (an
  // operation that signs in changes it).
  const loaders = createLoaders(fields, input.freePicks);
  return Object.assign(fields, { loaders, access: createAccess(fields, loaders.freeTodayId) });
}

function createLoaders(ctx: Omit<Context, "loaders" | "access">, freePicks: FreeDailyPickSource | undefined) {
  return {
    ...createCatalogLoaders(ctx, freePicks),
    rankedIds: createRankedIdsLoader(ctx),
    microbooksById: createMicrobooksByIdLoaders(ctx),
    catalogueStats: once(() => readCatalogueStats(ctx.prisma)),
    libraryCounts: createLibraryCountsLoader(ctx),
  };
}

/** A value computed at most once, when first asked for. */
function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= compute());
}
