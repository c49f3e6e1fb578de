import { defineError } from "../../schema/errors.js";

/** The access policy refuses the reader this action on this microbook (premium content, not today's free one). */
export const MicrobookLockedError = defineError(
  "MicrobookLockedError",
  "MICROBOOK_LOCKED",
  "This microbook is for Premium subscribers.",
  "premium content this reader may not read (not today's free microbook).",
);
