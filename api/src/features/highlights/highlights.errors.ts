import { defineError } from "../../schema/errors.js";

/** The id names none of this reader's highlights (another reader's answers the same: nothing to learn). */
export const HighlightNotFoundError = defineError(
  "HighlightNotFoundError",
  "HIGHLIGHT_NOT_FOUND",
  "No such highlight.",
  "the id names none of the reader's highlights.",
);
