import { useMutation } from "@apollo/client/react";
import { useLingui } from "@lingui/react/macro";
import { useCallback, useMemo } from "react";
import { errorMessage, isError } from "../../app/errors/error-messages";
import { useToast } from "../../app/shell/toasts";
import type { HighlightColour } from "../../gql/graphql";
import type { ChapterSelection } from "./chapter-text";
import { CreateHighlightMutation, DeleteHighlightMutation, ShareHighlightMutation, UpdateHighlightMutation } from "./highlights.graphql";

/** What an optimistic new highlight shows of its book until the server answers. */
export type BookForHighlights = {
  id: string;
  slug: string;
  author: { id: string; name: string };
  edition: { id: string; title: string } | null;
};

let pending = 0;

/**
 * The reader's actions on highlights, each shown at once (optimistic) and kept in Apollo's normalized
 * cache, so every list on screen follows without a refetch: a new highlight joins its book's list, a
 * deleted one leaves every list. A refusal or a failure rolls back and is said in a toast.
 */
export function useHighlightActions() {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const [createMutation] = useMutation(CreateHighlightMutation);
  const [updateMutation] = useMutation(UpdateHighlightMutation);
  const [deleteMutation] = useMutation(DeleteHighlightMutation);
  const [shareMutation] = useMutation(ShareHighlightMutation);

  const failed = useCallback(
    (answer: { __typename?: string } | null | undefined) => {
      const code = answer && isError(answer) ? (answer.issues?.[0]?.code ?? answer.code) : null;
      toast.show(errorMessage(i18n, code), "error");
      return false;
    },
    [i18n, toast],
  );

  const create = useCallback(
    async (book: BookForHighlights, editionId: string, selection: ChapterSelection, colour: HighlightColour, note: string | null) => {
      const now = new Date().toISOString();
      try {
        const { data } = await createMutation({
          variables: {
            editionId,
            keyIdeaPosition: selection.keyIdeaPosition,
            startOffset: selection.startOffset,
            quote: selection.quote,
            colour,
            note,
          },
          optimisticResponse: {
            __typename: "Mutation",
            createHighlight: {
              __typename: "Highlight",
              id: `pending-${++pending}`,
              ...selection,
              colour,
              note: note?.trim() || null,
              detached: false,
              sharePath: null,
              createdAt: now,
              edition: { __typename: "MicrobookEdition", id: editionId, title: book.edition?.title ?? "" },
              microbook: {
                __typename: "Microbook",
                ...book,
                author: { __typename: "Author", ...book.author },
                edition: book.edition && { __typename: "MicrobookEdition", ...book.edition },
              },
            },
          },
          update(cache, { data: answer }) {
            const made = answer?.createHighlight;
            if (made?.__typename !== "Highlight") return;
            cache.modify({
              id: cache.identify({ __typename: "Microbook", id: book.id }),
              fields: {
                viewerHighlights: (existing, { toReference }) => (Array.isArray(existing) ? [...existing, toReference(made)] : existing),
              },
            });
          },
        });
        if (data?.createHighlight.__typename !== "Highlight") return failed(data?.createHighlight);
        toast.show(t`Highlighted.`);
        return true;
      } catch {
        return failed(null);
      }
    },
    [createMutation, failed, t, toast],
  );

  const update = useCallback(
    async (
      highlight: { id: string; colour: HighlightColour; note: string | null },
      change: { colour?: HighlightColour; note?: string },
    ) => {
      try {
        const { data } = await updateMutation({
          variables: { id: highlight.id, ...change },
          optimisticResponse: {
            __typename: "Mutation",
            updateHighlight: {
              __typename: "Highlight",
              id: highlight.id,
              colour: change.colour ?? highlight.colour,
              note: change.note === undefined ? highlight.note : change.note.trim() || null,
              updatedAt: new Date().toISOString(),
            },
          },
        });
        if (data?.updateHighlight.__typename !== "Highlight") return failed(data?.updateHighlight);
        return true;
      } catch {
        return failed(null);
      }
    },
    [failed, updateMutation],
  );

  const remove = useCallback(
    /** `viewerId`: the reader's User id, when a page shows their library's count. */
    async (id: string, viewerId?: string) => {
      try {
        const { data } = await deleteMutation({
          variables: { id },
          optimisticResponse: { __typename: "Mutation", deleteHighlight: { __typename: "DeletedHighlight", id } },
          update(cache, { data: answer }) {
            if (answer?.deleteHighlight.__typename !== "DeletedHighlight") return;
            const ref = cache.identify({ __typename: "Highlight", id });
            // The library's connection drops its edge and counts one fewer; the book's list (references) drops it with the eviction.
            if (viewerId) {
              cache.modify({
                id: cache.identify({ __typename: "Viewer", id: viewerId }),
                fields: {
                  highlights: (value) => {
                    const connection = value as { edges?: { node?: { __ref?: string } }[]; totalCount?: unknown };
                    const edges = connection.edges?.filter((edge) => edge.node?.__ref !== ref);
                    const removed = (connection.edges?.length ?? 0) - (edges?.length ?? 0);
                    const totalCount =
                      typeof connection.totalCount === "number" ? Math.max(0, connection.totalCount - removed) : connection.totalCount;
                    return { ...connection, ...(edges ? { edges } : {}), totalCount } as typeof value;
                  },
                },
              });
            }
            cache.evict({ id: ref });
            cache.gc();
          },
        });
        if (data?.deleteHighlight.__typename !== "DeletedHighlight") return failed(data?.deleteHighlight);
        toast.show(t`Highlight deleted.`);
        return true;
      } catch {
        return failed(null);
      }
    },
    [deleteMutation, failed, t, toast],
  );

  /** Makes the quote card and copies its address; returns the address (null on failure). */
  const share = useCallback(
    async (id: string, localize: (path: string) => string) => {
      try {
        const { data } = await shareMutation({ variables: { id } });
        const answer = data?.shareHighlight;
        if (answer?.__typename !== "Highlight" || !answer.sharePath) return (failed(answer), null);
        const url = new URL(localize(answer.sharePath), window.location.origin).toString();
        try {
          await navigator.clipboard.writeText(url);
          toast.show(t`Link copied: ${url}`);
        } catch {
          // No clipboard (permissions, an old browser): the link is shown beside the quote instead.
        }
        return url;
      } catch {
        return (failed(null), null);
      }
    },
    [failed, shareMutation, t, toast],
  );

  return useMemo(() => ({ create, update, remove, share }), [create, update, remove, share]);
}
