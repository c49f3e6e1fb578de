import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Transformer } from "@napi-rs/image";
import { renderAsync, type ResvgRenderOptions } from "@resvg/resvg-js";
import { ROOT_DIR } from "../../../paths.js";
import { FULL_COVER_WIDTH, type CoverImageWidth } from "./cover-paths.js";
import { coverElements, escapeXml, wrapLines, type CoverInput } from "./cover-svg.js";

// Link previews (Open Graph / Twitter cards): 1200×630 PNG images drawn from the cover design and
// rasterised by resvg with fonts shipped in the repository, so every machine draws the same pixels.

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

const FONTS_DIR = path.join(ROOT_DIR, "api", "assets", "fonts");
const SANS = "Liberation Sans";
const SERIF = "Liberation Serif";
const FONT_FILES = [path.join(FONTS_DIR, "LiberationSans-Bold.ttf"), path.join(FONTS_DIR, "LiberationSerif-Bold.ttf")];

/** No system font: a cover reads the same on a laptop, in CI and in production. */
export const PREVIEW_RENDER_OPTIONS: ResvgRenderOptions = {
  fitTo: { mode: "original" },
  font: {
    fontFiles: FONT_FILES,
    loadSystemFonts: false,
    defaultFontFamily: SANS,
    sansSerifFamily: SANS,
    serifFamily: SERIF,
  },
  logLevel: "off",
};

/** Changes when the drawing or its fonts change, so cached images of an older drawing are not reused. */
const DRAWING_VERSION = (() => {
  const hash = createHash("sha256").update("preview-v1");
  for (const file of FONT_FILES) hash.update(readFileSync(file));
  return hash.digest("hex").slice(0, 12);
})();

const BACKGROUND = "#15171c";
// resvg 2.6 does not move on to the next family of a list when the first is missing (and maps every
// generic family to one font), so the drawing names the shipped fonts alone.
const SERIF_STACK = `'${SERIF}'`;
const SANS_STACK = `'${SANS}'`;

/** The cover, enlarged, with a soft shadow, its top-left corner at (x, y). */
function placedCover(cover: CoverInput, x: number, y: number, scale: number): string {
  return `<g filter="url(#shadow)"><svg x="${x}" y="${y}" width="${300 * scale}" height="${450 * scale}" viewBox="0 0 300 450">${coverElements(cover, { sans: SANS_STACK, serif: SERIF_STACK })}</svg></g>`;
}

function frame(body: string, glow: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}">
<defs>
<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="12" stdDeviation="18" flood-color="#000" flood-opacity="0.55"/></filter>
<radialGradient id="glow" cx="0.3" cy="0.5" r="0.6"><stop offset="0" stop-color="${glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="${BACKGROUND}"/>
<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="url(#glow)"/>
${body}
</svg>`;
}

/** The wordmark, bottom right of the text column. */
function wordmark(x: number, y: number, size: number): string {
  return `<text x="${x}" y="${y}" font-family="${SERIF_STACK}" font-size="${size}" font-weight="700" fill="#fff">Brevia</text>`;
}

/**
 * An edition's preview as SVG: its cover on the left, and on the right its category, title (large,
 * wrapped) and author, with the Brevia name. Text comes from the catalogue in the edition's language.
 */
export function editionPreviewSvg(cover: CoverInput): string {
  const x = 560;
  const titleSize = cover.title.length > 48 ? 46 : cover.title.length > 24 ? 56 : 68;
  // Liberation Serif Bold averages about half an em per character.
  const titleLines = wrapLines(cover.title, Math.floor(580 / (titleSize * 0.5)), 4);
  const authorLine = wrapLines(cover.author, 34, 1)[0] ?? "";
  const titleHeight = titleLines.length * titleSize * 1.12;
  // Category, title and author centred as a block in the space above the wordmark.
  const top = Math.max(120, Math.round((520 - (titleHeight + 90)) / 2) + 40);
  const titleText = titleLines
    .map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : Math.round(titleSize * 1.12)}">${escapeXml(line)}</tspan>`)
    .join("");
  const body = [
    placedCover(cover, 110, 45, 1.2),
    `<text x="${x}" y="${top}" font-family="${SANS_STACK}" font-size="22" font-weight="700" letter-spacing="3" fill="#fff" fill-opacity="0.7">${escapeXml(cover.categoryName.toUpperCase())}</text>`,
    `<text x="${x}" y="${top + 30 + titleSize}" font-family="${SERIF_STACK}" font-size="${titleSize}" font-weight="700" fill="#fff">${titleText}</text>`,
    `<text x="${x}" y="${Math.round(top + 30 + titleSize + titleHeight + 36)}" font-family="${SANS_STACK}" font-size="32" font-weight="700" fill="#fff" fill-opacity="0.85">${escapeXml(authorLine)}</text>`,
    `<rect x="${x}" y="548" width="56" height="6" fill="${cover.color}"/>`,
    wordmark(x + 72, 566, 40),
  ].join("\n");
  return frame(body, cover.color);
}

