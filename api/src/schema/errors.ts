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

type CodedError = Error & { readonly code: string };

/** An error class thrown by resolvers and shown as a GraphQL type: it knows its own stable code. */
export type CodedErrorClass<E extends CodedError = CodedError> = abstract new (...args: never[]) => E;

/** What a client needs of an error beyond code and message (e.g. how long to wait), as whole numbers. */
type ExtraIntFields<E> = Record<string, { description: string; resolve: (error: E) => number }>;

/**
 * Shows an error class as a GraphQL type implementing Error: the type is named after the class, its
 * description starts with the code.
 */
export function exposeError<E extends CodedError>(ErrorClass: CodedErrorClass<E>, description: string, extra: ExtraIntFields<E> = {}) {
  builder.objectType(ErrorClass as unknown as new () => CodedError, {
    name: ErrorClass.name,
    description,
    interfaces: [ErrorInterface],
    isTypeOf: (value) => value instanceof ErrorClass,
    fields: (t) => ({
      code: t.string({ resolve: (error) => error.code }),
      ...Object.fromEntries(
        Object.entries(extra).map(([name, field]) => [
          name,
          t.int({ description: field.description, resolve: (error) => field.resolve(error as E) }),
        ]),
      ),
    }),
  });
}

/**
 * Declares an expected failure once: `const EmailTakenError = defineError("EmailTakenError",
 * "EMAIL_TAKEN", "An account with this email already exists.", "an account already uses this email")`
 * is the class resolvers throw and the GraphQL type clients match (`code` EMAIL_TAKEN, English
 * `message` for logs; the web says it from its code → message registry).
 */
export function defineError<const Code extends string>(name: string, code: Code, message: string, description: string) {
  const ErrorClass = {
    [name]: class extends Error {
      readonly code: Code = code;
      constructor() {
        super(message);
        this.name = name;
      }
    },
  }[name]!;
  exposeError(ErrorClass, `${code}: ${description}`);
  return ErrorClass;
}

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
