import epubModule from "epub-gen-memory";
import { Resvg } from "@resvg/resvg-js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";
import { bestEditionWhere } from "../catalog/catalog.schema.js";
import { coverElements } from "../catalog/covers/cover-svg.js";
import { PREVIEW_RENDER_OPTIONS } from "../catalog/covers/preview-image.js";
import { EPUB_LABELS, epubFileName, paragraphs, section } from "./epub-text.js";

// The package is CommonJS with a default export: under Node's ESM loader the function is `.default`.
const generateEpub = ((epubModule as unknown as { default?: typeof epubModule }).default ?? epubModule) as typeof epubModule;

export type BuiltEpub = { fileName: string; title: string; language: Language; content: Buffer };

/**
 * The cover as a PNG (an EPUB reader shows raster covers everywhere; Kindle ignores SVG ones), drawn
 * like the site's covers with the fonts shipped in the repository.
 */
function coverPng(cover: { title: string; author: string; color: string; categoryName: string }): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 450" width="600" height="900">${coverElements(cover, {
    sans: "'Liberation Sans'",
    serif: "'Liberation Serif'",
  })}</svg>`;
  return new Resvg(svg, { ...PREVIEW_RENDER_OPTIONS, fitTo: { mode: "width", value: 600 } }).render().asPng();
}

/**
 * The EPUB of a microbook's edition in the first of `languages` it is published in: its cover, title,
 * author, about (with who it is for and the author's bio), the introduction and each key idea as a
 * chapter. Null when the microbook has no edition. Who may have it is the access policy's `download`
 * (the callers ask it); this only builds the file.
 */
export async function buildEditionEpub(prisma: PrismaClient, microbookId: string, languages: Language[]): Promise<BuiltEpub | null> {
  const edition = await prisma.microbookEdition.findFirst({
    where: { microbookId, ...bestEditionWhere(languages) },
    select: {
      language: true,
      title: true,
      subtitle: true,
      about: true,
      audience: true,
      authorBio: true,
      introduction: true,
      keyIdeas: { orderBy: { position: "asc" }, select: { title: true, body: true } },
      microbook: {
        select: {
          slug: true,
          author: { select: { name: true } },
          category: { select: { color: true, translations: { select: { language: true, name: true } } } },
        },
      },
    },
  });
  if (!edition) return null;
  const { language, microbook } = edition;
  const labels = EPUB_LABELS[language];
  const categoryName = microbook.category.translations.find((t) => t.language === language)?.name ?? "";
  const cover = coverPng({ title: edition.title, author: microbook.author.name, color: microbook.category.color, categoryName });
  const about = [paragraphs(edition.about), section(labels.audience, edition.audience), section(labels.authorBio, edition.authorBio)];
  const chapters = [
    { title: labels.about, content: about.filter(Boolean).join("\n") },
    { title: labels.introduction, content: paragraphs(edition.introduction) },
    ...edition.keyIdeas.map((idea) => ({ title: idea.title, content: paragraphs(idea.body) })),
  ].filter((chapter) => chapter.content.trim());
  const content = await generateEpub(
    {
      title: edition.title,
      author: microbook.author.name,
      publisher: "Brevia",
      description: edition.subtitle,
      lang: language,
      tocTitle: labels.contents,
      // A File, not a data: URI (which epub-gen-memory writes as an invalid cover) nor a temporary file.
      cover: new File([new Uint8Array(cover)], "cover.png", { type: "image/png" }),
      version: 3,
      verbose: false,
      ignoreFailedDownloads: false,
    },
    chapters,
  );
  return { fileName: epubFileName(microbook.slug, language), title: edition.title, language, content };
}