/** Colours of the bundled catalogue's categories, for the site's own preview. */
const SITE_COLORS = ["#3d5a80", "#b04a0f", "#0b6e7a", "#8b1e3f"];

/**
 * The site's preview (home page and pages without their own): the Brevia name large, with a fan of
 * blank covers. No words but the name, so one image serves every language.
 */
export function sitePreviewSvg(): string {
  const covers = SITE_COLORS.map((color, i) => {
    const x = 640 + i * 100;
    const bars = [0, 1, 2].map(
      (line) => `<rect x="24" y="${120 + line * 44}" width="${220 - line * 50}" height="26" fill="#fff" fill-opacity="0.8"/>`,
    );
    const cover = `<rect width="300" height="450" fill="${color}"/><circle cx="${90 + i * 40}" cy="340" r="80" fill="#fff" fill-opacity="0.1"/><rect width="300" height="8" fill="#000" fill-opacity="0.25"/>${bars.join("")}`;
    return `<g transform="rotate(${-12 + i * 8} ${x + 135} 600)" filter="url(#shadow)"><svg x="${x}" y="120" width="270" height="405" viewBox="0 0 300 450">${cover}</svg></g>`;
  }).join("\n");
  const body = [
    covers,
    wordmark(96, 330, 150),
    `<rect x="100" y="372" width="96" height="10" fill="#e07a3f"/>`,
    `<text x="100" y="450" font-family="${SANS_STACK}" font-size="36" font-weight="700" letter-spacing="4" fill="#fff" fill-opacity="0.75">PT · EN · ES</text>`,
  ].join("\n");
  return frame(body, "#3d5a80");
}

/** WebP quality: the flat colours and white type of a cover show no artefact at 85 (about 7 KB, a third of the PNG). */
const COVER_WEBP_QUALITY = 85;

/**
 * An edition's cover for the app's pages, `width` pixels wide: the SVG cover's drawing with the shipped fonts, to
 * be rasterised (renderCoverWebp). A raster image costs the browser nothing on its main thread, where every SVG
 * image is a document of its own to build (tens of milliseconds on a phone, for each cover of a page).
 */
export function coverImageSvg(cover: CoverInput, width: CoverImageWidth = FULL_COVER_WIDTH): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 450" width="${width}" height="${width * 1.5}">
${coverElements(cover, { sans: SANS_STACK, serif: SERIF_STACK })}
</svg>`;
}

/** Rasterises a cover's SVG as WebP (resvg, then libwebp; both off the event loop, on libuv's thread pool). */
export async function renderCoverWebp(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, PREVIEW_RENDER_OPTIONS);
  return Transformer.fromRgbaPixels(image.pixels, image.width, image.height).webp(COVER_WEBP_QUALITY);
}

/** Rasterises a preview SVG (off the event loop: resvg renders on libuv's thread pool). */
export async function renderPreviewPng(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, PREVIEW_RENDER_OPTIONS);
  return image.asPng();
}

/** The cache key and entity tag of a preview: its drawing, fonts and text, nothing else. */
export function previewKey(svg: string): string {
  return createHash("sha256").update(DRAWING_VERSION).update(svg).digest("base64url").slice(0, 27);
}

/**
 * Rendered previews kept in memory, least recently used dropped first once they pass `maxBytes`;
 * concurrent requests for one image share its rendering.
 */
export class PreviewCache {
  private readonly images = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** The image for `key` and whether it was already rendered; renders it with `render` otherwise. */
  async get(key: string, render: () => Promise<Buffer>): Promise<{ image: Buffer; hit: boolean }> {
    const cached = this.images.get(key);
    if (cached) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.images.delete(key);
      this.images.set(key, cached);
      return { image: cached, hit: true };
    }
    let rendering = this.pending.get(key);
    if (!rendering) {
      rendering = render().finally(() => this.pending.delete(key));
      this.pending.set(key, rendering);
      this.store(key, await rendering);
    }
    return { image: await rendering, hit: false };
  }

  private store(key: string, image: Buffer) {
    if (this.images.has(key) || image.length > this.maxBytes) return;
    this.images.set(key, image);
    this.bytes += image.length;
    for (const [oldKey, old] of this.images) {
      if (this.bytes <= this.maxBytes) break;
      this.images.delete(oldKey);
      this.bytes -= old.length;
    }
  }
}
