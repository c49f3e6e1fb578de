import { useMutation } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { errorMessage, isError } from "../../app/errors/error-messages";
import { useToast } from "../../app/shell/toasts";
import { MarkReadMutation, RemoveFromLibraryMutation, SetFavouriteMutation } from "./library.graphql";
import { NO_STATE, updateLibraryLists, type ShelfState } from "./library-cache";

type State = ShelfState & { progress: number };

/**
 * A library book's actions: favourite or not, mark read or back to reading, remove. Each shows at once
 * (an optimistic answer, and the tabs, counts and lists changed in the cache); a refused or failed write
 * rolls back and says why in a toast.
 */
export function LibraryActions({
  microbookId,
  title,
  state,
  canMarkRead,
}: {
  microbookId: string;
  title: string;
  state: State;
  canMarkRead: boolean;
}) {
  const { i18n, t } = useLingui();
  const toast = useToast();
  const [setFavourite] = useMutation(SetFavouriteMutation);
  const [markRead] = useMutation(MarkReadMutation);
  const [remove] = useMutation(RemoveFromLibraryMutation);
  const viewerState = { __typename: "MicrobookViewerState" as const, ...state };
  const viewerAccess = { __typename: "MicrobookViewerAccess" as const, canMarkRead };

  /** Runs a write; its typed error or failure is said (the cache has already rolled back). */
  async function attempt(write: () => Promise<{ __typename: string; code?: string } | undefined>, done: string) {
    try {
      const result = await write();
      if (result?.__typename === "Microbook") return toast.show(done);
      toast.show(errorMessage(i18n, result && isError(result) ? result.code : null), "error");
    } catch {
      toast.show(errorMessage(i18n, null), "error");
    }
  }

  const favourite = !state.isFavourite;
  const onFavourite = () =>
    attempt(
      async () =>
        (
          await setFavourite({
            variables: { microbookId, favourite },
            optimisticResponse: {
              __typename: "Mutation",
              setFavourite: {
                __typename: "Microbook",
                id: microbookId,
                viewerState: { ...viewerState, isFavourite: favourite },
                viewerAccess,
              },
            },
            update: (cache, { data }) => {
              const result = data?.setFavourite;
              if (result?.__typename === "Microbook") updateLibraryLists(cache, microbookId, state, result.viewerState ?? NO_STATE);
            },
          })
        ).data?.setFavourite,
      favourite ? t`Added to your favourites.` : t`Removed from your favourites.`,
    );

  const read = state.status !== "READ";
  const onRead = () =>
    attempt(
      async () =>
        (
          await markRead({
            variables: { microbookId, read },
            optimisticResponse: {
              __typename: "Mutation",
              markRead: {
                __typename: "Microbook",
                id: microbookId,
                viewerState: { ...viewerState, status: read ? "READ" : "READING", progress: read ? 1 : state.progress },
                viewerAccess,
              },
            },
            update: (cache, { data }) => {
              const result = data?.markRead;
              if (result?.__typename === "Microbook") updateLibraryLists(cache, microbookId, state, result.viewerState ?? NO_STATE);
            },
          })
        ).data?.markRead,
      read ? t`Marked as read.` : t`Back in your reading list.`,
    );

  const onRemove = () =>
    attempt(
      async () =>
        (
          await remove({
            variables: { microbookId },
            optimisticResponse: {
              __typename: "Mutation",
              removeFromLibrary: {
                __typename: "Microbook",
                id: microbookId,
                viewerState: { __typename: "MicrobookViewerState", isFavourite: false, status: "NONE", progress: 0 },
              },
            },
            update: (cache, { data }) => {
              if (data?.removeFromLibrary.__typename === "Microbook") updateLibraryLists(cache, microbookId, state, NO_STATE);
            },
          })
        ).data?.removeFromLibrary,
      t`Removed from your library.`,
    );

  return (
    <div className="library-item__actions" role="group" aria-label={t`Actions for ${title}`}>
      <button type="button" className="button button--secondary" aria-pressed={state.isFavourite} onClick={() => void onFavourite()}>
        {state.isFavourite ? <Trans>In your favourites</Trans> : <Trans>Add to favourites</Trans>}
      </button>
      {(canMarkRead || state.status === "READ") && (
        <button type="button" className="button button--secondary" onClick={() => void onRead()}>
          {state.status === "READ" ? <Trans>Mark as unread</Trans> : <Trans>Mark as read</Trans>}
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={() => void onRemove()}>
        <Trans>Remove from library</Trans>
      </button>
    </div>
  );
}
