import { z } from "zod";
import { builder } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { Microbook, languageOrder } from "../catalog/catalog.schema.js";
import { MicrobookConnection } from "../discovery/discovery.schema.js";
import { microbooksByQuery, type MicrobookRow } from "../discovery/microbook-lists.js";
import { queryFromConnection, resolvePage } from "../discovery/paging.js";
import { cardsRequestFor } from "./library-cards.js";
import { MicrobookNotFoundError } from "./library.errors.js";
import { LIBRARY_SHELVES, LIBRARY_SORTS, shelfCount, type LibraryCounts } from "./library.sql.js";
import { removeFromLibrary } from "./library.service.js";

export const LibraryShelfEnum = builder.enumType("LibraryShelf", {
  description: "A tab of the reader's library.",
  values: {
    FAVOURITES: { description: "Microbooks the reader favourited." },
    READING: { description: "Started, not yet read." },
    READ: { description: "Finished (marked read)." },
  } satisfies Record<(typeof LIBRARY_SHELVES)[number], unknown>,
});

export const LibrarySortEnum = builder.enumType("LibrarySort", {
  description: "The order of a library tab.",
  values: {
    RECENT: { description: "Most recent activity first: favourites by when they were favourited, the others by the last reading." },
    TITLE: { description: "A–Z by the title in the reader's language, ignoring case and accents." },
    AUTHOR: { description: "A–Z by the author's name, then by title." },
  } satisfies Record<(typeof LIBRARY_SORTS)[number], unknown>,
});

const LibraryCountsRef = builder.objectRef<LibraryCounts>("LibraryCounts").implement({
  description: "How many microbooks each tab of the reader's library holds (one statement for all three).",
  fields: (t) => ({
    favourites: t.exposeInt("favourites"),
    reading: t.exposeInt("reading"),
    read: t.exposeInt("read"),
  }),
});

const LIBRARY_SIZES = { defaultSize: 20, maxSize: 50 };

builder.prismaObjectFields("User", (t) => ({
  libraryCounts: t.field({
    type: LibraryCountsRef,
    description: "The size of each tab of the reader's library.",
    select: { id: true },
    resolve: (user, _args, ctx) => ctx.loaders.libraryCounts.load(user.id),
  }),
  library: t.connection(
    {
      type: Microbook,
      description:
        "One tab of the reader's library, in the order asked for, paged (offset cursors: `page: N` and `after` name the same rows). Whatever the library's size, one statement a page when its nodes ask for no more than a card (their microbook card, reading state and access): the page's ids and books (with the tab counts, when they are asked for too); a wider selection reads its books in a second statement. `totalCount` shares the tab counts' statement.",
      select: { id: true },
      args: {
        shelf: t.arg({ type: LibraryShelfEnum, required: true }),
        sort: t.arg({ type: LibrarySortEnum, required: true, defaultValue: "RECENT" }),
        page: t.arg.int({ required: false, description: "1-based page of `first` microbooks; not with `after`." }),
      },
      resolve: async (user, args, ctx, info) => {
        const query = queryFromConnection(ctx, info, "Microbook");
        const page = await resolvePage(args, LIBRARY_SIZES, async ({ offset, limit }) => {
          // With the tab counts when the operation asks for them too (the library page), and the books
          // themselves when the nodes ask for no more than their cards: one statement.
          const { ids, cards } = await ctx.loaders.libraryCounts.page({
            userId: user.id,
            shelf: args.shelf,
            sort: args.sort,
            languages: languageOrder(ctx, null),
            offset,
            limit,
            cards: cardsRequestFor(ctx, user.id, query),
          });
          // The cards are the rows Prisma answers for the card selection (library-cards.ts).
          return cards ? (cards as unknown as MicrobookRow[]) : microbooksByQuery(ctx, query, ids);
        });
        // MicrobookConnection.totalCount reads this (counted only when asked for).
        return Object.assign(page, { total: async () => shelfCount(await ctx.loaders.libraryCounts.load(user.id), args.shelf) });
      },
    },
    MicrobookConnection,
  ),
}));

builder.mutationFields((t) => ({
  removeFromLibrary: t.withAuth({ signedIn: true }).prismaField({
    type: "Microbook",
    description:
      'Takes the microbook out of the reader\'s library: its favourite, reading status and progress are cleared, so it leaves every tab and "continue reading" (it can be added again any time). Needs no access decision: a reader may always forget their own state, locked book or not. Idempotent: removing a book that is not there answers the same.',
    errors: { types: [InputValidationError, MicrobookNotFoundError] },
    args: { microbookId: t.arg.globalID({ required: true, for: Microbook, description: "The microbook's id (Microbook.id)." }) },
    validate: z.object({ microbookId: z.unknown() }),
    resolve: async (query, _root, args, ctx) => {
      const id = args.microbookId.id;
      const exists = await ctx.prisma.microbook.findUnique({ where: { id }, select: { id: true } });
      if (!exists) throw new MicrobookNotFoundError();
      await removeFromLibrary(ctx.prisma, { userId: ctx.viewer.id, microbookId: id });
      return ctx.prisma.microbook.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
}));
