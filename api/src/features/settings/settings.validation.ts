import { z } from "zod";
import { emailSchema } from "../accounts/auth.validation.js";

/** Longest name or surname kept (longer is refused, not cut). */
export const NAME_MAX_LENGTH = 80;

/**
 * Amazon's Send-to-Kindle addresses: documents mailed to them land on the reader's Kindle. Any other
 * address would send the reader's books to someone's inbox, so it is refused.
 */
export const KINDLE_DOMAINS = ["kindle.com", "free.kindle.com", "kindle.cn"] as const;

export function isKindleEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  return (KINDLE_DOMAINS as readonly string[]).includes(domain);
}

const nameSchema = z.string().trim().min(1, { message: "REQUIRED", abort: true }).max(NAME_MAX_LENGTH, { message: "TOO_LONG" });

// Input rules as codes (the web says them in the reader's language): REQUIRED, TOO_LONG, INVALID_EMAIL,
// NOT_KINDLE_EMAIL, NOTHING_TO_UPDATE. An omitted field is left as it is; kindleEmail "" or null clears it.
export const updateSettingsArgs = z
  .object({
    name: nameSchema.nullish(),
    surname: z.string().trim().max(NAME_MAX_LENGTH, { message: "TOO_LONG" }).nullish(),
    kindleEmail: z
      .string()
      .trim()
      .transform((value) => value || null)
      .pipe(emailSchema.refine(isKindleEmail, { message: "NOT_KINDLE_EMAIL" }).nullable())
      .nullish(),
    interfaceLanguage: z.string().nullish(),
    contentLanguage: z.string().nullish(),
  })
  // null leaves a field as it is, except kindleEmail, where it removes the address.
  .refine(({ kindleEmail, ...rest }) => kindleEmail !== undefined || Object.values(rest).some((value) => value != null), {
    message: "NOTHING_TO_UPDATE",
  });

// An account with a password confirms with it; one without (made by social login) with its email.
// Exactly one of them: PASSWORD_OR_EMAIL otherwise. Which one the account needs is checked after.
export const deleteAccountArgs = z
  .object({ password: z.string().min(1, { message: "REQUIRED" }).nullish(), email: emailSchema.nullish() })
  .refine(({ password, email }) => (password == null) !== (email == null), { message: "PASSWORD_OR_EMAIL" });
