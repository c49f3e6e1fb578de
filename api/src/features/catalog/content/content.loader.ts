import DataLoader from "dataloader";
import type { PrismaClient } from "../../../generated/prisma/client.js";

/** What MicrobookEdition.content serves: read only for editions the reader may read. */
export type EditionContentRow = {
  id: string;
  microbookId: string;
  introduction: string;
  keyIdeas: { position: number; title: string; body: string }[];
  audio: { fileName: string } | null;
};

/** The columns of EditionContentRow, for a statement that reads an edition's content. */
export const EDITION_CONTENT_SELECT = {
  id: true,
  microbookId: true,
  introduction: true,
  keyIdeas: { orderBy: { position: "asc" }, select: { position: true, title: true, body: true } },
  audio: { select: { fileName: true } },
} as const;

/** Batches the gated content of every edition asked for in one operation into one statement. */
export function createEditionContentLoader(prisma: PrismaClient) {
  return new DataLoader<string, EditionContentRow | null>(async (editionIds) => {
    const rows = await prisma.microbookEdition.findMany({
      where: { id: { in: [...editionIds] } },
      select: EDITION_CONTENT_SELECT,
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return editionIds.map((id) => byId.get(id) ?? null);
  });
}
