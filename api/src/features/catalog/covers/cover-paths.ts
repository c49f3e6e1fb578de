// Where an edition's cover images are (GET /covers/…, covers.route.ts): the API hands these out.

/**
 * The widths a cover's raster image comes in: the 300×450 design at 0.5×, 1× and 1.5×. With an img's srcset a
 * phone's card (150 px, on a 2× screen) fetches the 300 px one; its largest cover (240 px) the 450 px one.
 */
export const COVER_IMAGE_WIDTHS = [150, 300, 450] as const;
export type CoverImageWidth = (typeof COVER_IMAGE_WIDTHS)[number];
/** The width of the image at the plain address (`coverUrl`). */
export const FULL_COVER_WIDTH: CoverImageWidth = 450;

/** /covers/{microbook id}.{language}.webp, 450 px wide; narrower ones at /covers/{…}.{language}.{width}w.webp. */
export function coverImagePath(microbookId: string, language: string, width: CoverImageWidth = FULL_COVER_WIDTH): string {
  return `/covers/${microbookId}.${language}.${width === FULL_COVER_WIDTH ? "" : `${width}w.`}webp`;
}

/** Every width of a cover as an img's srcset ("… 150w, … 300w, … 450w"). */
export function coverSrcSet(microbookId: string, language: string): string {
  return COVER_IMAGE_WIDTHS.map((width) => `${coverImagePath(microbookId, language, width)} ${width}w`).join(", ");
}

/** The width a file name's "{width}w." part asks for (none: the full width); null for a width not served. */
export function requestedCoverWidth(part: string | undefined): CoverImageWidth | null {
  if (part === undefined) return FULL_COVER_WIDTH;
  const width = COVER_IMAGE_WIDTHS.find((candidate) => String(candidate) === part);
  // The full width has one address, the plain one.
  return width === undefined || width === FULL_COVER_WIDTH ? null : width;
}
