import { randomBytes } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { databaseConfig, databaseEnv } from "./db/db-config.js";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./features/catalog/service-time.js";
import { loadSocialLoginConfig } from "./features/accounts/social/social.config.js";

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)$/i;

/**
 * Which proxies' X-Forwarded-For (and -Proto, -Host) are believed, as Fastify's `trustProxy`. Unset:
 * none, so a client cannot pick the address its per-IP limits count against.
 */
function trustProxySetting(value: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    // The nearest `hops` proxies, whatever their address.
    return (_address, hop) => hop < hops;
  }
  return value.split(",").map((entry) => entry.trim());
}

/** Every setting Brevia reads from the environment, with its default. The README lists them. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  ...databaseEnv,
  MEDIA_DIR: z.string().optional(),
  MEDIA_URL_SECRET: z.string().min(32, "MEDIA_URL_SECRET must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  GRAPHQL_INTROSPECTION: z.enum(["true", "false"]).optional(),
  MIGRATE_ON_START: z.enum(["true", "false"]).default("true"),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// or rediss:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PERSISTED_OPERATIONS_ONLY: z.enum(["true", "false"]).default("false"),
  PERSISTED_OPERATIONS_FILES: z.string().optional(),
  SEED_ON_START: z.enum(["true", "false"]).default("true"),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+\/?$/, "PUBLIC_URL must be the site's origin, e.g. https://brevia.example (no path)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default("Brevia <no-reply@brevia.invalid>"),
  TRUST_PROXY: z
    .string()
    .optional()
    .refine(
      (value) => !value || /^(true|false|\d+)$/.test(value) || value.split(",").every((entry) => PROXY_ADDRESS.test(entry.trim())),
      "TRUST_PROXY must be true, false, a number of proxy hops, or comma-separated addresses or CIDR ranges (or loopback, linklocal, uniquelocal)",
    ),
  STRIPE_SECRET_KEY: z
    .string()
    .startsWith("sk_")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .startsWith("pk_")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith("whsec_")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Another address for Stripe's API (stripe-mock, or a test's fake): the SDK's host, port and protocol.
  STRIPE_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  COMMERCE_TEST_CLOCK: z.enum(["true", "false"]).optional(),
  SERVICE_TIME_ZONE: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(isTimeZone, "SERVICE_TIME_ZONE must be an IANA time zone, e.g. America/Sao_Paulo"),
});

export type AppConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && e.DATABASE_URL && !e.PUBLIC_URL) {
    // Links in emails (password reset!), canonical URLs and the sitemap must never come from a
    // request's Host header, which anyone can set: a real deployment says where it lives.
    throw new Error(
      "Invalid configuration: PUBLIC_URL must be set in production with DATABASE_URL: the site's origin as readers reach it, " +
        "e.g. PUBLIC_URL=https://brevia.example. Email links, canonical URLs and the sitemap are built from it, never from the request's Host.",
    );
  }
  if (e.REDIS_URL && !e.MEDIA_URL_SECRET) {
    // Instances sharing cached answers must sign audio URLs alike, or one instance's URLs fail on another.
    throw new Error("Invalid configuration: MEDIA_URL_SECRET must be set when REDIS_URL is (instances share cached answers)");
  }
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    ...databaseConfig(e),
    /** Narrated audio (copied there by the catalogue import); keep it with the database. */
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, "media")),
    /** Signs media URLs. Unset: a random key per process, so URLs minted before a restart stop working. */
    mediaUrlSecret: e.MEDIA_URL_SECRET ?? randomBytes(32).toString("base64url"),
    logLevel: e.LOG_LEVEL,
    // Introspection (and Apollo Sandbox) is on in development, off in production unless enabled.
    introspection: e.GRAPHQL_INTROSPECTION ? e.GRAPHQL_INTROSPECTION === "true" : !production,
    migrateOnStart: e.MIGRATE_ON_START === "true",
    seedOnStart: e.SEED_ON_START === "true",
    /**
     * The site's origin as readers reach it (https://brevia.example): email links, canonical and
     * alternate links, link-preview URLs, social login callbacks, sitemap.xml and robots.txt use it;
     * never the request's Host header (anyone can set it). Unset (the embedded database, development,
     * tests): http://localhost:PORT; production with DATABASE_URL refuses to start without it.
     */
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : `http://localhost:${e.PORT}`,
    /** PUBLIC_URL was not set: main.ts says which origin links use instead. */
    publicUrlIsDefault: !e.PUBLIC_URL,
    /** Outgoing mail server; unset: emails stay in the outbox table (shown at /dev/outbox outside production). */
    smtpUrl: e.SMTP_URL,
    /** The From of every email. */
    mailFrom: e.MAIL_FROM,
    /** Proxies whose forwarded client address is believed (the per-IP limits count it); unset: none. */
    trustProxy: trustProxySetting(e.TRUST_PROXY),
    /** The zone whose midnight starts a new day (free microbook of the day, this week's playlists). */
    timeZone: e.SERVICE_TIME_ZONE,
    /** Shared response cache; unset: in memory, per process. */
    redisUrl: e.REDIS_URL,
    /** Run only registered (persisted) operations: for production once every client registers its own. */
    persistedOperationsOnly: e.PERSISTED_OPERATIONS_ONLY === "true",
    /** More persisted-operation manifests (JSON: sha256 → text), comma-separated paths, e.g. the mobile app's. */
    persistedOperationFiles: (e.PERSISTED_OPERATIONS_FILES ?? "")
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean)
      .map((f) => path.resolve(f)),
    /** Payments: Stripe when its three keys are set, else the local TEST MODE provider (features/commerce). */
    stripe:
      e.STRIPE_SECRET_KEY || e.STRIPE_PUBLISHABLE_KEY || e.STRIPE_WEBHOOK_SECRET
        ? stripeConfig(e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET)
        : null,
    /** Where the Stripe SDK sends its requests, when not Stripe's own API (STRIPE_API_URL). */
    stripeApi: e.STRIPE_API_URL ? stripeApi(e.STRIPE_API_URL) : undefined,
    /** The local provider's test clock (moves a customer's time): development and tests only. */
    testClock: e.COMMERCE_TEST_CLOCK ? e.COMMERCE_TEST_CLOCK === "true" : !production,
    /** Social login providers whose OAUTH_* variables are set (social.config.ts). */
    socialLogin: loadSocialLoginConfig(env),
  };
}

function stripeConfig(secretKey?: string, publishableKey?: string, webhookSecret?: string) {
  if (!secretKey || !publishableKey || !webhookSecret) {
    throw new Error(
      "Invalid configuration: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together (set all three, or none for the local TEST MODE provider)",
    );
  }
  return { secretKey, publishableKey, webhookSecret };
}

function stripeApi(url: string): { host: string; port: number; protocol: "http" | "https" } {
  const parsed = new URL(url);
  const protocol = parsed.protocol === "http:" ? "http" : "https";
  return { host: parsed.hostname, port: Number(parsed.port) || (protocol === "http" ? 80 : 443), protocol };
}
