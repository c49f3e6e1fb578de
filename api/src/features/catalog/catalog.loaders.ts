import type { Context } from "../../context.js";
import { createEditionContentLoader } from "./content/content.loader.js";
import { freeMicrobookIdFor, type FreeDailyPickSource } from "./free-daily.js";
import { readAccess, type ReadAccess } from "./catalog.policy.js";

/** Per-request loaders for the catalogue: each is computed at most once per operation. */
export function createCatalogLoaders(ctx: Pick<Context, "prisma" | "now" | "viewer" | "timeZone">, freePicks?: FreeDailyPickSource) {
  let freeToday: Promise<string | null> | undefined;
  const freeTodayId = () => (freeToday ??= freePicks ? freePicks(ctx.now) : freeMicrobookIdFor(ctx.prisma, ctx.now, ctx.timeZone));
  return {
    freeTodayId,
    async accessTo(microbookId: string): Promise<ReadAccess> {
      // A premium reader needs no free-book lookup.
      if (ctx.viewer?.isPremium) return "PREMIUM";
      return readAccess({ viewer: ctx.viewer, microbookId, freeTodayId: await freeTodayId() });
    },
    editionContent: createEditionContentLoader(ctx.prisma),
  };
}
