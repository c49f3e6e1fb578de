import { msg, plural } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";

/** The spec's messages (§5, §8) and the rest of the forms' messages, by the API's codes. */
export const MESSAGES = {
  INVALID_EMAIL: msg`Please enter a valid email address`,
  INVALID_CREDENTIALS: msg`Please enter a valid email and password`,
  TOO_SHORT: msg`Your password must have at least 6 characters.`,
  TOO_LONG: msg`Your password is too long.`,
  COMMON_PASSWORD: msg`This password is too common. Please choose another one.`,
  EMAIL_TAKEN: msg`An account with this email already exists. Log in instead.`,
  UNEXPECTED: msg`Something went wrong. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

export type FieldName = "email" | "password";
export type FormErrors = Partial<Record<FieldName | "form", string>>;

/** "Too many attempts. Please try again in 3 minutes.", in the reader's language. */
export function rateLimitedMessage(i18n: I18n, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return i18n._(
    plural(minutes, {
      one: "Too many attempts. Please try again in # minute.",
      other: "Too many attempts. Please try again in # minutes.",
    }),
  );
}

type AuthAnswer =
  | { __typename: "AuthSession" }
  | { __typename: "InvalidInputError"; issues: readonly { path: readonly string[]; code: string }[] }
  | { __typename: "RateLimitedError"; retryAfterSeconds: number }
  | { __typename: string; code?: string };

/** The messages a sign-up or log-in answer shows, per field or for the whole form; {} on success. */
export function errorsOf(i18n: I18n, answer: AuthAnswer): FormErrors {
  if (answer.__typename === "AuthSession") return {};
  if ("issues" in answer) {
    const errors: FormErrors = {};
    for (const issue of answer.issues) {
      const field = issue.path.at(-1) === "password" ? "password" : "email";
      const message = MESSAGES[issue.code as keyof typeof MESSAGES] ?? MESSAGES.UNEXPECTED;
      errors[field] ??= i18n._(message);
    }
    return errors;
  }
  if ("retryAfterSeconds" in answer) return { form: rateLimitedMessage(i18n, answer.retryAfterSeconds) };
  const code = "code" in answer ? answer.code : undefined;
  return { form: i18n._(MESSAGES[code as keyof typeof MESSAGES] ?? MESSAGES.UNEXPECTED) };
}
