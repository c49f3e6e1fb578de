import { buildSchema, isInterfaceType } from "graphql";
import { describe, expect, it } from "vitest";
import schemaText from "../../../../schema.graphql?raw";
import { testI18n } from "../../test/render";
import type { Locale } from "@brevia/routes";
import { errorMessage, errorMessages, errorOf, formErrorsOf, isError } from "./error-messages";

const UNEXPECTED = "Something went wrong. Please try again.";
const en = testI18n("en");

describe("the error registry", () => {
  it("says the spec's messages (§5, §8) as written in English, translated in pt and es", () => {
    const codes = ["INVALID_CREDENTIALS", "INVALID_EMAIL", "PASSWORDS_DIFFERENT", "PASSWORD_RESET_FAILED"] as const;
    const expected: Record<Locale, string[]> = {
      en: [
        "Please enter a valid email and password",
        "Please enter a valid email address",
        "The passwords are different.",
        "An error ocurred while reseting your password.",
      ],
      pt: [
        "Por favor, insira um e-mail e uma senha válidos",
        "Por favor, insira um endereço de e-mail válido",
        "As senhas são diferentes.",
        "Ocorreu um erro ao redefinir sua senha.",
      ],
      es: [
        "Por favor, ingresa un correo electrónico y una contraseña válidos",
        "Por favor, ingresa una dirección de correo electrónico válida",
        "Las contraseñas son diferentes.",
        "Ocurrió un error al restablecer tu contraseña.",
      ],
    };
    for (const [locale, messages] of Object.entries(expected) as [Locale, string[]][]) {
      const i18n = testI18n(locale);
      expect(codes.map((code) => errorMessage(i18n, code))).toEqual(messages);
    }
  });

  it("has a message, in pt, en and es, for the code of every typed error in schema.graphql", () => {
    const schema = buildSchema(schemaText);
    const errorInterface = schema.getType("Error");
    if (!isInterfaceType(errorInterface)) throw new Error("schema.graphql has no Error interface");
    // Each error type's description starts with its code ("EMAIL_TAKEN: …"); InvalidInputError says its issues instead.
    const codes = schema
      .getPossibleTypes(errorInterface)
      .map((type) => /^([A-Z_]+):/.exec(type.description ?? "")?.[1])
      .filter((code): code is string => Boolean(code));
    expect(codes.length).toBeGreaterThanOrEqual(10);
    for (const locale of ["pt", "en", "es"] as const) {
      const i18n = testI18n(locale);
      const unexpected = errorMessage(i18n, "UNEXPECTED");
      for (const code of codes) expect(errorMessage(i18n, code, { retryAfterSeconds: 60 }), `${locale}: ${code}`).not.toBe(unexpected);
    }
  });

  it("has a message for every input issue code and social sign-in code the API sends", () => {
    // api/src/features/*/…validation.ts, onboarding.schema.ts, reading-state.schema.ts; social.route.ts.
    const issues = [
      "INVALID_EMAIL",
      "TOO_SHORT",
      "TOO_LONG",
      "COMMON_PASSWORD",
      "PASSWORDS_DIFFERENT",
      "CURRENT_PASSWORD_REQUIRED",
      "NOTHING_TO_UPDATE",
      "REQUIRED",
      "NOT_KINDLE_EMAIL",
      "PASSWORD_OR_EMAIL",
      "TOO_FEW_BOOKS",
      "TOO_MANY",
      "UNKNOWN_BOOK",
      "NOT_AN_OPTION",
      "OUT_OF_RANGE",
    ];
    const social = ["CANCELLED", "STATE_MISMATCH", "PROVIDER_ERROR", "EMAIL_NOT_VERIFIED", "ACCOUNT_EMAIL_UNPROVEN", "EMAIL_MISSING"];
    for (const code of [...issues, ...social]) expect(errorMessage(en, code, { provider: "Google" }), code).not.toBe(UNEXPECTED);
  });

  it("words an issue for its field where that says more, and says one text per code otherwise", () => {
    expect(errorMessage(en, "TOO_SHORT", { field: "password" })).toBe("Your password must have at least 6 characters.");
    expect(errorMessage(en, "TOO_LONG", { field: "surname" })).toBe("This is too long: at most 80 characters.");
    expect(errorMessage(en, "TOO_LONG")).toBe("This is too long.");
    expect(errorMessage(en, "NOTHING_TO_UPDATE", { field: "newEmail" })).toBe("Enter a new email or a new password.");
    expect(errorMessage(en, "NOTHING_TO_UPDATE")).toBe("Nothing to save: change something first.");
    // Three forms said WRONG_PASSWORD three ways; now one.
    expect(errorMessage(en, "WRONG_PASSWORD")).toBe("Your current password is not correct.");
    expect(errorMessage(en, "WRONG_PASSWORD", { field: "password" })).toBe("Your current password is not correct.");
    expect(errorMessage(testI18n("pt"), "MICROBOOK_LOCKED")).toBe("Este microbook é para assinantes Premium.");
  });

  it("says the wait of RATE_LIMITED, the provider of a social sign-in's, and nothing it does not know", () => {
    expect(errorMessage(en, "RATE_LIMITED", { retryAfterSeconds: 30 })).toBe("Too many attempts. Please try again in 1 minute.");
    expect(errorMessage(testI18n("es"), "RATE_LIMITED", { retryAfterSeconds: 150 })).toMatch(/3 minutos/);
    expect(errorMessage(en, "CANCELLED", { provider: "Apple" })).toBe("You cancelled signing in with Apple.");
    expect(errorMessage(en, "CANCELLED")).toBe(UNEXPECTED);
    expect(errorMessage(en, "SOMETHING_NEW")).toBe(UNEXPECTED);
    expect(errorMessage(en, "toString")).toBe(UNEXPECTED);
    expect(errorMessage(en, null)).toBe(UNEXPECTED);
  });
});

