import { createPrivateKey, sign } from "node:crypto";
import type { SocialProvider } from "../../../generated/prisma/enums.js";

/** Social login providers by the name used in paths and env vars (`/auth/google`, `OAUTH_GOOGLE_…`). */
export const SOCIAL_PROVIDER_NAMES = { google: "GOOGLE", apple: "APPLE", facebook: "FACEBOOK" } as const satisfies Record<
  string,
  SocialProvider
>;
export type SocialProviderName = keyof typeof SOCIAL_PROVIDER_NAMES;

type ProviderBase = {
  name: SocialProviderName;
  clientId: string;
  /** The client secret, or (Apple) a function making the signed JWT Apple takes as one. */
  clientSecret: () => string;
  scope: string;
};

/** An OpenID Connect provider, found by discovery: code flow with PKCE, state and nonce, an ID token. */
export type OidcProviderConfig = ProviderBase & {
  protocol: "oidc";
  issuer: string;
  /** form_post: the provider posts the answer (Apple, which then sends the name the first time only). */
  responseMode: "query" | "form_post";
  /** Ask the userinfo endpoint too (Google); Apple has none: everything is in its ID token. */
  userinfo: boolean;
};

/** A plain OAuth 2 provider (Facebook): code flow with PKCE and state, the profile from an endpoint. */
export type OAuth2ProviderConfig = ProviderBase & {
  protocol: "oauth2";
  authorizationUrl: string;
  tokenUrl: string;
  /** Answers `{ id, name, email }` for the access token (Facebook's Graph API `/me`). */
  userinfoUrl: string;
};

export type SocialProviderConfig = OidcProviderConfig | OAuth2ProviderConfig;

const FACEBOOK_GRAPH = "https://graph.facebook.com/v21.0";

/**
 * The providers configured in the environment, in button order (Apple, Google, Facebook). A provider
 * is on when its client id and secret (for Apple: a secret or the key to sign one) are set.
 */
export function loadSocialLoginConfig(env: NodeJS.ProcessEnv): SocialProviderConfig[] {
  const read = (name: string) => env[name]?.trim() || undefined;
  const providers: SocialProviderConfig[] = [];

  const apple = appleClientSecret(env);
  const appleId = read("OAUTH_APPLE_CLIENT_ID");
  if (appleId && apple) {
    providers.push({
      name: "apple",
      protocol: "oidc",
      clientId: appleId,
      clientSecret: apple,
      issuer: read("OAUTH_APPLE_ISSUER") ?? "https://appleid.apple.com",
      scope: read("OAUTH_APPLE_SCOPE") ?? "openid name email",
      responseMode: "form_post",
      userinfo: false,
    });
  }

  const googleId = read("OAUTH_GOOGLE_CLIENT_ID");
  const googleSecret = read("OAUTH_GOOGLE_CLIENT_SECRET");
  if (googleId && googleSecret) {
    providers.push({
      name: "google",
      protocol: "oidc",
      clientId: googleId,
      clientSecret: () => googleSecret,
      issuer: read("OAUTH_GOOGLE_ISSUER") ?? "https://accounts.google.com",
      scope: read("OAUTH_GOOGLE_SCOPE") ?? "openid email profile",
      responseMode: "query",
      userinfo: true,
    });
  }

  const facebookId = read("OAUTH_FACEBOOK_CLIENT_ID");
  const facebookSecret = read("OAUTH_FACEBOOK_CLIENT_SECRET");
  if (facebookId && facebookSecret) {
    providers.push({
      name: "facebook",
      protocol: "oauth2",
      clientId: facebookId,
      clientSecret: () => facebookSecret,
      authorizationUrl: read("OAUTH_FACEBOOK_AUTHORIZATION_URL") ?? "https://www.facebook.com/v21.0/dialog/oauth",
      tokenUrl: read("OAUTH_FACEBOOK_TOKEN_URL") ?? `${FACEBOOK_GRAPH}/oauth/access_token`,
      userinfoUrl: read("OAUTH_FACEBOOK_USERINFO_URL") ?? `${FACEBOOK_GRAPH}/me?fields=id,name,email`,
      scope: read("OAUTH_FACEBOOK_SCOPE") ?? "email public_profile",
    });
  }

  for (const provider of providers) {
    for (const url of provider.protocol === "oidc"
      ? [provider.issuer]
      : [provider.authorizationUrl, provider.tokenUrl, provider.userinfoUrl]) {
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
        throw new Error(`Invalid configuration: the ${provider.name} social login URL "${url}" is not an http(s) URL`);
      }
    }
  }
  return providers;
}

/**
 * Apple's client secret: OAUTH_APPLE_CLIENT_SECRET as given, or a JWT signed (ES256) with the key
 * from the Apple developer account (OAUTH_APPLE_TEAM_ID, OAUTH_APPLE_KEY_ID, OAUTH_APPLE_PRIVATE_KEY),
 * made fresh for each use, as Apple wants one that expires (at most 6 months).
 */
function appleClientSecret(env: NodeJS.ProcessEnv): (() => string) | undefined {
  const secret = env.OAUTH_APPLE_CLIENT_SECRET?.trim();
  if (secret) return () => secret;
  const teamId = env.OAUTH_APPLE_TEAM_ID?.trim();
  const keyId = env.OAUTH_APPLE_KEY_ID?.trim();
  const pem = env.OAUTH_APPLE_PRIVATE_KEY?.trim().replace(/\\n/g, "\n");
  const clientId = env.OAUTH_APPLE_CLIENT_ID?.trim();
  if (!teamId || !keyId || !pem || !clientId) return undefined;
  const key = createPrivateKey(pem);
  return () => appleClientSecretJwt({ teamId, keyId, key, clientId, now: new Date() });
}

export function appleClientSecretJwt(input: {
  teamId: string;
  keyId: string;
  clientId: string;
  key: ReturnType<typeof createPrivateKey>;
  now: Date;
}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const iat = Math.floor(input.now.getTime() / 1000);
  const signingInput = `${encode({ alg: "ES256", kid: input.keyId })}.${encode({
    iss: input.teamId,
    iat,
    exp: iat + 10 * 60,
    aud: "https://appleid.apple.com",
    sub: input.clientId,
  })}`;
  const signature = sign("sha256", Buffer.from(signingInput), { key: input.key, dsaEncoding: "ieee-p1363" });
  return `${signingInput}.${signature.toString("base64url")}`;
}
