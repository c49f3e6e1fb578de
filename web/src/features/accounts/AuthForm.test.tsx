import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { readLocaleCookie, writeLocaleCookie } from "../../app/locale-cookie";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { AuthForm } from "./AuthForm";

const signedIn = (interfaceLanguage: string) => () => ({
  logIn: {
    __typename: "AuthSession",
    viewer: { __typename: "Viewer", id: "reader", email: "ana@example.com", name: "Ana", interfaceLanguage },
  },
});

/** The log-in page in English (this browser remembers English), and where the reader may land. */
function logInFromEnglish(interfaceLanguage: string, path = "/en/login") {
  writeLocaleCookie("en");
  const apollo = mockApollo({ LogIn: signedIn(interfaceLanguage) });
  const view = renderWithApi(
    apollo,
    [
      { path: "/en/login", element: <AuthForm mode="logIn" /> },
      { path: "/en", element: <h1>Home</h1> },
      { path: "/", element: <h1>Início</h1> },
      { path: "/es", element: <h1>Inicio</h1> },
      { path: "/es/settings", element: <h1>Ajustes</h1> },
    ],
    { path },
  );
  return { apollo, ...view };
}

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Email"), "ana@example.com");
  await user.type(screen.getByLabelText("Password"), "a quiet reading hour{Enter}");
}

describe("logging in", () => {
  it("switches to the language saved on the account, and this browser remembers it (another browser, another language)", async () => {
    const { router } = logInFromEnglish("es");
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/es"));
    expect(readLocaleCookie()).toBe("es");
  });

  it("goes on where the reader was going, in the account's language", async () => {
    const { router } = logInFromEnglish("es", `/en/login?next=${encodeURIComponent("/en/settings")}`);
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/es/settings"));
    expect(readLocaleCookie()).toBe("es");
  });

  it("to Portuguese, the unprefixed pages, remembered too (else the home page would send the reader back to English)", async () => {
    const { router } = logInFromEnglish("pt");
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(readLocaleCookie()).toBe("pt");
  });

  it("stays in the page's language when the account has the same", async () => {
    const { router } = logInFromEnglish("en");
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
    expect(readLocaleCookie()).toBe("en");
  });
});
