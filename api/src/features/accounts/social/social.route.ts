import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, localizePath, LOCALES, routePath, type Locale } from "@brevia/routes";
import { safeRedirectPath } from "@brevia/routes/safe-redirect";
import type { AppConfig } from "../../../config.js";
import { parseLocale } from "../../../context.js";
import type { Database } from "../../../db/client.js";
import { NO_MAIL_WORKER, type MailWaker } from "../mail/mail-worker.js";
import { RateLimitedError, rateLimitsFor } from "../rate-limits.js";
import { replyCookieWriter, startSession } from "../sessions.js";
import { hashSessionToken, SESSION_COOKIE } from "../viewer.js";
import { SocialAccountRefusedError, accountForSocialProfile } from "./social.accounts.js";
import { appleFirstLoginName, createSocialClient, SocialLoginError, type SocialClient } from "./social.client.js";
import { SOCIAL_PROVIDER_NAMES, type SocialProviderName } from "./social.config.js";

/** The browser's handle on its sign-in under way (only sent to /auth/…), and how long it lasts. */
export const SOCIAL_ATTEMPT_COOKIE = "brevia_social";
export const SOCIAL_ATTEMPT_LIFETIME_MS = 10 * 60 * 1000;

/** What /login shows after a social sign-in that did not happen (`?social_error=`). */
export type SocialErrorCode = SocialLoginError["code"] | SocialAccountRefusedError["code"] | "RATE_LIMITED" | "UNEXPECTED";

const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/**
 * Social login over HTTP: `GET /auth/:provider` starts (state, nonce and PKCE kept server-side for
 * this browser), `GET|POST /auth/:provider/callback` finishes (POST: Apple's form_post) with a
 * rotated session, then the reader goes where they were going (new accounts: onboarding), in their
 * account's interface language, which the browser then remembers. Anything that goes wrong lands on
 * /login with a code the page translates.
 */
