import type { PrismaClient } from "../../generated/prisma/client.js";
import { describeDevice } from "../accounts/sessions.js";

/**
 * The reader's copy of everything Brevia holds about them (LGPD art. 18, GDPR art. 15 and 20), as JSON.
 *
 * One section per table that holds a reader's rows. A feature that adds such a table adds a section
 * here; account-export.test.ts fails while a model with a `userId` is in neither EXPORT_SECTIONS nor
 * NOT_EXPORTED, so none is forgotten. Secrets are never exported (password hash, session tokens).
 */
type Section = (prisma: PrismaClient, userId: string) => Promise<unknown>;

export const EXPORT_SECTIONS = {
  profile: (prisma, userId) =>
    prisma.user
      .findUniqueOrThrow({
        where: { id: userId },
        select: {
          id: true,
          email: true,
          name: true,
          surname: true,
          kindleEmail: true,
          interfaceLanguage: true,
          contentLanguage: true,
          createdAt: true,
          updatedAt: true,
          passwordHash: true,
        },
      })
      .then(({ passwordHash, ...profile }) => ({ ...profile, hasPassword: passwordHash !== null })),
  sessions: async (prisma, userId) => {
    const sessions = await prisma.session.findMany({
      where: { userId },
      select: { id: true, userAgent: true, createdAt: true, lastSeenAt: true, expiresAt: true },
      orderBy: { createdAt: "asc" },
    });
    return sessions.map((session) => ({ ...session, device: describeDevice(session.userAgent) }));
  },
  readingStates: (prisma, userId) =>
    prisma.userBookState.findMany({
      where: { userId },
      select: {
        microbook: { select: { slug: true } },
        isFavourite: true,
        status: true,
        progress: true,
        favouritedAt: true,
        startedAt: true,
        finishedAt: true,
        updatedAt: true,
      },
      orderBy: { updatedAt: "asc" },
    }),
  // Where the reader is in each book (text or audio), and the reading view's settings.
  readingPositions: (prisma, userId) =>
    prisma.readingPosition.findMany({
      where: { userId },
      select: {
        microbook: { select: { slug: true } },
        language: true,
        medium: true,
        keyIdea: true,
        keyIdeaOffset: true,
        audioSeconds: true,
        progress: true,
        finished: true,
        deviceId: true,
        savedAt: true,
      },
      orderBy: { savedAt: "asc" },
    }),
  readerSettings: (prisma, userId) =>
    prisma.readerSettings.findUnique({
      where: { userId },
      select: { fontStep: true, theme: true, lineWidth: true, playbackRate: true, updatedAt: true },
    }),
  entitlements: (prisma, userId) =>
    prisma.premiumEntitlement.findMany({
      where: { userId },
      select: { source: true, startsAt: true, endsAt: true, createdAt: true },
      orderBy: { startsAt: "asc" },
    }),
  onboarding: async (prisma, userId) => {
    const [answers, chosenBooks] = await Promise.all([
      prisma.onboardingAnswers.findUnique({
        where: { userId },
        select: { goals: true, dailyMinutes: true, format: true, completedAt: true, updatedAt: true },
      }),
      prisma.onboardingBookChoice.findMany({
        where: { userId },
        select: { microbook: { select: { slug: true } }, chosenAt: true },
        orderBy: { chosenAt: "asc" },
      }),
    ]);
    return { answers, chosenBooks };
  },
  socialIdentities: (prisma, userId) =>
    prisma.socialIdentity.findMany({
      where: { userId },
      select: { provider: true, subject: true, email: true, emailVerified: true, createdAt: true, lastUsedAt: true },
      orderBy: { createdAt: "asc" },
    }),
  // Browsers remembered as the reader's (log-in throttling), never their cookie's token.
  trustedDevices: (prisma, userId) =>
    prisma.trustedDevice.findMany({
      where: { userId },
      select: { createdAt: true, lastUsedAt: true, expiresAt: true },
      orderBy: { createdAt: "asc" },
    }),
  // Links mailed to the reader (password reset, email change…): what they were for, never the token.
  accountLinks: (prisma, userId) =>
    prisma.accountToken.findMany({
      where: { userId },
      select: { purpose: true, newEmail: true, createdAt: true, expiresAt: true, usedAt: true },
      orderBy: { createdAt: "asc" },
    }),
  // Commerce: what the reader bought and paid, with the card's brand and last 4 only (never more is held).
  billing: async (prisma, userId) => {
    const [customer, subscriptions, receipts, vouchers] = await Promise.all([
      prisma.billingCustomer.findUnique({
        where: { userId },
        select: { provider: true, currency: true, cardBrand: true, cardLast4: true, createdAt: true },
      }),
      prisma.subscription.findMany({
        where: { userId },
        select: {
          planId: true,
          offerSlug: true,
          currency: true,
          amount: true,
          status: true,
          trialEndsAt: true,
          currentPeriodStart: true,
          currentPeriodEnd: true,
          cancelAtPeriodEnd: true,
          canceledAt: true,
          endedAt: true,
          cancelReason: true,
          createdAt: true,
        },
        orderBy: { createdAt: "asc" },
      }),
      prisma.receipt.findMany({
        where: { userId },
        select: {
          planId: true,
          currency: true,
          amount: true,
          paidAt: true,
          refundedAmount: true,
          refundedAt: true,
          cardBrand: true,
          cardLast4: true,
        },
        orderBy: { paidAt: "asc" },
      }),
      prisma.voucherRedemption.findMany({
        where: { userId },
        select: { redeemedAt: true, voucher: { select: { code: true } } },
        orderBy: { redeemedAt: "asc" },
      }),
    ]);
    return { customer, subscriptions, receipts, vouchers: vouchers.map((v) => ({ code: v.voucher.code, redeemedAt: v.redeemedAt })) };
  },
  // Highlights and notes, with their place and state (a detached one keeps its original quote).
  highlights: (prisma, userId) =>
    prisma.highlight.findMany({
      where: { userId },
      select: {
        microbook: { select: { slug: true } },
        language: true,
        quote: true,
        note: true,
        colour: true,
        keyIdeaPosition: true,
        startOffset: true,
        endOffset: true,
        detachedAt: true,
        shareId: true,
        createdAt: true,
        updatedAt: true,
      },
      orderBy: { createdAt: "asc" },
    }),
} satisfies Record<string, Section>;

/** The Prisma models the sections above read (the test compares them with every model tied to User). */
export const EXPORTED_MODELS = [
  "User",
  "Session",
  "UserBookState",
  "ReadingPosition",
  "ReaderSettings",
  "PremiumEntitlement",
  "OnboardingAnswers",
  "OnboardingBookChoice",
  "SocialIdentity",
  "AccountToken",
  "TrustedDevice",
  "BillingCustomer",
  "Subscription",
  "Receipt",
  "VoucherRedemption",
  "Highlight",
];

/** Models tied to User that are deliberately not exported, and why. */
export const NOT_EXPORTED: Record<string, string> = {};

export const EXPORT_FORMAT_VERSION = 1;

/** The whole export: every section, read in parallel. */
export async function exportAccount(prisma: PrismaClient, userId: string, now = new Date()) {
  const entries = await Promise.all(
    Object.entries(EXPORT_SECTIONS).map(async ([name, load]) => [name, await (load as Section)(prisma, userId)] as const),
  );
  return { format: "brevia-account-export", version: EXPORT_FORMAT_VERSION, exportedAt: now.toISOString(), ...Object.fromEntries(entries) };
}
