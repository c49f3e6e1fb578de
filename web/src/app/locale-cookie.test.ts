import { describe, expect, it } from "vitest";
import { headLinks } from "./head";
import { acceptLanguageTags, decideLocale, firstSupportedLocale, parseLocaleCookie } from "./locale-cookie";

const url = (path: string) => new URL(path, "https://brevia.test");

describe("the language of a page request", () => {
  it("reads Accept-Language by preference and finds the first language Brevia speaks", () => {
    expect(acceptLanguageTags("fr-FR,fr;q=0.9,es;q=0.8,en;q=0.85")).toEqual(["fr-FR", "fr", "en", "es"]);
    expect(acceptLanguageTags("en;q=0, es")).toEqual(["es"]);
    expect(firstSupportedLocale(acceptLanguageTags("fr-FR,es-MX;q=0.5"))).toBe("es");
    expect(firstSupportedLocale(acceptLanguageTags(undefined))).toBeNull();
  });

  it("reads the remembered language from a Cookie header", () => {
    expect(parseLocaleCookie("a=1; i18n_redirected=es; b=2")).toBe("es");
    expect(parseLocaleCookie("i18n_redirected=fr")).toBeNull();
    expect(parseLocaleCookie(undefined)).toBeNull();
  });

  it("redirects a first visit to the browser's language, and lets the cookie win afterwards", () => {
    expect(decideLocale({ locale: "pt", url: url("/microbook/walden?x=1"), remembered: null, preferred: "en" })).toEqual({
      redirectTo: "/en/microbook/walden?x=1",
      remember: "en",
    });
    expect(decideLocale({ locale: "pt", url: url("/"), remembered: null, preferred: "pt" })).toEqual({ redirectTo: null, remember: "pt" });
    expect(decideLocale({ locale: "pt", url: url("/"), remembered: "pt", preferred: "es" })).toEqual({ redirectTo: null, remember: null });
    expect(decideLocale({ locale: "pt", url: url("/"), remembered: "es", preferred: "pt" }).redirectTo).toBe("/es");
    // A Portuguese link followed by a reader who chose English: shown in Portuguese, as linked.
    expect(decideLocale({ locale: "pt", url: url("/microbook/walden"), remembered: "en", preferred: "en" })).toEqual({
      redirectTo: null,
      remember: "pt",
    });
    expect(decideLocale({ locale: "es", url: url("/es"), remembered: "en", preferred: "en" })).toEqual({
      redirectTo: null,
      remember: "es",
    });
  });

  it("links a page to its versions in every language", () => {
    expect(headLinks("https://brevia.test", "/es/microbook/walden")).toEqual({
      canonical: "https://brevia.test/es/microbook/walden",
      alternates: [
        { hreflang: "pt", href: "https://brevia.test/microbook/walden" },
        { hreflang: "en", href: "https://brevia.test/en/microbook/walden" },
        { hreflang: "es", href: "https://brevia.test/es/microbook/walden" },
        { hreflang: "x-default", href: "https://brevia.test/microbook/walden" },
      ],
    });
  });
});
