import * as client from "openid-client";
import type { SocialProviderConfig } from "./social.config.js";

/** Who the provider says signed in: its stable id for them, and the email it vouches for (or not). */
export type SocialProfile = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  /** Given name and family name, when the provider shares them. */
  name: string | null;
  surname: string | null;
};

/** What the callback checks: made at the start, kept server-side until the provider answers. */
export type SocialChecks = { state: string; nonce: string; codeVerifier: string };

/** A provider's answer that cannot sign anyone in; `code` says which message the reader gets. */
export class SocialLoginError extends Error {
  constructor(
    readonly code: "CANCELLED" | "STATE_MISMATCH" | "PROVIDER_ERROR" | "EMAIL_MISSING",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "SocialLoginError";
  }
}

// Test providers run on loopback over http; real ones are https (openid-client refuses http otherwise).
const isLoopbackHttp = (url: string) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//.test(new URL(url).href);

/**
 * The openid-client side of one provider: discovery once (again after a failure), the authorization
 * URL, and the callback's checks, token exchange and profile.
 */
export function createSocialClient(provider: SocialProviderConfig) {
  let configuration: Promise<client.Configuration> | undefined;

  async function configure(): Promise<client.Configuration> {
    const auth = client.ClientSecretPost(provider.clientSecret());
    if (provider.protocol === "oidc") {
      const insecure = isLoopbackHttp(provider.issuer);
      const config = await client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        auth,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      return config;
    }
    const config = new client.Configuration(
      {
        issuer: new URL(provider.authorizationUrl).origin,
        authorization_endpoint: provider.authorizationUrl,
        token_endpoint: provider.tokenUrl,
      },
      provider.clientId,
      undefined,
      auth,
    );
    if ([provider.authorizationUrl, provider.tokenUrl, provider.userinfoUrl].some(isLoopbackHttp)) client.allowInsecureRequests(config);
    return config;
  }

  async function config(): Promise<client.Configuration> {
    configuration ??= configure().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    const current = await configuration;
    // Apple's secret is a JWT that expires: sign a fresh one for each exchange.
    if (provider.name !== "apple") return current;
    const fresh = new client.Configuration(
      current.serverMetadata(),
      provider.clientId,
      undefined,
      client.ClientSecretPost(provider.clientSecret()),
    );
    if (provider.protocol === "oidc" && isLoopbackHttp(provider.issuer)) client.allowInsecureRequests(fresh);
    return fresh;
  }

  return {
    provider,

    /** Fresh state, nonce and PKCE verifier, and the provider's URL to send the reader to. */
    async authorizationUrl(redirectUri: string): Promise<{ url: URL; checks: SocialChecks }> {
      const checks: SocialChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: provider.scope,
        state: checks.state,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
      };
      if (provider.protocol === "oidc") {
        params.nonce = checks.nonce;
        if (provider.responseMode === "form_post") params.response_mode = "form_post";
      }
      return { url: client.buildAuthorizationUrl(await config(), params), checks };
    },

    /**
     * The callback: `currentUrl` is where the provider sent the reader (query answer) or the posted
     * form's parameters (form_post), with the redirect URI's origin and path. Checks state, PKCE and
     * (OIDC) the ID token's signature, issuer, audience and nonce; then reads the profile.
     */
    async complete(currentUrl: URL, checks: SocialChecks): Promise<SocialProfile> {
      const error = currentUrl.searchParams.get("error");
      if (error) {
        // access_denied: the reader said no (Apple: user_cancelled_authorize).
        const cancelled = error === "access_denied" || error === "user_cancelled_authorize";
        throw new SocialLoginError(cancelled ? "CANCELLED" : "PROVIDER_ERROR", `${provider.name} answered ${error}`);
      }
      if (currentUrl.searchParams.get("state") !== checks.state) {
        throw new SocialLoginError("STATE_MISMATCH", `${provider.name} answered with another state`);
      }
      const current = await config();
      // openid-client reads the parameters from the URL; form_post answers arrive as a form, given here as a URL.
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(current, currentUrl, {
          expectedState: checks.state,
          pkceCodeVerifier: checks.codeVerifier,
          ...(provider.protocol === "oidc" ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
        });
      } catch (cause) {
        throw new SocialLoginError("PROVIDER_ERROR", `${provider.name}: the code exchange failed`, { cause });
      }
      try {
        return provider.protocol === "oidc" ? await oidcProfile(current, tokens) : await oauth2Profile(current, tokens.access_token);
      } catch (cause) {
        if (cause instanceof SocialLoginError) throw cause;
        throw new SocialLoginError("PROVIDER_ERROR", `${provider.name}: the profile could not be read`, { cause });
      }
    },
  };

  async function oidcProfile(current: client.Configuration, tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>) {
    const idToken = tokens.claims();
    if (!idToken) throw new SocialLoginError("PROVIDER_ERROR", `${provider.name} sent no ID token`);
    let claims: Record<string, unknown> = { ...idToken };
    if (provider.protocol === "oidc" && provider.userinfo && current.serverMetadata().userinfo_endpoint) {
      // Userinfo answers for the ID token's subject only (openid-client checks it).
      claims = { ...claims, ...(await client.fetchUserInfo(current, tokens.access_token, idToken.sub)) };
    }
    return profileOf(claims, idToken.sub);
  }

  async function oauth2Profile(current: client.Configuration, accessToken: string) {
    if (provider.protocol !== "oauth2") throw new Error("not an OAuth 2 provider");
    const response = await client.fetchProtectedResource(current, accessToken, new URL(provider.userinfoUrl), "GET");
    if (!response.ok) throw new SocialLoginError("PROVIDER_ERROR", `${provider.name}: the profile endpoint answered ${response.status}`);
    const body = (await response.json()) as Record<string, unknown>;
    const subject = typeof body.sub === "string" ? body.sub : typeof body.id === "string" ? body.id : null;
    if (!subject) throw new SocialLoginError("PROVIDER_ERROR", `${provider.name}: the profile has no id`);
    return profileOf(body, subject);
  }
}
export type SocialClient = ReturnType<typeof createSocialClient>;

/**
 * The profile from a provider's claims. An email counts as verified only when the provider says so
 * (`email_verified`: true, or Apple's "true"); Facebook's Graph API never says so.
 */
export function profileOf(claims: Record<string, unknown>, subject: string): SocialProfile {
  const email = typeof claims.email === "string" && claims.email.includes("@") ? claims.email.trim().toLowerCase() : null;
  const verified = claims.email_verified === true || claims.email_verified === "true";
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 200) : null);
  const given = text(claims.given_name);
  return {
    subject,
    email,
    emailVerified: email !== null && verified,
    name: given ?? text(claims.name),
    surname: given ? text(claims.family_name) : null,
  };
}

/**
 * The name Apple posts with its answer the first time a reader signs in with it (never again, and
 * never in the ID token): `user={"name":{"firstName":"Ada","lastName":"Lovelace"},…}`.
 */
export function appleFirstLoginName(userField: string | null): { name: string; surname: string | null } | null {
  if (!userField) return null;
  try {
    const user = JSON.parse(userField) as { name?: { firstName?: unknown; lastName?: unknown } } | null;
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 200) : null);
    const name = text(user?.name?.firstName);
    return name ? { name, surname: text(user?.name?.lastName) } : null;
  } catch {
    return null;
  }
}
