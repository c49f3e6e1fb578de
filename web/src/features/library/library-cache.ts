import type { ApolloCache, Reference } from "@apollo/client";

// What a reader's action does to the lists on screen, in the normalized cache: the library's tab counts,
// its lists (each tab in each order, "Show more" pages appended: addLibraryTypePolicies), and home's continue reading. Run as a mutation's `update`, it
// applies to the optimistic answer at once and again to the server's; a refused or failed write drops
// the optimistic layer, and with it these changes (the rollback). Nothing is refetched.

export type Shelf = "FAVOURITES" | "READING" | "READ";
export type ShelfState = { isFavourite: boolean; status: "NONE" | "READING" | "READ" };
/** A book out of the library (removed): on no shelf. */
export const NO_STATE: ShelfState = { isFavourite: false, status: "NONE" };

const COUNT_FIELD = { FAVOURITES: "favourites", READING: "reading", READ: "read" } as const;

export function shelvesOf(state: ShelfState): Set<Shelf> {
  const shelves = new Set<Shelf>();
  if (state.isFavourite) shelves.add("FAVOURITES");
  if (state.status === "READING") shelves.add("READING");
  if (state.status === "READ") shelves.add("READ");
  return shelves;
}

/**
 * The cache's policies for the library, added by the library page's loader (not in the home page's
 * JavaScript): Viewer.library keeps one list per tab and order, "Show more" pages (`after`) appended.
 */
export function addLibraryTypePolicies(cache: ApolloCache & { policies?: { addTypePolicies(policies: object): void } }) {
  cache.policies?.addTypePolicies({
    LibraryCounts: { merge: true },
    Viewer: {
      fields: {
        library: {
          keyArgs: ["shelf", "sort"],
          merge(
            existing: { nodes?: unknown[] } | undefined,
            incoming: { nodes?: unknown[] },
            { args }: { args: Record<string, unknown> | null },
          ) {
            if (!args?.after || !existing?.nodes || !incoming.nodes) return incoming;
            return { ...incoming, nodes: [...existing.nodes, ...incoming.nodes] };
          },
        },
      },
    },
  });
}

type ListValue = { nodes?: readonly Reference[]; totalCount?: number } & Record<string, unknown>;

/** The tab and order a stored `library` field holds, from its store name (`library:{"shelf":"READ","sort":"TITLE"}`). */
function listKey(storeFieldName: string): { shelf: Shelf; sort: string } | null {
  const shelf = /"shelf":"(\w+)"/.exec(storeFieldName)?.[1] as Shelf | undefined;
  const sort = /"sort":"(\w+)"/.exec(storeFieldName)?.[1] ?? "RECENT";
  return shelf ? { shelf, sort } : null;
}

/** The signed-in reader's Viewer in the cache (ROOT_QUERY.viewer), if any. */
function viewerId(cache: ApolloCache): string | undefined {
  let id: string | undefined;
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      viewer(value: Reference | null) {
        id = value?.__ref;
        return value;
      },
    },
    broadcast: false,
  });
  return id;
}

/**
 * Moves the microbook between the lists as its state goes from `before` to `after`: out of the lists of
 * the shelves it leaves (and their counts), into those it joins. A book joining a shelf goes first in
 * the "most recent" lists (it is the latest activity there); where its place depends on titles or
 * authors not in the cache, the list is dropped and read again when next shown (never one on screen:
 * a shelf the book joins is not the tab the reader is acting from).
 */
export function updateLibraryLists(cache: ApolloCache, microbookId: string, before: ShelfState, after: ShelfState) {
  const was = shelvesOf(before);
  const is = shelvesOf(after);
  const left = [...was].filter((shelf) => !is.has(shelf));
  const joined = [...is].filter((shelf) => !was.has(shelf));
  if (!left.length && !joined.length) return;
  const userId = viewerId(cache);
  if (!userId) return;
  const bookRef = cache.identify({ __typename: "Microbook", id: microbookId });
  if (!bookRef) return;
  const ref = { __ref: bookRef } as Reference;
  // A book the cache knows only by id (never shown as a card) cannot be listed from the cache.
  const cardIn = (readField: (field: string, from: Reference) => unknown) =>
    readField("slug", ref) !== undefined && readField("edition", ref) !== undefined;
  const change = (shelf: Shelf) => (left.includes(shelf) ? -1 : joined.includes(shelf) ? 1 : 0);

  const moved = (list: ListValue, shelf: Shelf, recent: boolean, DELETE: unknown): ListValue | unknown => {
    const delta = change(shelf);
    if (!delta || !list.nodes) return list;
    const totalCount = typeof list.totalCount === "number" ? Math.max(0, list.totalCount + delta) : list.totalCount;
    if (delta < 0) return { ...list, totalCount, nodes: list.nodes.filter((node) => node.__ref !== bookRef) };
    if (!recent) return DELETE;
    return { ...list, totalCount, nodes: [ref, ...list.nodes.filter((node) => node.__ref !== bookRef)] };
  };

  cache.modify({
    id: userId,
    fields: {
      libraryCounts(counts: Record<string, number> | Reference) {
        if (!counts || "__ref" in counts) return counts;
        const next = { ...counts };
        for (const shelf of [...left, ...joined]) next[COUNT_FIELD[shelf]] = Math.max(0, (next[COUNT_FIELD[shelf]] ?? 0) + change(shelf));
        return next;
      },
      library(list, { storeFieldName, DELETE, readField }) {
        const key = listKey(storeFieldName);
        return key ? moved(list as ListValue, key.shelf, key.sort === "RECENT" && cardIn(readField), DELETE) : list;
      },
      // Home's continue reading: the READING shelf, most recently read first.
      continueReading(list, { DELETE, readField }) {
        return moved(list as ListValue, "READING", cardIn(readField), DELETE);
      },
    },
  });
}
