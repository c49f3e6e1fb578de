import { z } from "zod";
import { builder } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { LanguageEnum } from "../catalog/catalog.schema.js";

builder.prismaObject("User", {
  name: "Viewer",
  description: "The signed-in reader.",
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    name: t.exposeString("name"),
    surname: t.exposeString("surname"),
    interfaceLanguage: t.expose("interfaceLanguage", { type: LanguageEnum }),
    contentLanguage: t.expose("contentLanguage", { type: LanguageEnum }),
    hasPassword: t.boolean({
      description:
        'Whether the account has a password. An account made by social login has none until the reader sets one through a mailed link ("Forgot your password?"): it confirms its deletion with its email instead.',
      select: { passwordHash: true },
      resolve: (user) => user.passwordHash != null,
    }),
  }),
});

builder.queryField("viewer", (t) =>
  t.prismaField({
    type: "User",
    nullable: true,
    description: "The signed-in reader, or null for a visitor.",
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) => {
      // Built before the visitor check: a visitor's answer uses no query, which Prisma's plugin would report.
      const select = { ...query };
      if (!ctx.viewer) return null;
      // Only the row's own columns asked for: the session lookup of this request read them all, so no
      // statement of its own (the library page, the settings…). Relations are read with the row.
      const record = ctx.viewer.record;
      if (record && !("include" in select) && Object.values(select.select ?? {}).every((column) => column === true)) return record;
      return ctx.prisma.user.findUnique({ ...select, where: { id: ctx.viewer.id } });
    },
  }),
);

builder.mutationField("updateLanguagePreferences", (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: "User",
    description: "Sets the signed-in reader's interface and/or content language.",
    errors: { types: [InputValidationError] },
    args: {
      interfaceLanguage: t.arg({ type: LanguageEnum, required: false }),
      contentLanguage: t.arg({ type: LanguageEnum, required: false }),
    },
    validate: z
      .object({ interfaceLanguage: z.string().nullish(), contentLanguage: z.string().nullish() })
      .refine((a) => a.interfaceLanguage != null || a.contentLanguage != null, { message: "NOTHING_TO_UPDATE" }),
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.user.update({
        ...query,
        where: { id: ctx.viewer.id },
        data: {
          ...(args.interfaceLanguage ? { interfaceLanguage: args.interfaceLanguage } : {}),
          ...(args.contentLanguage ? { contentLanguage: args.contentLanguage } : {}),
        },
      }),
  }),
);
