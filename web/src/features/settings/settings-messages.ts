import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";

/** The settings forms' messages, by the API's codes (spec §8: "Please enter a valid email address"). */
export const SETTINGS_ERRORS = {
  REQUIRED: msg`Please fill this in.`,
  TOO_LONG: msg`This is too long: at most 80 characters.`,
  INVALID_EMAIL: msg`Please enter a valid email address`,
  NOT_KINDLE_EMAIL: msg`Please enter your Send-to-Kindle address: it ends in @kindle.com.`,
  NOTHING_TO_UPDATE: msg`Nothing to save: change something first.`,
  WRONG_PASSWORD: msg`That password is not right.`,
  WRONG_CONFIRMATION_EMAIL: msg`That is not your account's email address.`,
  PASSWORD_OR_EMAIL: msg`Please fill this in.`,
  UNEXPECTED: msg`Something went wrong. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

export type SettingsField = "name" | "surname" | "kindleEmail" | "password" | "email";
export type SettingsErrors = Partial<Record<SettingsField | "form", string>>;

/** Per-field messages of an InvalidInputError's issues (the field is the issue's path). */
export function settingsErrorsOf(i18n: I18n, issues: readonly { path: readonly string[]; code: string }[]): SettingsErrors {
  const errors: SettingsErrors = {};
  for (const issue of issues) {
    const field = (issue.path.at(-1) ?? "form") as SettingsField | "form";
    const message = SETTINGS_ERRORS[issue.code as keyof typeof SETTINGS_ERRORS] ?? SETTINGS_ERRORS.UNEXPECTED;
    errors[field] ??= i18n._(message);
  }
  return errors;
}
