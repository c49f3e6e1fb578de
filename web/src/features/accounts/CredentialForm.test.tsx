import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorMessage } from "../../app/errors/error-messages";
import { Component as ForgotPasswordPage } from "../../routes/forgot-password/ForgotPasswordPage";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { testI18n, withI18n } from "../../test/render";
import { CredentialForm } from "./CredentialForm";

describe("/forgot-password", () => {
  it.each([
    ["en", "/en/forgot-password", "Email", "Send link", "If the email exists on our database, you'll receive an email to continue."],
    [
      "pt",
      "/forgot-password",
      "E-mail",
      "Enviar link",
      "Se o e-mail existir em nossa base de dados, você receberá um e-mail para continuar.",
    ],
    [
      "es",
      "/es/forgot-password",
      "Correo electrónico",
      "Enviar enlace",
      "Si el correo electrónico existe en nuestra base de datos, recibirás un correo para continuar.",
    ],
  ] as const)(
    "says the spec's answer to any well-formed request (%s), and the registry's message for an invalid email",
    async (locale, path, email, send, said) => {
      const user = userEvent.setup();
      const apollo = mockApollo({
        RequestPasswordReset: ({ email }) =>
          email === "ana@example.com"
            ? { requestPasswordReset: { __typename: "PasswordResetRequested" } }
            : {
                requestPasswordReset: {
                  __typename: "InvalidInputError",
                  code: "INVALID_INPUT",
                  issues: [{ __typename: "InputIssue", path: ["email"], code: "INVALID_EMAIL" }],
                },
              },
      });
      renderWithApi(apollo, [{ path, Component: ForgotPasswordPage }], { path, locale });
      await user.type(await screen.findByLabelText(email), "ana@");
      await user.click(screen.getByRole("button", { name: send }));
      const invalid = errorMessage(testI18n(locale), "INVALID_EMAIL");
      expect(await screen.findByText(invalid)).toBeTruthy();
      await user.type(screen.getByLabelText(email), "example.com");
      await user.click(screen.getByRole("button", { name: send }));
      expect((await screen.findByText(said)).getAttribute("role")).toBe("status");
      expect(screen.queryByText(invalid)).toBeNull();
    },
  );
});

describe("CredentialForm", () => {
  it("labels its fields, ties an error to its field, focuses it, and clears passwords once done", async () => {
    const user = userEvent.setup();
    const answers = [{ passwordConfirmation: "The passwords are different." }, null];
    const submitted: Record<string, string>[] = [];
    render(
      withI18n(
        <CredentialForm
          fields={[
            { name: "password", label: "New password", type: "password", autoComplete: "new-password" },
            { name: "passwordConfirmation", label: "Confirm new password", type: "password", autoComplete: "new-password" },
          ]}
          submitLabel="Save"
          notice={null}
          onSubmit={async (values) => {
            submitted.push(values);
            return answers.shift() ?? null;
          }}
        />,
      ),
    );
    await user.type(screen.getByLabelText("New password"), "a new secret");
    await user.type(screen.getByLabelText("Confirm new password"), "a new secrets{Enter}");
    const confirmation = screen.getByLabelText("Confirm new password");
    expect(await screen.findByText("The passwords are different.")).toBeTruthy();
    expect(confirmation.getAttribute("aria-invalid")).toBe("true");
    expect(confirmation.getAttribute("aria-describedby")).toBe(screen.getByText("The passwords are different.").id);
    expect(document.activeElement).toBe(confirmation);
    expect(submitted).toEqual([{ password: "a new secret", passwordConfirmation: "a new secrets" }]);

    await user.clear(confirmation);
    await user.type(confirmation, "a new secret");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expect.poll(() => screen.queryByText("The passwords are different.")).toBeNull();
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe("");
    expect(submitted).toHaveLength(2);
  });
});
