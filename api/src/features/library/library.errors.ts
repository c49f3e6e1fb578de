import { defineError } from "../../schema/errors.js";

/** The id names no microbook (a deleted one, or a node of another type). */
export const MicrobookNotFoundError = defineError(
  "MicrobookNotFoundError",
  "MICROBOOK_NOT_FOUND",
  "No such microbook.",
  "the id names no microbook.",
);
