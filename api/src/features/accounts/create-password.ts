import type { PrismaClient } from "../../generated/prisma/client.js";
import { issueAccountToken } from "./account-tokens.js";
import { queueCreatePasswordMail } from "./mail/account-mail.js";
import type { MailWaker } from "./mail/mail-worker.js";

/**
 * For an account made by a purchase or a voucher, with no password yet: mails the reader a
 * /create-password/{token} link (7 days, single use) in their interface language. Commerce calls it
 * after its own transaction commits; pass `mail` (ctx.mail) to send at once.
 */
export async function sendCreatePasswordLink(
  prisma: PrismaClient,
  input: { userId: string; origin: string; now?: Date; mail?: MailWaker },
): Promise<void> {
  const now = input.now ?? new Date();
  await prisma.$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: input.userId },
      select: { id: true, email: true, passwordHash: true, interfaceLanguage: true },
    });
    if (user.passwordHash) throw new Error("This account already has a password: send a password reset instead");
    const token = await issueAccountToken(tx, { userId: user.id, purpose: "CREATE_PASSWORD", now });
    await queueCreatePasswordMail(tx, { to: user.email, language: user.interfaceLanguage, origin: input.origin, now, token });
  });
  input.mail?.wake();
}