export async function registerSocialLogin(app: FastifyInstance, config: AppConfig, db: Database, mail: MailWaker = NO_MAIL_WORKER) {
  const clients = new Map<SocialProviderName, SocialClient>(config.socialLogin.map((p) => [p.name, createSocialClient(p)]));
  const rateLimits = rateLimitsFor(db.prisma);
  const callbackUrl = (name: SocialProviderName) => `${config.publicUrl}/auth/${name}/callback`;

  const attemptCookieOptions = (client: SocialClient) => {
    // Apple posts its answer from its own site: only a SameSite=None cookie comes with that POST.
    const crossSitePost = client.provider.protocol === "oidc" && client.provider.responseMode === "form_post";
    return {
      path: "/auth/",
      httpOnly: true,
      secure: config.production || crossSitePost,
      sameSite: crossSitePost ? ("none" as const) : ("lax" as const),
    };
  };

  function toLogin(reply: FastifyReply, locale: Locale, returnTo: string | null, params: Record<string, string>) {
    const search = new URLSearchParams({ ...(returnTo ? { next: returnTo } : {}), ...params });
    return reply.header("cache-control", "private, no-store").redirect(`${localizePath(locale, routePath("login"))}?${search}`, 303);
  }

  await app.register(async (scope) => {
    // Apple's form_post answer; only these routes read forms.
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 32 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    scope.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>("/auth/:provider", async (request, reply) => {
      const client = clients.get(request.params.provider as SocialProviderName);
      if (!client) return reply.code(404).header("cache-control", "no-store").send({ error: "No such sign-in provider" });
      const locale = isLocale(request.query.locale) ? request.query.locale : parseLocale(request.headers["accept-language"]);
      const returnTo = safeRedirectPath(request.query.next);
      try {
        await rateLimits.consume(["logInPerIp", request.ip]);
      } catch (error) {
        if (!(error instanceof RateLimitedError)) throw error;
        return toLogin(reply, locale, returnTo, { social_error: "RATE_LIMITED", retry_after: String(error.retryAfterSeconds) });
      }
      const now = new Date();
      let authorization: Awaited<ReturnType<SocialClient["authorizationUrl"]>>;
      try {
        authorization = await client.authorizationUrl(callbackUrl(client.provider.name));
      } catch (err) {
        request.log.error({ err, provider: client.provider.name }, "Social login: the provider could not be reached");
        return toLogin(reply, locale, returnTo, { social_error: "PROVIDER_ERROR", provider: client.provider.name });
      }
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now.getTime() + SOCIAL_ATTEMPT_LIFETIME_MS);
      await db.prisma.socialLoginAttempt.deleteMany({ where: { expiresAt: { lt: now } } });
      await db.prisma.socialLoginAttempt.create({
        data: {
          tokenHash: hashSessionToken(token),
          provider: SOCIAL_PROVIDER_NAMES[client.provider.name],
          ...authorization.checks,
          returnTo,
          locale,
          expiresAt,
        },
      });
      return reply
        .setCookie(SOCIAL_ATTEMPT_COOKIE, token, { ...attemptCookieOptions(client), expires: expiresAt })
        .header("cache-control", "private, no-store")
        .redirect(authorization.url.href, 302);
    });

    const callback = async (request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
      const client = clients.get(request.params.provider as SocialProviderName);
      if (!client) return reply.code(404).header("cache-control", "no-store").send({ error: "No such sign-in provider" });
      const name = client.provider.name;
      const answer = (request.method === "POST" ? request.body : request.query) as Record<string, unknown> | undefined;
      const params = Object.fromEntries(
        Object.entries(answer ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );

      // The attempt this browser started: used once, whatever happens next.
      const token = request.cookies[SOCIAL_ATTEMPT_COOKIE];
      reply.clearCookie(SOCIAL_ATTEMPT_COOKIE, attemptCookieOptions(client));
      const attempt = token ? await db.prisma.socialLoginAttempt.findUnique({ where: { tokenHash: hashSessionToken(token) } }) : null;
      const claimed = attempt ? (await db.prisma.socialLoginAttempt.deleteMany({ where: { id: attempt.id } })).count === 1 : false;
      const fallbackLocale = parseLocale(request.headers["accept-language"]);
      const now = new Date();
      if (!attempt || !claimed || attempt.expiresAt <= now || attempt.provider !== SOCIAL_PROVIDER_NAMES[name]) {
        request.log.warn({ provider: name, hasCookie: Boolean(token) }, "Social login: no sign-in under way for this answer");
        const cancelled = params.error === "access_denied" || params.error === "user_cancelled_authorize";
        return toLogin(reply, attempt?.locale ?? fallbackLocale, attempt?.returnTo ?? null, {
          social_error: cancelled ? "CANCELLED" : "STATE_MISMATCH",
          provider: name,
        });
      }
      const locale = attempt.locale;
      const { user, ...grant } = params;
      const currentUrl = new URL(callbackUrl(name));
      for (const [key, value] of Object.entries(grant)) currentUrl.searchParams.set(key, value);

      let signedIn: { userId: string; isNew: boolean };
      try {
        const profile = await client.complete(currentUrl, attempt);
        // Apple sends the name once, beside its signed answer: used only once that answer checked out.
        const appleName = name === "apple" && !profile.name ? appleFirstLoginName(user ?? null) : null;
        signedIn = await accountForSocialProfile(
          db.prisma,
          SOCIAL_PROVIDER_NAMES[name],
          appleName ? { ...profile, ...appleName } : profile,
          { locale, now, origin: config.publicUrl },
        );
        if (signedIn.isNew) mail.wake(); // its welcome email
      } catch (err) {
        if (err instanceof SocialLoginError || err instanceof SocialAccountRefusedError) {
          request.log.warn({ provider: name, code: err.code, reason: err.message, cause: err.cause }, "Social login refused");
          return toLogin(reply, locale, attempt.returnTo, { social_error: err.code, provider: name });
        }
        // Never a stack trace for the reader: the log has it.
        request.log.error({ err, provider: name }, "Social login failed");
        return toLogin(reply, locale, attempt.returnTo, { social_error: "UNEXPECTED", provider: name });
      }

      // A new session (rotation): the one this browser held, if any, ends.
      const presented = request.cookies[SESSION_COOKIE];
      if (presented) await db.prisma.session.deleteMany({ where: { tokenHash: hashSessionToken(presented) } });
      const session = await startSession(db.prisma, signedIn.userId, { userAgent: request.headers["user-agent"], now });
      replyCookieWriter(reply, config.production).set(session.token, session.expiresAt);

      // The reader goes on in the language saved on their account (a new one has the page's), and this
      // browser remembers it, as the language switcher's cookie does (read by the web app: not HTTP-only).
      const { interfaceLanguage } = await db.prisma.user.findUniqueOrThrow({
        where: { id: signedIn.userId },
        select: { interfaceLanguage: true },
      });
      reply.setCookie(LOCALE_COOKIE, interfaceLanguage, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS, sameSite: "lax" });
      const destination = signedIn.isNew
        ? `${routePath("welcome")}${attempt.returnTo ? `?next=${encodeURIComponent(attempt.returnTo)}` : ""}`
        : (attempt.returnTo ?? routePath("home"));
      return reply.header("cache-control", "private, no-store").redirect(localizePath(interfaceLanguage, destination), 303);
    };
    scope.get("/auth/:provider/callback", callback);
    scope.post("/auth/:provider/callback", { bodyLimit: 32 * 1024 }, callback);
  });
}
