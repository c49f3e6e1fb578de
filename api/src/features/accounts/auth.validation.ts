import { z } from "zod";
import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords.js";

// Input rules as codes (the web says them in the reader's language): INVALID_EMAIL, TOO_SHORT,
// TOO_LONG, COMMON_PASSWORD.
export const emailSchema = z
  .string()
  .trim()
  .max(254, { message: "INVALID_EMAIL" })
  .pipe(z.email({ message: "INVALID_EMAIL" }));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: "TOO_SHORT", abort: true })
  .max(PASSWORD_MAX_LENGTH, { message: "TOO_LONG", abort: true })
  .refine((password) => !isCommonPassword(password), { message: "COMMON_PASSWORD" });

export const signUpArgs = z.object({ email: emailSchema, password: newPasswordSchema, bearer: z.boolean().nullish() });
// Logging in checks only that the email is one: any password is simply right or wrong.
export const logInArgs = z.object({ email: emailSchema, password: z.string(), bearer: z.boolean().nullish() });

/** The form an email is stored and looked up in (citext compares case-insensitively anyway). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
