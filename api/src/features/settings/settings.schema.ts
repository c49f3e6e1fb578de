import { builder } from "../../builder.js";
import { signOutThisRequest } from "../accounts/sessions.js";
import { InputValidationError } from "../../schema/errors.js";
import { RateLimitedError } from "../accounts/accounts.errors.js";
import { PASSWORD_MAX_LENGTH, verifyPassword } from "../accounts/passwords.js";
import { LanguageEnum } from "../catalog/catalog.schema.js";
import { deleteAccount } from "./account-deletion.js";
import { WrongConfirmationEmailError, WrongPasswordError } from "../accounts/accounts.errors.js";
import { deleteAccountArgs, updateSettingsArgs } from "./settings.validation.js";

builder.prismaObjectFields("User", (t) => ({
  kindleEmail: t.exposeString("kindleEmail", {
    nullable: true,
    description: "The reader's Send-to-Kindle address (…@kindle.com), where books can be delivered; null when not set.",
  }),
}));

builder.mutationField("updateSettings", (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: "User",
    description:
      "Changes the signed-in reader's settings. Omitted fields stay as they are; `kindleEmail: null` (or empty) removes the address.",
    errors: { types: [InputValidationError] },
    args: {
      name: t.arg.string({ required: false }),
      surname: t.arg.string({ required: false }),
      kindleEmail: t.arg.string({ required: false, description: "A Send-to-Kindle address (…@kindle.com)." }),
      interfaceLanguage: t.arg({ type: LanguageEnum, required: false }),
      contentLanguage: t.arg({ type: LanguageEnum, required: false }),
    },
    validate: updateSettingsArgs,
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.user.update({
        ...query,
        where: { id: ctx.viewer.id },
        data: {
          ...(args.name != null ? { name: args.name.trim() } : {}),
          ...(args.surname != null ? { surname: args.surname.trim() } : {}),
          ...(args.kindleEmail !== undefined ? { kindleEmail: args.kindleEmail?.trim().toLowerCase() || null } : {}),
          ...(args.interfaceLanguage ? { interfaceLanguage: args.interfaceLanguage } : {}),
          ...(args.contentLanguage ? { contentLanguage: args.contentLanguage } : {}),
        },
      }),
  }),
);

const AccountDeleted = builder.objectRef<{ deleted: true }>("AccountDeleted").implement({
  description: "The account and the reader's personal data are gone; the reader is signed out everywhere.",
  fields: (t) => ({ deleted: t.exposeBoolean("deleted") }),
});

builder.mutationField("deleteAccount", (t) =>
  t.withAuth({ signedIn: true }).field({
    type: AccountDeleted,
    description:
      "Deletes the signed-in reader's account and personal data for good (LGPD/GDPR), and ends every session. The reader confirms with their password (`password`), or, when the account has none (`Viewer.hasPassword` false: made by social login), by typing its email address (`email`). Give exactly one.",
    errors: { types: [InputValidationError, WrongPasswordError, WrongConfirmationEmailError, RateLimitedError] },
    args: {
      password: t.arg.string({ required: false, description: "The account's password, to confirm (accounts with a password)." }),
      email: t.arg.string({ required: false, description: "The account's email address, to confirm (accounts without a password only)." }),
    },
    validate: deleteAccountArgs,
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.viewer;
      // One count for both ways to confirm: guessing an email is limited like guessing a password.
      await ctx.rateLimits.consume(["confirmPasswordPerAccount", viewer.email.toLowerCase()]);
      const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { email: true, passwordHash: true } });
      if (user.passwordHash) {
        // The email is no secret: an account with a password never confirms without it.
        const password = (args.password ?? "").slice(0, PASSWORD_MAX_LENGTH + 1);
        if (!args.password || !(await verifyPassword(user.passwordHash, password))) throw new WrongPasswordError();
      } else if (args.email?.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new WrongConfirmationEmailError();
      }
      await deleteAccount(ctx.prisma, viewer.id);
      signOutThisRequest(ctx);
      return { deleted: true as const };
    },
  }),
);
