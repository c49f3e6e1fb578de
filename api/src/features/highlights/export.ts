import { localizePath, routePath } from "@brevia/routes";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";

/** One highlight as exports write it. */
export type ExportedHighlight = {
  quote: string;
  note: string | null;
  colour: string;
  keyIdeaPosition: number | null;
  startOffset: number;
  detached: boolean;
  createdAt: Date;
  book: { slug: string; title: string; author: string; url: string };
};

/**
 * The reader's highlights for an export (all, or one book's by slug), grouped by book in the order of
 * each book's newest highlight, each book's in reading order. One statement.
 */
export async function highlightsToExport(
  prisma: PrismaClient,
  options: { userId: string; bookSlug?: string; publicUrl: string },
): Promise<ExportedHighlight[]> {
  const rows = await prisma.highlight.findMany({
    where: { userId: options.userId, ...(options.bookSlug ? { microbook: { slug: options.bookSlug } } : {}) },
    orderBy: { createdAt: "desc" },
    select: {
      quote: true,
      note: true,
      colour: true,
      keyIdeaPosition: true,
      startOffset: true,
      detachedAt: true,
      editionId: true,
      createdAt: true,
      language: true,
      microbook: {
        select: {
          slug: true,
          author: { select: { name: true } },
          // The title in the highlight's language, or any left (its edition may have been withdrawn).
          editions: { select: { language: true, title: true } },
        },
      },
    },
  });
  const bookOrder = new Map<string, number>();
  for (const row of rows) if (!bookOrder.has(row.microbook.slug)) bookOrder.set(row.microbook.slug, bookOrder.size);
  return rows
    .map((row) => ({
      quote: row.quote,
      note: row.note,
      colour: row.colour,
      keyIdeaPosition: row.keyIdeaPosition,
      startOffset: row.startOffset,
      detached: row.detachedAt !== null || row.editionId === null,
      createdAt: row.createdAt,
      book: {
        slug: row.microbook.slug,
        title: (row.microbook.editions.find((e) => e.language === row.language) ?? row.microbook.editions[0])?.title ?? row.microbook.slug,
        author: row.microbook.author.name,
        url: options.publicUrl + localizePath(row.language as Language, routePath("microbook", { slug: row.microbook.slug })),
      },
    }))
    .sort(
      (a, b) =>
        bookOrder.get(a.book.slug)! - bookOrder.get(b.book.slug)! ||
        (a.keyIdeaPosition ?? -1) - (b.keyIdeaPosition ?? -1) ||
        a.startOffset - b.startOffset,
    );
}

const LABELS: Record<Language, { heading: string; date: string; note: string; detached: string; none: string }> = {
  en: {
    heading: "My Brevia highlights",
    date: "Date",
    note: "Note",
    detached: "The book's text changed and this passage is no longer in it.",
    none: "No highlights yet.",
  },
  pt: {
    heading: "Meus destaques no Brevia",
    date: "Data",
    note: "Nota",
    detached: "O texto do livro mudou e este trecho não está mais nele.",
    none: "Nenhum destaque ainda.",
  },
  es: {
    heading: "Mis subrayados en Brevia",
    date: "Fecha",
    note: "Nota",
    detached: "El texto del libro cambió y este pasaje ya no está en él.",
    none: "Aún no hay subrayados.",
  },
};

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Markdown, grouped by book: its title, author and link, then each highlight as a quote with its date and note. */
export function toMarkdown(highlights: ExportedHighlight[], language: Language): string {
  const labels = LABELS[language];
  const lines = [`# ${labels.heading}`, ""];
  if (highlights.length === 0) lines.push(labels.none, "");
  let current: string | null = null;
  for (const h of highlights) {
    if (h.book.slug !== current) {
      current = h.book.slug;
      lines.push(`## ${oneLine(h.book.title)}`, "", `${oneLine(h.book.author)} · <${h.book.url}>`, "");
    }
    lines.push(...h.quote.split("\n").map((line) => (line.trim() ? `> ${line}` : ">")), "");
    lines.push(`- ${labels.date}: ${day(h.createdAt)}`);
    if (h.note) lines.push(`- ${labels.note}: ${oneLine(h.note)}`);
    if (h.detached) lines.push(`- ${labels.detached}`);
    lines.push("");
  }
  return lines.join("\n");
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

/** Readwise's CSV import columns, in its order. */
export const READWISE_COLUMNS = ["Highlight", "Title", "Author", "URL", "Note", "Location", "Date"] as const;

/**
 * CSV with Readwise's import columns (RFC 4180, every field quoted, CRLF). Location is the key idea
 * (1-based; 0 for the introduction); Date is "YYYY-MM-DD HH:MM:SS" in UTC, as Readwise reads it.
 */
export function toReadwiseCsv(highlights: ExportedHighlight[]): string {
  const rows = highlights.map((h) => [
    h.quote,
    h.book.title,
    h.book.author,
    h.book.url,
    h.note ?? "",
    String(h.keyIdeaPosition === null ? 0 : h.keyIdeaPosition + 1),
    h.createdAt.toISOString().slice(0, 19).replace("T", " "),
  ]);
  return [READWISE_COLUMNS, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** A quoted CSV field; a leading =, +, @ or control character is escaped so spreadsheets do not run it as a formula. */
function csvField(value: string): string {
  const safe = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
