import { Prisma, type PrismaClient } from "../../../generated/prisma/client.js";
import { detachEditionHighlights, reanchorEdition } from "../../highlights/highlights.service.js";
import type { AuthorName } from "./author-names.js";
import type { Catalog, CatalogBook, CatalogLanguage, UpgradeContent } from "./model.js";

type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

export type ImportSummary = {
  categories: number;
  microbooks: number;
  editions: number;
  audio: number;
  playlists: number;
  originals: number;
};

/** Monday of an ISO week ("2026-W47") at midnight UTC. */
export function isoWeekStart(week: string): Date {
  const [year, w] = week.split("-W").map(Number) as [number, number];
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = new Date(jan4);
  monday.setUTCDate(jan4.getUTCDate() - ((jan4.getUTCDay() + 6) % 7) + (w - 1) * 7);
  return monday;
}

/** Upserts the upgrade modal's testimonials and FAQ, in file order, and removes the ones no longer listed. */
async function importUpgradeContent(tx: Tx, upgrade: UpgradeContent | undefined) {
  const { testimonials, faq } = upgrade ?? { testimonials: [], faq: [] };
  for (const [position, entry] of testimonials.entries()) {
    const row = await tx.testimonial.upsert({
      where: { slug: entry.slug },
      create: { slug: entry.slug, position, author: entry.author },
      update: { position, author: entry.author },
      select: { id: true },
    });
    for (const language of Object.keys(entry.quote) as CatalogLanguage[]) {
      const t = { quote: entry.quote[language], source: entry.source[language] };
      await tx.testimonialTranslation.upsert({
        where: { testimonialId_language: { testimonialId: row.id, language } },
        create: { testimonialId: row.id, language, ...t },
        update: t,
      });
    }
  }
  await tx.testimonial.deleteMany({ where: { slug: { notIn: testimonials.map((t) => t.slug) } } });
  for (const [position, entry] of faq.entries()) {
    const row = await tx.faqEntry.upsert({
      where: { slug: entry.slug },
      create: { slug: entry.slug, position },
      update: { position },
      select: { id: true },
    });
    for (const language of Object.keys(entry.question) as CatalogLanguage[]) {
      const t = { question: entry.question[language], answer: entry.answer[language] };
      await tx.faqEntryTranslation.upsert({
        where: { faqEntryId_language: { faqEntryId: row.id, language } },
        create: { faqEntryId: row.id, language, ...t },
        update: t,
      });
    }
  }
  await tx.faqEntry.deleteMany({ where: { slug: { notIn: faq.map((f) => f.slug) } } });
}

async function importBook(tx: Tx, book: CatalogBook, categoryIds: Map<string, string>, highlighted: ReadonlySet<string>) {
  const names = { name: book.author, searchNames: book.authorNames.searchNames };
  const author = await tx.author.upsert({
    where: { slug: book.authorSlug },
    create: { slug: book.authorSlug, ...names },
    update: names,
    select: { id: true },
  });
  for (const [language, t] of Object.entries(book.authorNames.byLanguage) as [CatalogLanguage, AuthorName][]) {
    await tx.authorTranslation.upsert({
      where: { authorId_language: { authorId: author.id, language } },
      create: { authorId: author.id, language, ...t },
      update: t,
    });
  }
  const facts = { authorId: author.id, categoryId: categoryIds.get(book.category)!, publishedYear: book.year };
  const microbook = await tx.microbook.upsert({
    where: { slug: book.slug },
    create: { slug: book.slug, ...facts },
    update: facts,
    select: { id: true },
  });
  let audio = 0;
  for (const e of book.editions) {
    const data = {
      title: e.title,
      subtitle: e.subtitle,
      authorBio: e.authorBio,
      about: e.about,
      audience: e.audience,
      introduction: e.introduction,
      wordCount: e.wordCount,
      readingMinutes: e.readingMinutes,
    };
    const existing = await tx.microbookEdition.findUnique({
      where: { microbookId_language: { microbookId: microbook.id, language: e.language } },
    });
    // Update only what changed, so importing the same catalogue twice changes nothing (updatedAt included).
    const changed = !existing || (Object.keys(data) as (keyof typeof data)[]).some((k) => existing[k] !== data[k]);
    const edition = !existing
      ? await tx.microbookEdition.create({ data: { microbookId: microbook.id, language: e.language, ...data }, select: { id: true } })
      : changed
        ? await tx.microbookEdition.update({ where: { id: existing.id }, data, select: { id: true } })
        : existing;
    for (const [position, idea] of e.keyIdeas.entries()) {
      await tx.keyIdea.upsert({
        where: { editionId_position: { editionId: edition.id, position } },
        create: { editionId: edition.id, position, ...idea },
        update: idea,
      });
    }
    await tx.keyIdea.deleteMany({ where: { editionId: edition.id, position: { gte: e.keyIdeas.length } } });
    // Readers' highlights follow the text when it changed (or are kept, detached, when they cannot).
    if (highlighted.has(edition.id)) await reanchorEdition(tx, edition.id);
    if (e.audio) {
      const track = {
        fileName: e.audio.fileName,
        mimeType: e.audio.mimeType,
        byteSize: e.audio.byteSize,
        durationSeconds: e.audio.durationSeconds,
        chapters: e.audio.chapters,
        synthetic: e.audio.narrator?.kind !== "human",
        narratorName: e.audio.narrator?.kind === "human" ? (e.audio.narrator.name ?? null) : null,
        sentences: e.audio.sentences ?? Prisma.DbNull,
      };
      await tx.audioTrack.upsert({ where: { editionId: edition.id }, create: { editionId: edition.id, ...track }, update: track });
      audio++;
    } else {
      await tx.audioTrack.deleteMany({ where: { editionId: edition.id } });
    }
  }
  const withdrawn = { microbookId: microbook.id, language: { notIn: book.editions.map((e) => e.language) } };
  // A withdrawn language's highlights stay in their readers' lists, detached.
  const withdrawnIds = (await tx.microbookEdition.findMany({ where: withdrawn, select: { id: true } })).map((row) => row.id);
  if (withdrawnIds.length) await detachEditionHighlights(tx, withdrawnIds);
  await tx.microbookEdition.deleteMany({ where: withdrawn });
  return { id: microbook.id, audio };
}

