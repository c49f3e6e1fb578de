import { defineError } from "../../schema/errors.js";

/** The id names no microbook (a deleted one, or a node of another type). */
export const MicrobookNotFoundError = defineError(
  "MicrobookNotFoundError",
  "MICROBOOK_NOT_FOUND",
  "No such microbook.",
  "the id names no microbook.",
);
/** The access policy refuses the reader this action on this microbook (premium content, not today's free one). */
export const MicrobookLockedError = defineError(
  "MicrobookLockedError",
  "MICROBOOK_LOCKED",
  "This microbook is for Premium subscribers.",
  "premium content this reader may not read (not today's free microbook).",
);
