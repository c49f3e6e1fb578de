import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Language } from "../generated/prisma/enums.js";
import { hashPassword } from "../features/accounts/passwords.js";
import { hashSessionToken } from "../features/accounts/viewer.js";
import { serviceDay } from "../features/catalog/service-time.js";

let sequence = 0;
const next = () => ++sequence;

export async function buildCategory(prisma: PrismaClient, overrides: { slug?: string; names?: Partial<Record<Language, string>> } = {}) {
  const n = next();
  const names = { en: `Category ${n}`, pt: `Categoria ${n}`, es: `Categoría ${n}`, ...overrides.names };
  return prisma.category.create({
    data: {
      slug: overrides.slug ?? `category-${n}`,
      color: "#1d3557",
      icon: "book",
      position: n,
      translations: {
        create: (Object.keys(names) as Language[]).map((language) => ({
          language,
          name: names[language]!,
          description: `${names[language]} description`,
        })),
      },
    },
  });
}

/** A microbook with an edition per language given, each with `keyIdeas` key ideas. */
export async function buildMicrobook(
  prisma: PrismaClient,
  options: { slug?: string; categoryId?: string; languages?: Language[]; keyIdeas?: number; createdAt?: Date } = {},
) {
  const n = next();
  const categoryId = options.categoryId ?? (await buildCategory(prisma)).id;
  const slug = options.slug ?? `microbook-${n}`;
  return prisma.microbook.create({
    data: {
      slug,
      publishedYear: 1900 + n,
      createdAt: options.createdAt,
      category: { connect: { id: categoryId } },
      author: { create: { slug: `author-${n}`, name: `Author ${n}` } },
      editions: {
        create: (options.languages ?? ["en"]).map((language) => ({
          language,
          title: `Title ${n} (${language})`,
          subtitle: `Subtitle ${n}`,
          authorBio: "Bio",
          about: "About",
          audience: "Audience",
          introduction: `Introduction ${n} (${language})`,
          wordCount: 1500,
          readingMinutes: 9,
          keyIdeas: {
            create: Array.from({ length: options.keyIdeas ?? 2 }, (_, position) => ({
              position,
              title: `Idea ${position + 1}`,
              body: `Body ${position + 1} (${language})`,
            })),
          },
        })),
      },
    },
    include: { editions: true },
  });
}

export async function buildUser(
  prisma: PrismaClient,
  overrides: { email?: string; contentLanguage?: Language; interfaceLanguage?: Language; password?: string } = {},
) {
  const n = next();
  return prisma.user.create({
    data: {
      email: overrides.email ?? `reader${n}@example.com`,
      name: `Reader ${n}`,
      contentLanguage: overrides.contentLanguage ?? "pt",
      interfaceLanguage: overrides.interfaceLanguage,
      // Stored as the app stores it: the reader can log in with this password.
      passwordHash: overrides.password === undefined ? undefined : await hashPassword(overrides.password),
    },
  });
}

/** A signed-in session; returns the cookie token a browser would hold. */
export async function buildSession(prisma: PrismaClient, userId: string, expiresAt = new Date(Date.now() + 86_400_000)) {
  const token = randomBytes(24).toString("base64url");
  await prisma.session.create({ data: { userId, tokenHash: hashSessionToken(token), expiresAt } });
  return token;
}

/** Makes a microbook today's free one (the pick is recorded per day of the service's default time zone). */
export async function makeFreeToday(prisma: PrismaClient, microbookId: string, now = new Date()) {
  const day = serviceDay(now);
  await prisma.freeDailyPick.upsert({ where: { day }, create: { day, microbookId }, update: { microbookId } });
}

/** A narration of an edition, as a row only (no file): tests of what lists, pages and saves say of its length. */
export async function buildAudioTrack(
  prisma: PrismaClient,
  editionId: string,
  overrides: { fileName?: string; mimeType?: string; byteSize?: number; durationSeconds?: number } = {},
) {
  return prisma.audioTrack.create({
    data: {
      editionId,
      fileName: overrides.fileName ?? "narration.opus",
      mimeType: overrides.mimeType ?? "audio/ogg",
      byteSize: overrides.byteSize ?? 1,
      durationSeconds: overrides.durationSeconds ?? 1,
      chapters: [],
    },
  });
}

/**
 * Makes a reader premium from `from` until `until` (null: no end), as support or a test would. Commerce
 * writes its own sources (trial, subscription…) through the same table and entitlement function.
 */
export async function grantPremium(prisma: PrismaClient, userId: string, window: { from?: Date; until?: Date | null } = {}) {
  const from = window.from ?? new Date(Date.now() - 60_000);
  const until = window.until === undefined ? new Date(from.getTime() + 30 * 86_400_000) : window.until;
  return prisma.premiumEntitlement.create({ data: { userId, source: "GRANT", startsAt: from, endsAt: until } });
}

const DAY = 86_400_000;

/**
 * What a reader has bought, as of now: `free` (nothing), `premium` (a grant covering now, see
 * grantPremium), `trial` (a 7-day trial started a minute ago), `lapsed` (premium that ended yesterday).
 */
export type ReaderPlan = "free" | "premium" | "trial" | "lapsed";

/**
 * A signed-in reader: the user (with `password` they can log in with) on `plan`, and the session token
 * their browser holds (`sessionExpiresAt`: when it ends, default in a day).
 */
export async function buildReader(
  prisma: PrismaClient,
  options: Parameters<typeof buildUser>[1] & { plan?: ReaderPlan; sessionExpiresAt?: Date } = {},
) {
  const { plan = "free", sessionExpiresAt, ...user } = options;
  const reader = await buildUser(prisma, user);
  const now = Date.now();
  if (plan === "premium") await grantPremium(prisma, reader.id);
  if (plan === "trial") {
    await prisma.premiumEntitlement.create({
      data: { userId: reader.id, source: "TRIAL", startsAt: new Date(now - 60_000), endsAt: new Date(now + 7 * DAY) },
    });
  }
  if (plan === "lapsed") await grantPremium(prisma, reader.id, { from: new Date(now - 40 * DAY), until: new Date(now - DAY) });
  return { user: reader, token: await buildSession(prisma, reader.id, sessionExpiresAt) };
}
