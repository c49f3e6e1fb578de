import { localizePath, routePath } from "@brevia/routes";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import type { Language } from "../../../generated/prisma/enums.js";
import { queueMail } from "./outbox.js";
import { renderMail } from "./templates.js";

type Db = PrismaClient | Prisma.TransactionClient;
type Common = { to: string; language: Language; origin: string; now: Date };

/** An absolute link to a page of the web app, in the reader's language. */
export function appLink(origin: string, language: Language, path: string): string {
  return origin + localizePath(language, path);
}

export function queueWelcomeMail(db: Db, { to, language, origin, now }: Common) {
  return queueMail(db, renderMail("welcome", language, to, { homeUrl: appLink(origin, language, routePath("home")) }), now);
}

export function queuePasswordResetMail(db: Db, { to, language, origin, now, token }: Common & { token: string }) {
  return queueMail(
    db,
    renderMail("password-reset", language, to, { url: appLink(origin, language, routePath("newPassword", { token })) }),
    now,
  );
}

export function queueCreatePasswordMail(db: Db, { to, language, origin, now, token }: Common & { token: string }) {
  return queueMail(
    db,
    renderMail("create-password", language, to, { url: appLink(origin, language, routePath("createPassword", { token })) }),
    now,
  );
}

/** To the new address: the link that makes it the login email. */
export function queueEmailChangeConfirmMail(db: Db, { to, language, origin, now, token }: Common & { token: string }) {
  return queueMail(
    db,
    renderMail("email-change-confirm", language, to, {
      url: appLink(origin, language, routePath("confirmEmail", { token })),
      newEmail: to,
    }),
    now,
  );
}

/** To the old address, once the change took effect. */
export function queueEmailChangedNotice(db: Db, { to, language, now, newEmail }: Omit<Common, "origin"> & { newEmail: string }) {
  return queueMail(db, renderMail("email-changed-notice", language, to, { newEmail }), now);
}
