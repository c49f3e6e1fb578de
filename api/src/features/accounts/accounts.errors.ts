import { builder } from "../../builder.js";
import { ErrorInterface } from "../../schema/errors.js";
import { RateLimitedError } from "./rate-limits.js";

/** Wrong email or password, or no such account: one answer for all, so accounts cannot be enumerated. */
export class InvalidCredentialsError extends Error {
  readonly code = "INVALID_CREDENTIALS";
  constructor() {
    super("Please enter a valid email and password");
    this.name = "InvalidCredentialsError";
  }
}

export class EmailTakenError extends Error {
  readonly code = "EMAIL_TAKEN";
  constructor() {
    super("An account with this email already exists.");
    this.name = "EmailTakenError";
  }
}

export class SessionNotFoundError extends Error {
  readonly code = "SESSION_NOT_FOUND";
  constructor() {
    super("No such session.");
    this.name = "SessionNotFoundError";
  }
}

builder.objectType(InvalidCredentialsError, {
  name: "InvalidCredentialsError",
  description: "INVALID_CREDENTIALS: wrong email or password (or no such account).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InvalidCredentialsError,
  fields: (t) => ({ code: t.string({ resolve: (error) => error.code }) }),
});

builder.objectType(EmailTakenError, {
  name: "EmailTakenError",
  description: "EMAIL_TAKEN: an account already uses this email.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof EmailTakenError,
  fields: (t) => ({ code: t.string({ resolve: (error) => error.code }) }),
});

builder.objectType(SessionNotFoundError, {
  name: "SessionNotFoundError",
  description: "SESSION_NOT_FOUND: the reader has no such session.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof SessionNotFoundError,
  fields: (t) => ({ code: t.string({ resolve: (error) => error.code }) }),
});

builder.objectType(RateLimitedError, {
  name: "RateLimitedError",
  description: "RATE_LIMITED: too many attempts from this address or for this account; try again later.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof RateLimitedError,
  fields: (t) => ({
    code: t.string({ resolve: (error) => error.code }),
    retryAfterSeconds: t.exposeInt("retryAfterSeconds", { description: "How long to wait before trying again." }),
  }),
});

export { RateLimitedError };
