import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { readLocaleCookie } from "../../app/locale-cookie";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { DeleteAccount } from "./DeleteAccount";
import { LanguageForm } from "./LanguageForm";
import { ProfileForm } from "./ProfileForm";

const issue = (path: string, code: string) => ({ __typename: "InputIssue", path: [path], code });
const saved = (variables: Record<string, unknown>) => ({
  updateSettings: {
    __typename: "Viewer",
    id: "reader",
    name: "Ana",
    surname: "",
    kindleEmail: null,
    interfaceLanguage: "es",
    contentLanguage: "en",
    ...variables,
  },
});

describe("the profile form", () => {
  it("shows the API's message beside the field, marks it invalid and focuses it; saves once fixed", async () => {
    const user = userEvent.setup();
    const apollo = mockApollo({
      UpdateSettings: (variables) =>
        String(variables.kindleEmail).endsWith("@kindle.com")
          ? saved(variables)
          : { updateSettings: { __typename: "InvalidInputError", issues: [issue("kindleEmail", "NOT_KINDLE_EMAIL")] } },
    });
    renderWithApi(apollo, [{ path: "/en/settings", element: <ProfileForm viewer={{ name: "Ana", surname: "", kindleEmail: null }} /> }], {
      path: "/en/settings",
    });
    const kindle = await screen.findByLabelText("Kindle email");
    await user.type(kindle, "ana@gmail.com");
    await user.click(screen.getByRole("button", { name: "Save profile" }));
    await waitFor(() => expect(kindle.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Please enter your Send-to-Kindle address: it ends in @kindle.com.")).toBeTruthy();
    expect(document.activeElement).toBe(kindle);

    await user.clear(kindle);
    await user.type(kindle, "ana@kindle.com{Enter}");
    expect(await screen.findByText("Your profile is saved.")).toBeTruthy();
    expect(apollo.operations.at(-1)?.variables).toEqual({ name: "Ana", surname: "", kindleEmail: "ana@kindle.com" });
  });
});

describe("the language form", () => {
  it("saves both languages and switches the interface: the locale cookie and the page's address follow", async () => {
    const user = userEvent.setup();
    const apollo = mockApollo({ UpdateSettings: saved });
    const { router } = renderWithApi(
      apollo,
      [
        { path: "/en/settings", element: <LanguageForm viewer={{ contentLanguage: "en" }} /> },
        { path: "/es/settings", element: <h1>Ajustes</h1> },
      ],
      { path: "/en/settings" },
    );
    await user.selectOptions(await screen.findByLabelText("Interface language"), "es");
    await user.selectOptions(screen.getByLabelText("Content language"), "pt");
    await user.click(screen.getByRole("button", { name: "Save languages" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/es/settings"));
    expect(readLocaleCookie()).toBe("es");
    expect(apollo.operations.at(-1)?.variables).toEqual({ interfaceLanguage: "es", contentLanguage: "pt" });
  });
});

describe("deleting the account", () => {
  it("refuses a wrong password with a message and the focus on the field; with the right one, lands home signed out", async () => {
    const user = userEvent.setup();
    const apollo = mockApollo({
      DeleteAccount: (variables) =>
        variables.password === "a quiet reading hour"
          ? { deleteAccount: { __typename: "AccountDeleted" } }
          : { deleteAccount: { __typename: "WrongPasswordError", code: "WRONG_PASSWORD" } },
    });
    const { router } = renderWithApi(
      apollo,
      [
        { path: "/pt/settings", element: <DeleteAccount viewer={{ hasPassword: true }} /> },
        { path: "/", element: <h1>Início</h1> },
      ],
      { path: "/pt/settings", locale: "pt" },
    );
    const password = await screen.findByLabelText("Sua senha, para confirmar");
    await user.type(password, "guess{Enter}");
    // WRONG_PASSWORD says one text everywhere (the registry), the one that names which password.
    expect(await screen.findByText("Sua senha atual não está correta.")).toBeTruthy();
    expect(document.activeElement).toBe(password);
    expect(router.state.location.pathname).toBe("/pt/settings");

    await user.clear(password);
    await user.type(password, "a quiet reading hour");
    await user.click(screen.getByRole("button", { name: "Excluir minha conta" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByText("Sua conta e seus dados foram excluídos.")).toBeTruthy();
    expect(apollo.operations.at(-1)?.variables).toEqual({ password: "a quiet reading hour" });
    expect(screen.queryByLabelText("Digite seu endereço de e-mail para confirmar")).toBeNull();
  });

  it("asks an account without a password (social login) for its email: another address is refused, its own deletes it", async () => {
    const user = userEvent.setup();
    const apollo = mockApollo({
      DeleteAccount: (variables) =>
        variables.email === "ana@example.com"
          ? { deleteAccount: { __typename: "AccountDeleted" } }
          : { deleteAccount: { __typename: "WrongConfirmationEmailError", code: "WRONG_CONFIRMATION_EMAIL" } },
    });
    const { router } = renderWithApi(
      apollo,
      [
        { path: "/es/settings", element: <DeleteAccount viewer={{ hasPassword: false }} /> },
        { path: "/es", element: <h1>Inicio</h1> },
      ],
      { path: "/es/settings", locale: "es" },
    );
    const email = await screen.findByLabelText("Escribe tu dirección de correo electrónico para confirmar");
    expect(email.getAttribute("type")).toBe("email");
    expect(screen.queryByLabelText("Tu contraseña, para confirmar")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Eliminar mi cuenta" }));
    expect(await screen.findByText("Por favor, ingresa tu dirección de correo electrónico.")).toBeTruthy();
    expect(apollo.operations).toEqual([]);

    await user.type(email, "someone@example.com{Enter}");
    expect(await screen.findByText("Esa no es la dirección de correo electrónico de tu cuenta.")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(email);
    expect(router.state.location.pathname).toBe("/es/settings");

    await user.clear(email);
    await user.type(email, "ana@example.com{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/es"));
    expect(apollo.operations.at(-1)?.variables).toEqual({ email: "ana@example.com" });
  });
});
