import { builder } from "../../builder.js";
import { ErrorInterface } from "../../schema/errors.js";

/** The id names no microbook (a deleted one, or a node of another type). */
export class MicrobookNotFoundError extends Error {
  readonly code = "MICROBOOK_NOT_FOUND";
  constructor() {
    super("No such microbook.");
    this.name = "MicrobookNotFoundError";
  }
}

/** The reader may not read this microbook (premium content, not today's free one). */
export class MicrobookLockedError extends Error {
  readonly code = "MICROBOOK_LOCKED";
  constructor() {
    super("This microbook is for Premium subscribers.");
    this.name = "MicrobookLockedError";
  }
}

builder.objectType(MicrobookNotFoundError, {
  name: "MicrobookNotFoundError",
  description: "MICROBOOK_NOT_FOUND: the id names no microbook.",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MicrobookNotFoundError,
  fields: (t) => ({ code: t.string({ resolve: (error) => error.code }) }),
});

builder.objectType(MicrobookLockedError, {
  name: "MicrobookLockedError",
  description: "MICROBOOK_LOCKED: premium content this reader may not read (not today's free microbook).",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof MicrobookLockedError,
  fields: (t) => ({ code: t.string({ resolve: (error) => error.code }) }),
});
