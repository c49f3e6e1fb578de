import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import possibleTypesResult from "../../gql/possible-types";

// THE web's error vocabulary: every code the API sends (a typed error's `code`, an input issue's `code`,
// a social sign-in's `social_error`) → one message, in the reader's language. Pages never write an
// error's text themselves; they ask here. The spec's messages (§5, §8) are used as written in English.

const MESSAGES = {
  // Typed errors (the types implementing Error in schema.graphql).
  INVALID_CREDENTIALS: msg`Please enter a valid email and password`,
  EMAIL_TAKEN: msg`An account with this email already exists.`,
  WRONG_PASSWORD: msg`Your current password is not correct.`,
  WRONG_CONFIRMATION_EMAIL: msg`That is not your account's email address.`,
  PASSWORD_RESET_FAILED: msg`An error ocurred while reseting your password.`,
  EMAIL_CHANGE_FAILED: msg`This link is invalid or has expired.`,
  SESSION_NOT_FOUND: msg`That device was already signed out.`,
  MICROBOOK_NOT_FOUND: msg`This microbook is no longer available.`,
  MICROBOOK_LOCKED: msg`This microbook is for Premium subscribers.`,
  // Commerce: vouchers (the spec's message), and cards refused as the payment provider says it.
  INVALID_CODE: msg`Please enter a valid code`,
  CARD_DECLINED: msg`Your card was declined.`,
  INSUFFICIENT_FUNDS: msg`Your card has insufficient funds.`,
  PAYMENT_FAILED: msg`The payment could not be completed. Please check your card's details.`,
  ALREADY_SUBSCRIBED: msg`You already have a subscription.`,
  OFFER_UNAVAILABLE: msg`This offer is not available to you.`,
  NO_SUBSCRIPTION: msg`You have no subscription to change.`,
  TEST_CLOCK_UNAVAILABLE: msg`The test clock is off here.`,
  CHECKOUT_UNAVAILABLE: msg`The secure payment page is not available. Please pay with the card form.`,
  INSTALMENTS_UNAVAILABLE: msg`This plan cannot be paid in that many instalments. Please choose another number.`,
  HIGHLIGHT_NOT_FOUND: msg`This highlight was already deleted.`,
  KINDLE_EMAIL_MISSING: msg`Add your Kindle email in your settings to send books to your Kindle.`,
  // RATE_LIMITED says how long to wait: see rateLimited below.

  // Input issues (InvalidInputError.issues), whatever the field; FIELD_MESSAGES words some per field.
  INVALID_EMAIL: msg`Please enter a valid email address`,
  REQUIRED: msg`Please fill this in.`,
  TOO_SHORT: msg`This is too short.`,
  TOO_LONG: msg`This is too long.`,
  COMMON_PASSWORD: msg`This password is too common. Please choose another one.`,
  PASSWORDS_DIFFERENT: msg`The passwords are different.`,
  CURRENT_PASSWORD_REQUIRED: msg`Changing email or password requires the current password.`,
  NOTHING_TO_UPDATE: msg`Nothing to save: change something first.`,
  PASSWORD_OR_EMAIL: msg`Please fill this in.`,
  NOT_KINDLE_EMAIL: msg`Please enter your Send-to-Kindle address: it ends in @kindle.com.`,
  TOO_FEW_BOOKS: msg`Please choose at least 3 books.`,
  TOO_MANY: msg`That is more than we can take at once. Please choose fewer.`,
  UNKNOWN_BOOK: msg`One of those books is no longer available. Please reload the page.`,
  NOT_AN_OPTION: msg`Please choose one of the options.`,
  OUT_OF_RANGE: msg`This value is out of range.`,
  NOT_IN_TEXT: msg`This passage is no longer in the book's text. Please reload the page.`,

  // Why a social sign-in did not happen (the server's `?social_error=`), with the provider's name.
  CANCELLED: msg`You cancelled signing in with {provider}.`,
  STATE_MISMATCH: msg`This sign-in expired or was started in another window. Please try again.`,
  PROVIDER_ERROR: msg`{provider} could not sign you in. Please try again.`,
  EMAIL_NOT_VERIFIED: msg`{provider} has not verified your email address, so it cannot be linked to your Brevia account. Log in with your email and password instead.`,
  ACCOUNT_EMAIL_UNPROVEN: msg`An account with this email address already exists, but nothing proves it belongs to the address's owner, so {provider} cannot be linked to it. If it is yours, use “Forgot your password?” to set a password by email, then log in with it.`,
  EMAIL_MISSING: msg`{provider} did not share your email address, which Brevia needs for your account.`,

  // Anything else: an unknown code, a network failure, an unexpected answer.
  UNEXPECTED: msg`Something went wrong. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

export type ErrorCode = keyof typeof MESSAGES | "RATE_LIMITED";

/** Codes whose message names the provider: without one, they are not said (UNEXPECTED instead). */
const NAMES_PROVIDER = new Set<string>(["CANCELLED", "PROVIDER_ERROR", "EMAIL_NOT_VERIFIED", "ACCOUNT_EMAIL_UNPROVEN", "EMAIL_MISSING"]);

/** A field's own wording of an input issue (the field is the last part of the issue's path). */
const FIELD_MESSAGES: Record<string, Partial<Record<keyof typeof MESSAGES, MessageDescriptor>>> = {
  password: {
    TOO_SHORT: msg`Your password must have at least 6 characters.`,
    TOO_LONG: msg`Your password is too long.`,
  },
  name: { TOO_LONG: msg`This is too long: at most 80 characters.` },
  surname: { TOO_LONG: msg`This is too long: at most 80 characters.` },
  // Update-profile's form: an email and a password are all it changes.
  newEmail: { NOTHING_TO_UPDATE: msg`Enter a new email or a new password.` },
};

/** "Too many attempts. Please try again in 3 minutes.", in the reader's language. */
function rateLimited(i18n: I18n, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  // Inside msg, so the reader's i18n says it (a bare plural() would use Lingui's global instance).
  return i18n._(
    msg`${plural(minutes, {
      one: "Too many attempts. Please try again in # minute.",
      other: "Too many attempts. Please try again in # minutes.",
    })}`,
  );
}

const isKnown = (code: string): code is keyof typeof MESSAGES => Object.hasOwn(MESSAGES, code);

/**
 * The message for an error code, in the reader's language: the field's own wording when it has one,
 * the wait for RATE_LIMITED (`retryAfterSeconds`), the provider's name for a social sign-in's
 * (`provider`); "Something went wrong" for a code this registry does not know.
 */
export function errorMessage(
  i18n: I18n,
  code: string | null | undefined,
  details: { field?: string; retryAfterSeconds?: number; provider?: string } = {},
): string {
  if (code === "RATE_LIMITED") return rateLimited(i18n, details.retryAfterSeconds ?? 60);
  if (!code || !isKnown(code) || (NAMES_PROVIDER.has(code) && !details.provider)) return i18n._(MESSAGES.UNEXPECTED);
  const descriptor = (details.field ? FIELD_MESSAGES[details.field]?.[code] : undefined) ?? MESSAGES[code];
  return i18n._(descriptor.id, { provider: details.provider }, { message: descriptor.message });
}

/** "Something went wrong. Please try again." */
export const unexpectedError = (i18n: I18n): string => i18n._(MESSAGES.UNEXPECTED);

/** A typed error as the MutationError fragment selects it. */
export type MutationErrorData = {
  __typename: string;
  code: string;
  retryAfterSeconds?: number;
  issues?: readonly { path: readonly string[]; code: string }[];
};

const ERROR_TYPES: ReadonlySet<string> = new Set(possibleTypesResult.possibleTypes.Error);

/** Whether a mutation's answer is one of its typed errors (a type implementing Error), not its success. */
export function isError(answer: { __typename?: string }): answer is MutationErrorData {
  return ERROR_TYPES.has(answer.__typename ?? "");
}

/** A form's messages: by field name, and `form` for the whole form. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field | "form", string>>;

/**
 * The messages of a typed error for a form with these fields: each input issue beside its field (the
 * last part of its path), when the form has that field, else on the whole form (`form`), as is any
 * other error. The first message of a field wins.
 */
export function errorMessages<Field extends string>(i18n: I18n, error: MutationErrorData, fields: readonly Field[]): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!error.issues?.length) {
    errors.form = errorMessage(i18n, error.code, { retryAfterSeconds: error.retryAfterSeconds });
    return errors;
  }
  for (const issue of error.issues) {
    const field = issue.path.at(-1);
    const key = field && (fields as readonly string[]).includes(field) ? (field as Field) : "form";
    errors[key] ??= errorMessage(i18n, issue.code, { field });
  }
  return errors;
}

/** A mutation's answer as a form shows it: its error messages (see errorMessages), or null for a success. */
export function formErrorsOf<Field extends string>(
  i18n: I18n,
  answer: { __typename?: string },
  fields: readonly Field[],
): FieldErrors<Field> | null {
  return isError(answer) ? errorMessages(i18n, answer, fields) : null;
}

/** A mutation's answer said in one message (invalid input: its first issue's), or null for a success. */
export function errorOf(i18n: I18n, answer: { __typename?: string }): string | null {
  const errors = formErrorsOf(i18n, answer, []);
  return errors && (errors.form ?? unexpectedError(i18n));
}
