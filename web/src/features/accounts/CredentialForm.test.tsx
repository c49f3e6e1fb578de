import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testI18n, withI18n } from "../../test/render";
import { loadPageCatalogue } from "../../app/page-catalogues";
import { CredentialForm } from "./CredentialForm";
import { credentialErrorsOf, RESET_REQUESTED } from "./credential-messages";

describe("the credential pages' messages", () => {
  it("say the spec's messages verbatim in English and translated in pt and es, from their own catalogue", async () => {
    const expected = {
      en: [
        "The passwords are different.",
        "An error ocurred while reseting your password.",
        "If the email exists on our database, you'll receive an email to continue.",
      ],
      pt: [
        "As senhas são diferentes.",
        "Ocorreu um erro ao redefinir sua senha.",
        "Se o e-mail existir em nossa base de dados, você receberá um e-mail para continuar.",
      ],
      es: [
        "Las contraseñas son diferentes.",
        "Ocurrió un error al restablecer tu contraseña.",
        "Si el correo electrónico existe en nuestra base de datos, recibirás un correo para continuar.",
      ],
    } as const;
    for (const [locale, [different, failed, requested]] of Object.entries(expected) as [keyof typeof expected, readonly string[]][]) {
      const i18n = testI18n(locale);
      await loadPageCatalogue(i18n, "credentials", locale);
      const fields = ["password", "passwordConfirmation"];
      const invalid = { __typename: "InvalidInputError", issues: [{ path: ["passwordConfirmation"], code: "PASSWORDS_DIFFERENT" }] };
      expect(credentialErrorsOf(i18n, invalid, fields)).toEqual({ passwordConfirmation: different });
      expect(credentialErrorsOf(i18n, { __typename: "PasswordResetFailedError" }, fields)).toEqual({ form: failed });
      expect(i18n._(RESET_REQUESTED)).toBe(requested);
      expect(credentialErrorsOf(i18n, { __typename: "PasswordResetDone" }, fields)).toBeNull();
    }
  });

  it("puts an issue on a field the form does not have on the form", async () => {
    const i18n = testI18n("en");
    await loadPageCatalogue(i18n, "credentials", "en");
    const issue = { __typename: "InvalidInputError", issues: [{ path: ["newEmail"], code: "NOTHING_TO_UPDATE" }] };
    expect(credentialErrorsOf(i18n, issue, ["password"])).toEqual({ form: "Enter a new email or a new password." });
  });
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
