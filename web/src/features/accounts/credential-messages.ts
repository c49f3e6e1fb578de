import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { MESSAGES, rateLimitedMessage } from "./auth-messages";

/** The email and password forms' messages by the API's codes (the spec's texts verbatim, §5 and §8). */
export const CREDENTIAL_MESSAGES = {
  ...MESSAGES,
  PASSWORDS_DIFFERENT: msg`The passwords are different.`,
  PASSWORD_RESET_FAILED: msg`An error ocurred while reseting your password.`,
  CURRENT_PASSWORD_REQUIRED: msg`Changing email or password requires the current password.`,
  WRONG_PASSWORD: msg`Your current password is not correct.`,
  NOTHING_TO_UPDATE: msg`Enter a new email or a new password.`,
  EMAIL_CHANGE_FAILED: msg`This link is invalid or has expired.`,
  EMAIL_TAKEN: msg`An account with this email already exists.`,
} satisfies Record<string, MessageDescriptor>;

export const RESET_REQUESTED = msg`If the email exists on our database, you'll receive an email to continue.`;

/** The typed errors these forms meet, by type name (the documents select no more than __typename). */
const ERROR_CODES: Record<string, keyof typeof CREDENTIAL_MESSAGES> = {
  PasswordResetFailedError: "PASSWORD_RESET_FAILED",
  WrongPasswordError: "WRONG_PASSWORD",
  EmailTakenError: "EMAIL_TAKEN",
  EmailChangeFailedError: "EMAIL_CHANGE_FAILED",
};

export type CredentialErrors = Record<string, string>;

type Answer =
  | { __typename: "InvalidInputError"; issues: readonly { path: readonly string[]; code: string }[] }
  | { __typename: "RateLimitedError"; retryAfterSeconds: number }
  | { __typename: string };

/**
 * The messages of a typed error answer, per field (by the issue's path) or for the whole form
 * (`form`); null when the answer is a success (none of the error types).
 */
export function credentialErrorsOf(i18n: I18n, answer: Answer, fields: readonly string[]): CredentialErrors | null {
  const say = (code: string | undefined) =>
    i18n._(CREDENTIAL_MESSAGES[code as keyof typeof CREDENTIAL_MESSAGES] ?? CREDENTIAL_MESSAGES.UNEXPECTED);
  if ("issues" in answer) {
    const errors: CredentialErrors = {};
    for (const issue of answer.issues) {
      const field = issue.path.at(-1);
      const key = field && fields.includes(field) ? field : "form";
      errors[key] ??= say(issue.code);
    }
    return errors;
  }
  if ("retryAfterSeconds" in answer) return { form: rateLimitedMessage(i18n, answer.retryAfterSeconds) };
  if (answer.__typename in ERROR_CODES) return { form: say(ERROR_CODES[answer.__typename]) };
  return null;
}
