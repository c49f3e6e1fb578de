import { InputValidationError, type StandardSchemaV1 } from "@pothos/plugin-validation";
import { builder } from "../builder.js";

/**
 * Expected failures are data: a mutation returns its success type or an error implementing this
 * interface. `code` is stable; clients translate it. `message` is English, for logs and tools.
 */
export const ErrorInterface = builder.interfaceRef<Error>("Error").implement({
  fields: (t) => ({
    code: t.string({ resolve: (error) => ("code" in error && typeof error.code === "string" ? error.code : "ERROR") }),
    message: t.exposeString("message"),
  }),
});

const InputIssue = builder.objectRef<StandardSchemaV1.Issue>("InputIssue").implement({
  description: "One invalid input: where it is and what is wrong, as a code (e.g. TOO_SHORT).",
  fields: (t) => ({
    path: t.stringList({
      resolve: (issue) => (issue.path ?? []).map((part) => String(typeof part === "object" ? part.key : part)),
    }),
    code: t.string({ resolve: (issue) => issue.message }),
  }),
});

builder.objectType(InputValidationError, {
  name: "InvalidInputError",
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof InputValidationError,
  fields: (t) => ({
    code: t.string({ resolve: () => "INVALID_INPUT" }),
    issues: t.field({ type: [InputIssue], resolve: (error) => [...error.issues] }),
  }),
});

export { InputValidationError };
