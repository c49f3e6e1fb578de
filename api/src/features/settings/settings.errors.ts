import { builder } from "../../builder.js";
import { ErrorInterface } from "../../schema/errors.js";

/** The password given to confirm an action is not the account's (or the account has none). */
export class WrongPasswordError extends Error {
  readonly code = "WRONG_PASSWORD";
  constructor() {
    super("That password is not right.");
    this.name = "WrongPasswordError";
  }
}

builder.objectType(WrongPasswordError, {
  name: "WrongPasswordError",
  description: "WRONG_PASSWORD: the password given to confirm the action is not the reader's.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof WrongPasswordError,
  fields: (t) => ({ code: t.string({ resolve: (error) => error.code }) }),
});
