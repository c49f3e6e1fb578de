import { Prisma, type PrismaClient } from "../../../generated/prisma/client.js";
import type { Language, SocialProvider } from "../../../generated/prisma/enums.js";
import { queueWelcomeMail } from "../mail/account-mail.js";
import type { SocialProfile } from "./social.client.js";

const REFUSALS = {
  EMAIL_NOT_VERIFIED: "The provider did not verify the email of an existing account",
  ACCOUNT_EMAIL_UNPROVEN: "The account with this email can be entered only through identities whose email was not verified",
  EMAIL_MISSING: "The provider gave no email",
} as const;

/**
 * A social sign-in that must not go on: the provider did not vouch for the email of an existing account,
 * the existing account's own hold on that email is unproven (pre-account hijacking), or it gave no email.
 */
export class SocialAccountRefusedError extends Error {
  constructor(readonly code: keyof typeof REFUSALS) {
    super(REFUSALS[code]);
    this.name = "SocialAccountRefusedError";
  }
}

/**
 * The reader a provider's profile signs in:
 * 1. the account already linked to this provider identity (provider + subject), whatever its email now;
 * 2. else the account with the profile's email, linked now, only when the provider verified that email
 *    (an unverified email never takes over an account) and the account's own hold on the email is
 *    not in doubt (see `mayLinkByEmail`: no pre-account hijacking);
 * 3. else a new account with that email (`isNew`: the reader goes to onboarding).
 */
export async function accountForSocialProfile(
  prisma: PrismaClient,
  provider: SocialProvider,
  profile: SocialProfile,
  options: { locale: Language; now: Date; origin: string },
): Promise<{ userId: string; isNew: boolean }> {
  const linked = await prisma.socialIdentity.findUnique({
    where: { provider_subject: { provider, subject: profile.subject } },
    select: { id: true, userId: true, user: { select: { name: true } } },
  });
  if (linked) {
    await prisma.socialIdentity.update({
      where: { id: linked.id },
      data: { lastUsedAt: options.now, email: profile.email, emailVerified: profile.emailVerified },
    });
    if (!linked.user.name && profile.name) await fillInName(prisma, linked.userId, profile);
    return { userId: linked.userId, isNew: false };
  }
  const email = profile.email;
  if (!email) throw new SocialAccountRefusedError("EMAIL_MISSING");

  const existing = await prisma.user.findUnique({
    where: { email },
    select: { id: true, name: true, passwordHash: true, socialIdentities: { select: { emailVerified: true } } },
  });
  if (existing) {
    if (!profile.emailVerified) throw new SocialAccountRefusedError("EMAIL_NOT_VERIFIED");
    if (!mayLinkByEmail(existing)) throw new SocialAccountRefusedError("ACCOUNT_EMAIL_UNPROVEN");
    await link(prisma, provider, profile, existing.id, options.now);
    if (!existing.name && profile.name) await fillInName(prisma, existing.id, profile);
    return { userId: existing.id, isNew: false };
  }

  try {
    // The new account and its welcome email, in one transaction (the mail worker sends it after commit).
    const user = await prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email,
          name: profile.name ?? "",
          surname: profile.surname ?? "",
          interfaceLanguage: options.locale,
          contentLanguage: options.locale,
          socialIdentities: {
            create: {
              provider,
              subject: profile.subject,
              email: profile.email,
              emailVerified: profile.emailVerified,
              createdAt: options.now,
              lastUsedAt: options.now,
            },
          },
        },
        select: { id: true },
      });
      await queueWelcomeMail(tx, { to: email, language: options.locale, origin: options.origin, now: options.now });
      return created;
    });
    return { userId: user.id, isNew: true };
  } catch (error) {
    // The same callback twice at once, or a sign-up with this email in between: decide again with what is stored now.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      return accountForSocialProfile(prisma, provider, profile, options);
    }
    throw error;
  }
}

async function link(prisma: PrismaClient, provider: SocialProvider, profile: SocialProfile, userId: string, now: Date) {
  await prisma.socialIdentity.upsert({
    where: { provider_subject: { provider, subject: profile.subject } },
    create: {
      provider,
      subject: profile.subject,
      userId,
      email: profile.email,
      emailVerified: profile.emailVerified,
      createdAt: now,
      lastUsedAt: now,
    },
    update: { lastUsedAt: now, email: profile.email, emailVerified: profile.emailVerified },
  });
}

/**
 * Whether a verified identity may join the account that has its email. Nothing records that a reader
 * proved their email, so the ways into the account decide: a password (set at sign-up or through a
 * mailed link), or an identity whose provider verified this email, means the account's holder is the
 * email's owner. An account with no way in at all (made by a purchase or a voucher, waiting for its
 * create-password mail) has no holder to fear. An account reachable only through identities with an
 * unverified email (Facebook) may belong to whoever typed someone else's address there: linking the
 * real owner into it would hand their sign-in to that person (pre-account hijacking).
 */
export function mayLinkByEmail(account: { passwordHash: string | null; socialIdentities: { emailVerified: boolean }[] }): boolean {
  if (account.passwordHash) return true;
  if (account.socialIdentities.length === 0) return true;
  return account.socialIdentities.some((identity) => identity.emailVerified);
}

/** A name the account has none of (a password sign-up, or Apple's first answer arriving now). */
async function fillInName(prisma: PrismaClient, userId: string, profile: SocialProfile) {
  await prisma.user.updateMany({
    where: { id: userId, name: "" },
    data: { name: profile.name ?? "", ...(profile.surname ? { surname: profile.surname } : {}) },
  });
}
