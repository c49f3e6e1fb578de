import { defineError, exposeError } from "../../schema/errors.js";
import { RateLimitedError } from "./rate-limits.js";

/** Wrong email or password, or no such account: one answer for all, so accounts cannot be enumerated. */
export const InvalidCredentialsError = defineError(
  "InvalidCredentialsError",
  "INVALID_CREDENTIALS",
  "Please enter a valid email and password",
  "wrong email or password (or no such account).",
);
export const EmailTakenError = defineError(
  "EmailTakenError",
  "EMAIL_TAKEN",
  "An account with this email already exists.",
  "an account already uses this email.",
);
export const SessionNotFoundError = defineError(
  "SessionNotFoundError",
  "SESSION_NOT_FOUND",
  "No such session.",
  "the reader has no such session.",
);
/** The current password given to change the email or password (or to delete the account) is not the account's. */
export const WrongPasswordError = defineError(
  "WrongPasswordError",
  "WRONG_PASSWORD",
  "Your current password is not correct.",
  "the current password is not the account's.",
);
/** To delete an account that has no password, the reader typed an address that is not the account's email. */
export const WrongConfirmationEmailError = defineError(
  "WrongConfirmationEmailError",
  "WRONG_CONFIRMATION_EMAIL",
  "This is not your account's email address.",
  "the email typed to confirm is not the account's (accounts without a password).",
);
/** A reset or create-password link that is unknown, expired or already used (the spec's words, §8). */
export const PasswordResetFailedError = defineError(
  "PasswordResetFailedError",
  "PASSWORD_RESET_FAILED",
  "An error ocurred while reseting your password.",
  "the link is unknown, expired or already used.",
);
/** An email-change link that is unknown, expired or already used, or whose address another account took since. */
export const EmailChangeFailedError = defineError(
  "EmailChangeFailedError",
  "EMAIL_CHANGE_FAILED",
  "This link is invalid or has expired.",
  "the link is unknown, expired or already used, or the address is taken.",
);

// Thrown outside GraphQL too (social login's HTTP routes), so its class lives with the limits.
exposeError(RateLimitedError, "RATE_LIMITED: too many attempts from this address or for this account; try again later.", {
  retryAfterSeconds: { description: "How long to wait before trying again.", resolve: (error) => error.retryAfterSeconds },
});

export { RateLimitedError };