/** Upserts a validated catalogue in one transaction: all of it or nothing. Idempotent. */
export async function importCatalog(prisma: PrismaClient, catalog: Catalog): Promise<ImportSummary> {
  return prisma.$transaction(
    async (tx) => {
      const categoryIds = new Map<string, string>();
      for (const c of catalog.categories) {
        const row = await tx.category.upsert({
          where: { slug: c.slug },
          create: { slug: c.slug, color: c.color, icon: c.icon, position: c.position },
          update: { color: c.color, icon: c.icon, position: c.position },
          select: { id: true },
        });
        categoryIds.set(c.slug, row.id);
        for (const language of Object.keys(c.name) as CatalogLanguage[]) {
          const t = { name: c.name[language], description: c.description[language] };
          await tx.categoryTranslation.upsert({
            where: { categoryId_language: { categoryId: row.id, language } },
            create: { categoryId: row.id, language, ...t },
            update: t,
          });
        }
      }
      const bookIds = new Map<string, string>();
      let audio = 0;
      // The editions readers highlighted (one statement): only those are re-anchored.
      const highlighted = new Set(
        (await tx.highlight.findMany({ where: { editionId: { not: null } }, distinct: ["editionId"], select: { editionId: true } })).map(
          (row) => row.editionId!,
        ),
      );
      for (const book of catalog.books) {
        const imported = await importBook(tx, book, categoryIds, highlighted);
        bookIds.set(book.slug, imported.id);
        audio += imported.audio;
      }
      for (const book of catalog.books) {
        const microbookId = bookIds.get(book.slug)!;
        const similarIds = book.similar.map((s) => bookIds.get(s)!);
        for (const [position, similarId] of similarIds.entries()) {
          await tx.similarMicrobook.upsert({
            where: { microbookId_similarId: { microbookId, similarId } },
            create: { microbookId, similarId, position },
            update: { position },
          });
        }
        await tx.similarMicrobook.deleteMany({ where: { microbookId, similarId: { notIn: similarIds } } });
      }
      for (const p of catalog.playlists) {
        const facts = { week: p.week, weekStart: isoWeekStart(p.week) };
        const row = await tx.playlist.upsert({
          where: { slug: p.slug },
          create: { slug: p.slug, ...facts },
          update: facts,
          select: { id: true },
        });
        for (const language of Object.keys(p.title) as CatalogLanguage[]) {
          const t = { title: p.title[language], description: p.description[language] };
          await tx.playlistTranslation.upsert({
            where: { playlistId_language: { playlistId: row.id, language } },
            create: { playlistId: row.id, language, ...t },
            update: t,
          });
        }
        for (const [position, slug] of p.books.entries()) {
          const microbookId = bookIds.get(slug)!;
          await tx.playlistItem.upsert({
            where: { playlistId_position: { playlistId: row.id, position } },
            create: { playlistId: row.id, position, microbookId },
            update: { microbookId },
          });
        }
        await tx.playlistItem.deleteMany({ where: { playlistId: row.id, position: { gte: p.books.length } } });
      }
      for (const [index, o] of catalog.originals.entries()) {
        const facts = { specialistName: o.specialist.name, position: index };
        const row = await tx.original.upsert({
          where: { slug: o.slug },
          create: { slug: o.slug, ...facts },
          update: facts,
          select: { id: true },
        });
        for (const language of Object.keys(o.title) as CatalogLanguage[]) {
          const t = { title: o.title[language], specialistRole: o.specialist.role[language], introduction: o.introduction[language] };
          await tx.originalTranslation.upsert({
            where: { originalId_language: { originalId: row.id, language } },
            create: { originalId: row.id, language, ...t },
            update: t,
          });
        }
        for (const [position, step] of o.steps.entries()) {
          const microbookId = bookIds.get(step.book)!;
          const saved = await tx.originalStep.upsert({
            where: { originalId_position: { originalId: row.id, position } },
            create: { originalId: row.id, position, microbookId },
            update: { microbookId },
            select: { id: true },
          });
          for (const language of Object.keys(step.text) as CatalogLanguage[]) {
            await tx.originalStepTranslation.upsert({
              where: { stepId_language: { stepId: saved.id, language } },
              create: { stepId: saved.id, language, text: step.text[language] },
              update: { text: step.text[language] },
            });
          }
        }
        await tx.originalStep.deleteMany({ where: { originalId: row.id, position: { gte: o.steps.length } } });
      }
      await importUpgradeContent(tx, catalog.upgrade);
      return {
        categories: catalog.categories.length,
        microbooks: catalog.books.length,
        editions: catalog.books.reduce((n, b) => n + b.editions.length, 0),
        audio,
        playlists: catalog.playlists.length,
        originals: catalog.originals.length,
      };
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
}
