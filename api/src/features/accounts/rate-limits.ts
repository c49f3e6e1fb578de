import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import type { PrismaClient } from "../../generated/prisma/client.js";

/**
 * Attempts allowed per window, per IP and per account (the normalised email). Counts live in the
 * RateLimit table, so every instance shares them. Limits that a stranger could spend to lock a reader
 * out are counted per account *and* IP (or trusted device), with a looser per-account bound behind
 * them (login-throttle.ts).
 */
export const RATE_LIMITS = {
  logInPerIp: { points: 30, duration: 15 * 60 },
  /** Failed passwords for one email from one address: forgiven when it signs in there. */
  logInPerAccountAndIp: { points: 10, duration: 15 * 60 },
  /** One email from everywhere but its trusted browsers: bounds a guess spread over many addresses. */
  logInPerAccount: { points: 100, duration: 60 * 60 },
  /** The reader's own browser (a trusted device): only its own failures count against it. */
  logInPerTrustedDevice: { points: 10, duration: 15 * 60 },
  signUpPerIp: { points: 10, duration: 60 * 60 },
  signUpPerAccount: { points: 5, duration: 60 * 60 },
  // Forgot password (per email asked about, from one address and from all) and the links' forms (per IP).
  passwordResetPerIp: { points: 20, duration: 60 * 60 },
  passwordResetPerAccountAndIp: { points: 3, duration: 60 * 60 },
  /** Bounds the mails one address receives; a stranger spending it has sent the reader that many links. */
  passwordResetPerAccount: { points: 10, duration: 60 * 60 },
  // Changing email or password with the current one (a password guess each time).
  credentialChangePerIp: { points: 20, duration: 60 * 60 },
  credentialChangePerAccount: { points: 10, duration: 60 * 60 },
  // Confirmation emails sent to new addresses.
  emailChangePerAccount: { points: 5, duration: 24 * 60 * 60 },
  /** Passwords typed to confirm an action (deleting the account), per account. */
  confirmPasswordPerAccount: { points: 10, duration: 15 * 60 },
  /** EPUBs mailed to a reader's Kindle a day: bounds the mail one account can make the server send. */
  sendToKindlePerAccount: { points: 10, duration: 24 * 60 * 60 },
  /** Stripe card forms opened (SetupIntents made) from one address: bounds card testing through Brevia. */
  cardSetupPerIp: { points: 30, duration: 60 * 60 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

/** Refused: try again after this many seconds. */
export class RateLimitedError extends Error {
  readonly code = "RATE_LIMITED";
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
    this.name = "RateLimitedError";
  }
}

export function createRateLimits(prisma: PrismaClient) {
  const limiters = Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, { points, duration }]) => [
      name,
      // Expired rows are cleared by clearExpired() (the server schedules it), not by a timer per limiter.
      new RateLimiterPrisma({
        storeClient: prisma,
        tableName: "rateLimit",
        keyPrefix: name,
        points,
        duration,
        clearExpiredByTimeout: false,
      }),
    ]),
  ) as Record<RateLimitName, RateLimiterPrisma>;

  return {
    /**
     * Counts one attempt under each (limit, key); throws RateLimitedError when any is over its limit,
     * with the longest wait. Every key is counted, so an IP cannot probe while an account is blocked.
     */
    async consume(...attempts: [RateLimitName, string][]): Promise<void> {
      const results = await Promise.allSettled(attempts.map(([name, key]) => limiters[name].consume(key)));
      let waitMs = -1;
      for (const result of results) {
        if (result.status === "fulfilled") continue;
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        waitMs = Math.max(waitMs, result.reason.msBeforeNext);
      }
      if (waitMs >= 0) throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    /** Forgets a key's attempts (an account that signed in). */
    async reset(name: RateLimitName, key: string): Promise<void> {
      await limiters[name].delete(key);
    },
    /** Deletes windows that ended over an hour ago. */
    async clearExpired(now = new Date()): Promise<number> {
      const { count } = await prisma.rateLimit.deleteMany({ where: { expire: { lt: new Date(now.getTime() - 3_600_000) } } });
      return count;
    },
  };
}
export type RateLimits = ReturnType<typeof createRateLimits>;

const byClient = new WeakMap<PrismaClient, RateLimits>();

/** The rate limits stored through a database client (one set per client). */
export function rateLimitsFor(prisma: PrismaClient): RateLimits {
  let limits = byClient.get(prisma);
  if (!limits) byClient.set(prisma, (limits = createRateLimits(prisma)));
  return limits;
}
