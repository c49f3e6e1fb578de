import { builder } from "../../builder.js";
import { ErrorInterface } from "../../schema/errors.js";

/** The current password given to change the email or password is not the account's. */
export class WrongPasswordError extends Error {
  readonly code = "WRONG_PASSWORD";
  constructor() {
    super("Your current password is not correct.");
    this.name = "WrongPasswordError";
  }
}

/** To delete an account that has no password, the reader typed an address that is not the account's email. */
export class WrongConfirmationEmailError extends Error {
  readonly code = "WRONG_CONFIRMATION_EMAIL";
  constructor() {
    super("This is not your account's email address.");
    this.name = "WrongConfirmationEmailError";
  }
}

/** A reset or create-password link that is unknown, expired or already used (the spec's words, §8). */
export class PasswordResetFailedError extends Error {
  readonly code = "PASSWORD_RESET_FAILED";
  constructor() {
    super("An error ocurred while reseting your password.");
    this.name = "PasswordResetFailedError";
  }
}

/** An email-change link that is unknown, expired or already used, or whose address another account took since. */
export class EmailChangeFailedError extends Error {
  readonly code = "EMAIL_CHANGE_FAILED";
  constructor() {
    super("This link is invalid or has expired.");
    this.name = "EmailChangeFailedError";
  }
}

for (const [ErrorClass, description] of [
  [WrongPasswordError, "WRONG_PASSWORD: the current password is not the account's."],
  [WrongConfirmationEmailError, "WRONG_CONFIRMATION_EMAIL: the email typed to confirm is not the account's (accounts without a password)."],
  [PasswordResetFailedError, "PASSWORD_RESET_FAILED: the link is unknown, expired or already used."],
  [EmailChangeFailedError, "EMAIL_CHANGE_FAILED: the link is unknown, expired or already used, or the address is taken."],
] as const) {
  builder.objectType(ErrorClass, {
    name: ErrorClass.name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (value) => value instanceof ErrorClass,
    fields: (t) => ({ code: t.string({ resolve: (error) => error.code }) }),
  });
}
