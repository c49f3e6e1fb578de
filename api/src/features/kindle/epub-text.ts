import type { Language } from "../../generated/prisma/enums.js";

/** The words an EPUB adds around the catalogue's text, in the reader's language. */
export const EPUB_LABELS: Record<Language, { about: string; audience: string; authorBio: string; introduction: string; contents: string }> =
  {
    pt: { about: "Sobre o livro", audience: "Para quem é", authorBio: "Sobre o autor", introduction: "Introdução", contents: "Sumário" },
    en: {
      about: "About the book",
      audience: "Who it is for",
      authorBio: "About the author",
      introduction: "Introduction",
      contents: "Contents",
    },
    es: {
      about: "Sobre el libro",
      audience: "Para quién es",
      authorBio: "Sobre el autor",
      introduction: "Introducción",
      contents: "Índice",
    },
  };

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** Inline marks of the catalogue's text (as the web's RichText reads them): **bold** and *italic*. */
function inline(text: string): string {
  return text
    .split(/(\*\*[^*]+\*\*|\*[^*]+\*)/g)
    .map((part) => {
      if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return `<strong>${escapeHtml(part.slice(2, -2))}</strong>`;
      if (part.startsWith("*") && part.endsWith("*") && part.length > 2) return `<em>${escapeHtml(part.slice(1, -1))}</em>`;
      return escapeHtml(part);
    })
    .join("");
}

/** Catalogue text (paragraphs separated by blank lines) as XHTML paragraphs; never raw HTML from the text. */
export function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${inline(paragraph)}</p>`)
    .join("\n");
}

/** A heading followed by its text's paragraphs, left out when the text is empty. */
export function section(heading: string, text: string): string {
  return text.trim() ? `<h2>${escapeHtml(heading)}</h2>\n${paragraphs(text)}` : "";
}

/** A safe file name for the book: letters, digits and dashes. */
export function epubFileName(slug: string, language: Language): string {
  return `${slug.replace(/[^a-z0-9-]/gi, "-")}.${language}.epub`;
}
