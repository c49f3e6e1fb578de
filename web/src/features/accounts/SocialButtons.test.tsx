import { ApolloClient, ApolloLink } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { of } from "rxjs";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { Locale } from "@brevia/routes";
import { createApolloCache } from "../../app/apollo";
import { testI18n } from "../../test/render";
import { SocialButtons } from "./SocialButtons";

/** The buttons on a page at `path`, with the server configured for `providers`. */
function renderButtons(path: string, providers: string[], locale: Locale = "en") {
  const client = new ApolloClient({
    cache: createApolloCache(),
    link: new ApolloLink(() => of({ data: { socialLoginProviders: providers } })),
  });
  const router = createMemoryRouter([{ path: "*", element: <SocialButtons /> }], { initialEntries: [path] });
  return render(
    <ApolloProvider client={client}>
      <I18nProvider i18n={testI18n(locale)}>
        <RouterProvider router={router} />
      </I18nProvider>
    </ApolloProvider>,
  );
}

describe("SocialButtons", () => {
  it("shows a link for each configured provider only, to the server's /auth/<provider> in the page's language", async () => {
    renderButtons("/en/login", ["APPLE", "GOOGLE"]);
    const apple = await screen.findByRole("link", { name: "Continue with Apple" });
    expect(apple.getAttribute("href")).toBe("/auth/apple?locale=en");
    expect(screen.getByRole("link", { name: "Continue with Google" }).getAttribute("href")).toBe("/auth/google?locale=en");
    expect(screen.queryByRole("link", { name: /Facebook/ })).toBeNull();
    expect(screen.getByRole("list", { name: "Other ways to sign in" })).toBeTruthy();
  });

  it("shows nothing but the (empty) message area when no provider is configured", async () => {
    const { container } = renderButtons("/login", []);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.querySelectorAll("a")).toHaveLength(0);
    expect(screen.queryByText(/or use your email/)).toBeNull();
  });

  it.each([
    ["en", "/en/login?social_error=EMAIL_NOT_VERIFIED&provider=google", /^Google has not verified your email address/],
    ["pt", "/login?social_error=CANCELLED&provider=apple", "Você cancelou o login com Apple."],
    [
      "pt",
      "/login?social_error=ACCOUNT_EMAIL_UNPROVEN&provider=google",
      /^Já existe uma conta com este endereço de e-mail.*vinculá-la ao Google/,
    ],
    [
      "es",
      "/es/login?social_error=STATE_MISMATCH&provider=google",
      "Este inicio de sesión caducó o se inició en otra ventana. Inténtalo de nuevo.",
    ],
    ["en", "/en/login?social_error=SOMETHING_ELSE&provider=google", "Something went wrong. Please try again."],
  ] as const)("tells why the last social sign-in did not happen (%s: %s), focused", async (locale, path, message) => {
    renderButtons(path, ["GOOGLE"], locale);
    const alert = await screen.findByRole("alert");
    await expect.poll(() => alert.textContent).toMatch(message);
    expect(document.activeElement).toBe(alert);
  });
});
