import { createHash } from "node:crypto";

/** The cover's font stacks, for browsers. The raster previews name the fonts they ship instead. */
export type CoverFonts = { sans: string; serif: string };
const BROWSER_FONTS: CoverFonts = { sans: "Helvetica, Arial, sans-serif", serif: "Georgia, 'Times New Roman', serif" };

export type CoverInput = { title: string; author: string; color: string; categoryName: string };

export const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Greedy line wrap by character budget (the cover font is fixed, so this is close enough). */
export function wrapLines(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && (current + " " + word).length > maxChars) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/\s*\S*$/, "")}…`;
    return kept;
  }
  return lines;
}

/**
 * The elements of a book cover, deterministic from title, author and category colour: a solid field
 * in the category colour, a pattern seeded by the title, the title large and the author below, in a
 * 300×450 user space. The SVG cover wraps them; the link-preview image (preview-image.ts) places them.
 */
export function coverElements({ title, author, color, categoryName }: CoverInput, fonts: CoverFonts = BROWSER_FONTS): string {
  const seed = createHash("sha256").update(`${title}\u0000${author}`).digest();
  const shapes = Array.from({ length: 5 }, (_, i) => {
    const cx = 40 + (seed[i * 3]! / 255) * 220;
    const cy = 250 + (seed[i * 3 + 1]! / 255) * 170;
    const r = 20 + (seed[i * 3 + 2]! / 255) * 70;
    return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="#fff" fill-opacity="${(0.06 + (seed[20 + i]! / 255) * 0.1).toFixed(2)}"/>`;
  }).join("");
  const titleSize = title.length > 40 ? 26 : title.length > 22 ? 30 : 36;
  const titleLines = wrapLines(title, Math.floor(520 / titleSize), 5);
  const titleText = titleLines.map((line, i) => `<tspan x="24" dy="${i === 0 ? 0 : titleSize * 1.15}">${escapeXml(line)}</tspan>`).join("");
  return `<rect width="300" height="450" fill="${color}"/>${shapes}
<rect x="0" y="0" width="300" height="8" fill="#000" fill-opacity="0.25"/>
<text x="24" y="52" font-family="${fonts.sans}" font-size="13" font-weight="700" letter-spacing="2" fill="#fff" fill-opacity="0.85">${escapeXml(categoryName.toUpperCase())}</text>
<text x="24" y="${110 + titleSize}" font-family="${fonts.serif}" font-size="${titleSize}" font-weight="700" fill="#fff">${titleText}</text>
<text x="24" y="420" font-family="${fonts.sans}" font-size="16" fill="#fff">${escapeXml(wrapLines(author, 30, 1)[0] ?? "")}</text>`;
}

/** A book cover as SVG (300×450): see coverElements. */
export function coverSvg(input: CoverInput): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 450" width="300" height="450" role="img" aria-label="${escapeXml(`${input.title}, ${input.author}`)}">
${coverElements(input)}
</svg>`;
}
