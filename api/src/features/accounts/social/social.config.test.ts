import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appleFirstLoginName, profileOf } from "./social.client.js";
import { appleClientSecretJwt, loadSocialLoginConfig } from "./social.config.js";

describe("loadSocialLoginConfig", () => {
  it("turns on only the providers whose client id and secret are set, with the real providers' defaults", () => {
    expect(loadSocialLoginConfig({})).toEqual([]);
    expect(loadSocialLoginConfig({ OAUTH_GOOGLE_CLIENT_ID: "id-only" })).toEqual([]);
    const providers = loadSocialLoginConfig({
      OAUTH_GOOGLE_CLIENT_ID: "g",
      OAUTH_GOOGLE_CLIENT_SECRET: "gs",
      OAUTH_FACEBOOK_CLIENT_ID: "f",
      OAUTH_FACEBOOK_CLIENT_SECRET: "fs",
    });
    expect(providers.map((p) => p.name)).toEqual(["google", "facebook"]);
    expect(providers[0]).toMatchObject({ protocol: "oidc", issuer: "https://accounts.google.com", responseMode: "query", userinfo: true });
    expect(providers[0]!.clientSecret()).toBe("gs");
    expect(providers[1]).toMatchObject({
      protocol: "oauth2",
      userinfoUrl: "https://graph.facebook.com/v21.0/me?fields=id,name,email",
      scope: "email public_profile",
    });
  });

  it("refuses a URL that is not http(s)", () => {
    expect(() =>
      loadSocialLoginConfig({ OAUTH_GOOGLE_CLIENT_ID: "g", OAUTH_GOOGLE_CLIENT_SECRET: "s", OAUTH_GOOGLE_ISSUER: "ftp://example.com" }),
    ).toThrow(/not an http\(s\) URL/);
  });

  it("signs Apple's client secret (ES256 JWT) with the developer key, fresh for each use", () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const [apple] = loadSocialLoginConfig({
      OAUTH_APPLE_CLIENT_ID: "com.brevia.web",
      OAUTH_APPLE_TEAM_ID: "TEAM123",
      OAUTH_APPLE_KEY_ID: "KEY456",
      OAUTH_APPLE_PRIVATE_KEY: pem.replace(/\n/g, "\\n"),
    });
    expect(apple).toMatchObject({
      name: "apple",
      protocol: "oidc",
      responseMode: "form_post",
      userinfo: false,
      issuer: "https://appleid.apple.com",
    });
    const jwt = apple!.clientSecret();
    const [header, payload, signature] = jwt.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ alg: "ES256", kid: "KEY456" });
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: "TEAM123", sub: "com.brevia.web", aud: "https://appleid.apple.com" });
    expect((claims.exp as number) - (claims.iat as number)).toBe(600);
    const valid = verify(
      "sha256",
      Buffer.from(`${header}.${payload}`),
      { key: createPublicKey(privateKey), dsaEncoding: "ieee-p1363" },
      Buffer.from(signature!, "base64url"),
    );
    expect(valid).toBe(true);
    const later = appleClientSecretJwt({ teamId: "T", keyId: "K", clientId: "c", key: privateKey, now: new Date(Date.now() + 60_000) });
    expect(later).not.toBe(jwt);
  });
});

describe("profiles", () => {
  it('count an email as verified only when the provider says so (Apple says "true")', () => {
    expect(profileOf({ email: "A@Example.com", email_verified: true }, "s")).toMatchObject({ email: "a@example.com", emailVerified: true });
    expect(profileOf({ email: "a@example.com", email_verified: "true" }, "s").emailVerified).toBe(true);
    expect(profileOf({ email: "a@example.com", email_verified: "false" }, "s").emailVerified).toBe(false);
    expect(profileOf({ email: "a@example.com" }, "s").emailVerified).toBe(false);
    expect(profileOf({ email: "not an email", email_verified: true }, "s")).toMatchObject({ email: null, emailVerified: false });
    expect(profileOf({ given_name: "Ada", family_name: "Lovelace", name: "Ada L." }, "s")).toMatchObject({
      name: "Ada",
      surname: "Lovelace",
    });
    expect(profileOf({ name: "Grace Hopper" }, "s")).toMatchObject({ name: "Grace Hopper", surname: null });
  });

  it("read Apple's first-login name, and nothing from a malformed field", () => {
    expect(appleFirstLoginName('{"name":{"firstName":"Ada","lastName":"Byron"},"email":"a@b.c"}')).toEqual({
      name: "Ada",
      surname: "Byron",
    });
    expect(appleFirstLoginName('{"name":{"firstName":" "}}')).toBeNull();
    expect(appleFirstLoginName("not json")).toBeNull();
    expect(appleFirstLoginName("null")).toBeNull();
    expect(appleFirstLoginName(null)).toBeNull();
  });
});