describe("a mutation's answer as a form shows it", () => {
  const invalid = {
    __typename: "InvalidInputError",
    code: "INVALID_INPUT",
    issues: [
      { path: ["password"], code: "TOO_SHORT" },
      { path: ["password"], code: "COMMON_PASSWORD" },
      { path: ["newEmail"], code: "NOTHING_TO_UPDATE" },
    ],
  };

  it("puts each issue beside its field (the first per field), an issue of a field the form lacks on the form", () => {
    expect(errorMessages(en, invalid, ["password"])).toEqual({
      password: "Your password must have at least 6 characters.",
      form: "Enter a new email or a new password.",
    });
  });

  it("says any other typed error for the whole form, and nothing for a success", () => {
    const fields = ["password", "passwordConfirmation"];
    const failed = { __typename: "PasswordResetFailedError", code: "PASSWORD_RESET_FAILED" };
    const limited = { __typename: "RateLimitedError", code: "RATE_LIMITED", retryAfterSeconds: 600 };
    expect(formErrorsOf(en, failed, fields)).toEqual({ form: "An error ocurred while reseting your password." });
    expect(formErrorsOf(en, limited, fields)).toEqual({ form: "Too many attempts. Please try again in 10 minutes." });
    expect(formErrorsOf(en, { __typename: "PasswordResetDone" }, fields)).toBeNull();
    expect(errorOf(en, invalid)).toBe("Your password must have at least 6 characters.");
    expect(errorOf(en, { __typename: "Onboarding" })).toBeNull();
  });

  it("knows an error by its type implementing Error (possibleTypes), whatever the mutation", () => {
    expect(isError({ __typename: "MicrobookLockedError" })).toBe(true);
    expect(isError({ __typename: "SessionNotFoundError" })).toBe(true);
    expect(isError({ __typename: "Microbook" })).toBe(false);
  });
});
