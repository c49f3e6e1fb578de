import { z } from "zod";
import { emailSchema, newPasswordSchema } from "./auth.validation.js";

// Codes beyond auth.validation.ts's: PASSWORDS_DIFFERENT, CURRENT_PASSWORD_REQUIRED, NOTHING_TO_UPDATE.

/** A form's empty field is no value. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? null : value), schema.nullish());

const currentPassword = z.string().min(1, { message: "CURRENT_PASSWORD_REQUIRED" });

/** New password twice; the confirmation's issue is on the confirmation field. */
const confirmed = <T extends { password?: string | null; passwordConfirmation?: string | null }>(args: T, ctx: z.RefinementCtx) => {
  if (args.password && args.password !== (args.passwordConfirmation ?? "")) {
    ctx.addIssue({ code: "custom", message: "PASSWORDS_DIFFERENT", path: ["passwordConfirmation"] });
  }
};

export const requestPasswordResetArgs = z.object({ email: emailSchema });

/** /new-password/{token} and /create-password/{token}. */
export const setPasswordWithTokenArgs = z
  .object({ token: z.string(), password: newPasswordSchema, passwordConfirmation: z.string(), bearer: z.boolean().nullish() })
  .superRefine(confirmed);

/** /new-password-internal. */
export const changePasswordArgs = z
  .object({ currentPassword, password: newPasswordSchema, passwordConfirmation: z.string(), bearer: z.boolean().nullish() })
  .superRefine(confirmed);

/** /update-profile: a new email and/or a new password, always with the current password. */
export const updateProfileArgs = z
  .object({
    newEmail: optional(emailSchema),
    password: optional(newPasswordSchema),
    passwordConfirmation: z.string().nullish(),
    currentPassword,
    bearer: z.boolean().nullish(),
  })
  .superRefine((args, ctx) => {
    if (!args.newEmail && !args.password) ctx.addIssue({ code: "custom", message: "NOTHING_TO_UPDATE", path: ["newEmail"] });
    confirmed(args, ctx);
  });

export const confirmEmailChangeArgs = z.object({ token: z.string() });
