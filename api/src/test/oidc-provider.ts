import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type ClientMetadata } from "oidc-provider";

/**
 * A real OpenID provider on loopback (oidc-provider, with its development login and consent forms)
 * for social login tests, configured like the providers Brevia talks to:
 * - `google`: code flow with PKCE and nonce, query response, profile from userinfo;
 * - `facebook`: its endpoints stand for Facebook's (plain OAuth 2), the email never said to be verified;
 * - `apple`: response_mode=form_post, email in the ID token and no name there; the name is posted
 *   beside the answer (`user` JSON) the first time an account signs in to that client, as Apple does.
 *
 * Whoever logs in with the development form is the account named by the login they type, an email:
 * verified, unless it starts with "unverified"; named after it ("ada.lovelace@…" is Ada Lovelace).
 */
export async function startTestOidcProvider(options: { redirectOrigin: string }) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const clients = {
    google: {
      client_id: "brevia-google",
      client_secret: "google-test-secret",
      redirect_uris: [`${options.redirectOrigin}/auth/google/callback`],
    },
    apple: {
      client_id: "brevia-apple",
      client_secret: "apple-test-secret",
      redirect_uris: [`${options.redirectOrigin}/auth/apple/callback`],
    },
    facebook: {
      client_id: "brevia-facebook",
      client_secret: "facebook-test-secret",
      redirect_uris: [`${options.redirectOrigin}/auth/facebook/callback`],
    },
  } satisfies Record<string, ClientMetadata>;

  const provider = new Provider(issuer, {
    clients: Object.values(clients).map((c) => ({
      ...c,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    findAccount: (ctx, accountId) => ({
      accountId,
      claims: () => {
        const claims = claimsOf(accountId);
        // Facebook's Graph API gives an email but never says whether it was verified.
        if (ctx.oidc.client?.clientId === clients.facebook.client_id) return { ...claims, email_verified: undefined };
        return claims;
      },
    }),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    scopes: ["openid", "email", "profile"],
    // Claims in the ID token too (Apple puts the email there and has no userinfo endpoint).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ["brevia-test-provider-cookies"] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });

  // Apple's first answer to a client carries the reader's name in a `user` form field.
  const namedOnce = new Set<string>();
  provider.use(async (ctx, next) => {
    await next();
    const accountId = ctx.oidc?.session?.accountId;
    const clientId = ctx.oidc?.client?.clientId;
    if (clientId !== clients.apple.client_id || !accountId || typeof ctx.body !== "string" || !ctx.body.includes('name="code"')) return;
    if (namedOnce.has(accountId)) return;
    namedOnce.add(accountId);
    const claims = claimsOf(accountId);
    const user = JSON.stringify({ name: { firstName: claims.given_name, lastName: claims.family_name }, email: claims.email });
    const escaped = user.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    ctx.body = ctx.body.replace("<noscript>", `<input type="hidden" name="user" value="${escaped}"/>\n<noscript>`);
  });

  const handle = provider.callback();
  server.on("request", (req, res) => void handle(req, res));
  return {
    issuer,
    clients,
    /** The env vars that point Brevia at this provider (Google and Apple). */
    env: {
      OAUTH_GOOGLE_CLIENT_ID: clients.google.client_id,
      OAUTH_GOOGLE_CLIENT_SECRET: clients.google.client_secret,
      OAUTH_GOOGLE_ISSUER: issuer,
      OAUTH_APPLE_CLIENT_ID: clients.apple.client_id,
      OAUTH_APPLE_CLIENT_SECRET: clients.apple.client_secret,
      OAUTH_APPLE_ISSUER: issuer,
      // Apple's own scope "name" is not OpenID's; here the name comes only in the posted `user` field.
      OAUTH_APPLE_SCOPE: "openid email",
    },
    /**
     * Brevia's Facebook (plain OAuth 2, configured endpoints) pointed here: this provider's authorization,
     * token and userinfo endpoints stand for Facebook's dialog, token and Graph `/me` (it needs "openid").
     */
    facebookEnv: {
      OAUTH_FACEBOOK_CLIENT_ID: clients.facebook.client_id,
      OAUTH_FACEBOOK_CLIENT_SECRET: clients.facebook.client_secret,
      OAUTH_FACEBOOK_AUTHORIZATION_URL: `${issuer}/auth`,
      OAUTH_FACEBOOK_TOKEN_URL: `${issuer}/token`,
      OAUTH_FACEBOOK_USERINFO_URL: `${issuer}/me`,
      OAUTH_FACEBOOK_SCOPE: "openid email profile",
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
export type TestOidcProvider = Awaited<ReturnType<typeof startTestOidcProvider>>;

/** The test provider's accounts: the login typed is the email; "ada.lovelace@…" is Ada Lovelace. */
function claimsOf(accountId: string) {
  const [first = "", last = ""] = (accountId.split("@")[0] ?? "").replace(/^unverified[.-]?/, "").split(/[.-]/);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return {
    sub: accountId,
    email: accountId,
    email_verified: !accountId.startsWith("unverified"),
    name: [cap(first), cap(last)].filter(Boolean).join(" "),
    given_name: cap(first),
    family_name: cap(last),
  };
}

/** A browser's cookies for one site, enough for the provider's forms (paths and expiry ignored). */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(setCookie: string[] | string | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** What the provider answered the app with: a redirect to the callback, or Apple's auto-posting form. */
export type ProviderAnswer = { method: "GET"; url: URL } | { method: "POST"; url: URL; form: Record<string, string> };

/**
 * Plays the reader at the provider over HTTP: follows its redirects, fills its development login
 * form with `login` (or aborts: the reader cancels) and its consent form, and stops at the answer
 * the provider sends back to the app's callback.
 */
export async function actAtProvider(
  startUrl: string,
  input: { login: string; cancel?: boolean; jar?: CookieJar },
): Promise<ProviderAnswer> {
  const jar = input.jar ?? new CookieJar();
  let url = new URL(startUrl);
  let method = "GET";
  let body: URLSearchParams | undefined;
  const issuerOrigin = url.origin;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== issuerOrigin) return { method: "GET", url };
    const res = await fetch(url, {
      method,
      body,
      redirect: "manual",
      headers: { cookie: jar.header(), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    });
    jar.store(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get("location")!, url);
      method = "GET";
      body = undefined;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`The provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    if (!action) throw new Error(`No form in the provider's page: ${html.slice(0, 300)}`);
    const inputs = Object.fromEntries(
      [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, decodeHtml(m[2]!)]),
    );
    const target = new URL(action, url);
    if (target.origin !== issuerOrigin) return { method: "POST", url: target, form: inputs };
    if (html.includes('name="login"')) {
      if (input.cancel) {
        const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
        if (!abort) throw new Error("No way to cancel on the provider's login page");
        url = new URL(abort, url);
        continue;
      }
      body = new URLSearchParams({ ...inputs, prompt: "login", login: input.login, password: "any password" });
    } else {
      body = new URLSearchParams({ ...inputs, prompt: inputs.prompt ?? "consent" });
    }
    url = target;
    method = "POST";
  }
  throw new Error("Too many hops at the provider");
}

function decodeHtml(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#34;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
