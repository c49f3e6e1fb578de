import type { PrismaClient } from "../../../generated/prisma/client.js";
import { CATALOG_DIR } from "../../../paths.js";
import { storeCatalogAudio } from "../audio/audio-store.js";
import { importCatalog } from "./import.js";
import { readCatalog } from "./parse.js";

/** Imports the bundled catalogue (and its audio) into an empty database; returns a summary, or null if not empty. */
export async function seedIfEmpty(prisma: PrismaClient, mediaDir: string, dir = CATALOG_DIR): Promise<string | null> {
  if ((await prisma.microbook.count()) > 0) return null;
  const catalog = await readCatalog(dir);
  const summary = await importCatalog(prisma, catalog);
  await storeCatalogAudio(dir, catalog, mediaDir);
  return `${summary.microbooks} microbooks (${summary.editions} editions, ${summary.audio} narrated), ${summary.categories} categories, ${summary.playlists} playlists, ${summary.originals} originals`;
}
