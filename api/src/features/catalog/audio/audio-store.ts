import { copyFile, mkdir, rename, stat, utimes } from "node:fs/promises";
import path from "node:path";

/** Where narrated audio is served from, inside MEDIA_DIR. */
export const audioDir = (mediaDir: string) => path.join(mediaDir, "audio");

/** Same size and modification time, as rsync judges (a copy keeps its source's time). */
async function upToDate(from: string, to: string): Promise<boolean> {
  const [source, copy] = await Promise.all([stat(from), stat(to).catch(() => null)]);
  return copy !== null && copy.size === source.size && Math.abs(copy.mtimeMs - source.mtimeMs) < 1;
}

/** What copying needs from a catalogue (a parsed Catalog is one): each edition's audio file name. */
type CatalogAudio = { books: { editions: { audio?: { fileName: string } }[] }[] };

/**
 * Copies a catalogue's audio files into the media folder, so the server plays what the database
 * references whichever folder the catalogue was imported from. Unchanged files are left alone.
 */
export async function storeCatalogAudio(
  catalogDir: string,
  catalog: CatalogAudio,
  mediaDir: string,
): Promise<{ copied: number; unchanged: number }> {
  const target = audioDir(mediaDir);
  await mkdir(target, { recursive: true });
  let copied = 0;
  let unchanged = 0;
  for (const book of catalog.books) {
    for (const edition of book.editions) {
      if (!edition.audio) continue;
      const from = path.join(catalogDir, "audio", edition.audio.fileName);
      const to = path.join(target, edition.audio.fileName);
      if (await upToDate(from, to)) {
        unchanged++;
        continue;
      }
      // Copy beside, then rename: a listener never gets half a file.
      const partial = `${to}.partial`;
      await copyFile(from, partial);
      const { atime, mtime } = await stat(from);
      await utimes(partial, atime, mtime);
      await rename(partial, to);
      copied++;
    }
  }
  return { copied, unchanged };
}
