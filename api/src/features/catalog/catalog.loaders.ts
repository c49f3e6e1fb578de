import type { Context } from "../../context.js";
import { createEditionContentLoader } from "./content/content.loader.js";
import { freeMicrobookIdFor, type FreeDailyPickSource } from "./free-daily.js";

/** Per-request loaders for the catalogue: each is computed at most once per operation. */
export function createCatalogLoaders(ctx: Pick<Context, "prisma" | "now" | "timeZone">, freePicks?: FreeDailyPickSource) {
  let freeToday: Promise<string | null> | undefined;
  return {
    /** Today's free microbook (the access policy's fact too). */
    freeTodayId: () => (freeToday ??= freePicks ? freePicks(ctx.now) : freeMicrobookIdFor(ctx.prisma, ctx.now, ctx.timeZone)),
    editionContent: createEditionContentLoader(ctx.prisma),
  };
}
