import DataLoader from "dataloader";
import type { Context } from "../../context.js";
import { MicrobookLockedError } from "./access.errors.js";
import {
  audioUrlExpiry,
  decide,
  microbookAccess,
  readAccess,
  readsEverything,
  type Decision,
  type MicrobookAccess,
  type MicrobookAction,
  type ReadAccess,
} from "./access.policy.js";

type AccessContext = Pick<Context, "prisma" | "viewer" | "now" | "timeZone">;

/**
 * The access policy for one request: what it needs to know (today's free microbook, which books this
 * reader started) is read once, in batches, and only when a decision depends on it. The viewer is read
 * from the context at each decision (signing in during an operation changes it).
 */
export function createAccess(ctx: AccessContext, freeTodayId: () => Promise<string | null>) {
  // Which books the reader started, for the books whose decision depends on it, in one statement.
  const startedBooks = new DataLoader<{ userId: string; microbookId: string }, boolean, string>(
    async (keys) => {
      const rows = await ctx.prisma.userBookState.findMany({
        where: { OR: keys.map((key) => ({ userId: key.userId, microbookId: key.microbookId })), startedAt: { not: null } },
        select: { userId: true, microbookId: true },
      });
      const started = new Set(rows.map((row) => `${row.userId}:${row.microbookId}`));
      return keys.map((key) => started.has(`${key.userId}:${key.microbookId}`));
    },
    // Keyed by reader too: an operation that signs in asks again as the new reader.
    { cacheKeyFn: (key) => `${key.userId}:${key.microbookId}` },
  );

  async function facts(microbookId: string, known: { started?: boolean }, action?: MicrobookAction) {
    const viewer = ctx.viewer;
    const freeToday = readsEverything(viewer) ? false : (await freeTodayId()) === microbookId;
    // Only marking read a book one may not read depends on having started it.
    const needed = viewer !== null && !readsEverything(viewer) && !freeToday && (action === undefined || action === "markRead");
    const started = known.started ?? (needed ? await startedBooks.load({ userId: viewer.id, microbookId }) : false);
    return { freeToday, started };
  }

  return {
    /** The viewer reads every microbook: pages may read the text with the book itself. */
    get readsEverything() {
      return readsEverything(ctx.viewer);
    },
    /** PREMIUM, FREE_TODAY or LOCKED. */
    async level(microbookId: string): Promise<ReadAccess> {
      if (readsEverything(ctx.viewer)) return "PREMIUM";
      return readAccess(ctx.viewer, { freeToday: (await freeTodayId()) === microbookId });
    },
    /** One action's decision; `known.started` when the caller already has the reader's state. */
    async decide(action: MicrobookAction, microbookId: string, known: { started?: boolean } = {}): Promise<Decision> {
      return decide(action, ctx.viewer, await facts(microbookId, known, action));
    },
    /** Every action's decision, for the schema's `viewerAccess`. */
    async of(microbookId: string, known: { started?: boolean } = {}): Promise<MicrobookAccess> {
      return microbookAccess(ctx.viewer, await facts(microbookId, known));
    },
    /** Throws MicrobookLockedError (a typed result) unless the policy allows the action. */
    async require(action: MicrobookAction, microbookId: string): Promise<void> {
      if (!(await this.decide(action, microbookId)).allowed) throw new MicrobookLockedError();
    },
    /** Until when a signed audio URL for the microbook may work; null when the reader may not listen. */
    async audioUrlExpiry(microbookId: string): Promise<Date | null> {
      if (!(await this.decide("listen", microbookId)).allowed) return null;
      return audioUrlExpiry(await this.level(microbookId), ctx.now, ctx.timeZone);
    },
  };
}
export type Access = ReturnType<typeof createAccess>;
