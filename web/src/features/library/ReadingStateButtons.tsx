import type { QueryRef } from "@apollo/client/react";
import { useMutation, useQueryRefHandlers, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { startTransition, useEffect, useRef } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { errorMessage, isError } from "../../app/errors/error-messages";
import { useLocalizedPath } from "../../app/useLocale";
import { useToast } from "../../app/shell/toasts";
import type { MicrobookViewerStateQuery as StateResult } from "../../gql/graphql";
import { MarkReadMutation, SetFavouriteMutation } from "./library.graphql";
import { NO_STATE, updateLibraryLists } from "./library-cache";
import { KindleActions } from "./KindleActions";
import { LibraryLink } from "./LibraryLink";

/** What a visitor asked for before signing up: done (or offered) when they are back on the book. */
export type ReadingIntent = "favourite" | "read";
const INTENT_PARAM = "intent";

/**
 * A visitor's buttons: links to sign up that bring them back to this microbook with what they asked
 * for (`?intent=…`), which the signed-in page then does. Links, so they work before the script loads.
 */
export function VisitorStateButtons({ slug }: { slug: string }) {
  const localize = useLocalizedPath();
  const signUpFor = (intent: ReadingIntent) =>
    `${localize("/signup")}?next=${encodeURIComponent(`/microbook/${slug}?${INTENT_PARAM}=${intent}`)}`;
  return (
    <div className="reading-state">
      <Link className="button button--secondary" to={signUpFor("favourite")}>
        <Trans>Add to favourites</Trans>
      </Link>
      <Link className="button button--secondary" to={signUpFor("read")}>
        <Trans>Mark as read</Trans>
      </Link>
    </div>
  );
}

/**
 * A signed-in reader's favourite and read toggles, from their own small query (never the page's
 * public one). Changes show at once (optimistic) and the server's answer replaces them. Whether the
 * book can be marked read is the API's access policy's answer (viewerAccess.canMarkRead); a refusal
 * is said by its code (MICROBOOK_LOCKED: the day's free book changed since the page loaded), and the
 * state is asked again so the buttons show what the reader may do now.
 */
export function ReaderStateButtons({ microbookId, stateRef }: { microbookId: string; stateRef: QueryRef<StateResult> }) {
  const { slug = "" } = useParams();
  const { i18n, t } = useLingui();
  const toast = useToast();
  const { data } = useReadQuery(stateRef);
  const { refetch } = useQueryRefHandlers(stateRef);
  const state = data.microbook?.viewerState ?? {
    __typename: "MicrobookViewerState" as const,
    isFavourite: false,
    status: "NONE" as const,
    progress: 0,
  };
  const { canDownload = false, ...access } = data.microbook?.viewerAccess ?? {
    __typename: "MicrobookViewerAccess" as const,
    canMarkRead: false,
  };
  const [setFavouriteMutation, { loading: favouriting }] = useMutation(SetFavouriteMutation);
  const [markReadMutation, { loading: marking }] = useMutation(MarkReadMutation);

  /** Says why a change was refused (or that it failed); a locked book's state is asked again. */
  const failed = (code: string | null) => {
    toast.show(errorMessage(i18n, code), "error");
    if (code === "MICROBOOK_LOCKED") startTransition(() => void refetch());
  };

  async function setFavourite(favourite: boolean) {
    try {
      const { data: answer } = await setFavouriteMutation({
        variables: { microbookId, favourite },
        optimisticResponse: {
          __typename: "Mutation",
          setFavourite: {
            __typename: "Microbook",
            id: microbookId,
            viewerState: { ...state, isFavourite: favourite },
            viewerAccess: access,
          },
        },
        // The library's tabs and counts follow at once (and roll back with the optimistic answer).
        update: (cache, { data: answered }) => {
          const result = answered?.setFavourite;
          if (result?.__typename === "Microbook") updateLibraryLists(cache, microbookId, state, result.viewerState ?? NO_STATE);
        },
      });
      const result = answer?.setFavourite;
      if (result?.__typename !== "Microbook") return failed(result && isError(result) ? result.code : null);
      toast.show(favourite ? t`Added to your favourites.` : t`Removed from your favourites.`);
    } catch {
      failed(null);
    }
  }

  async function markRead(read: boolean) {
    try {
      const { data: answer } = await markReadMutation({
        variables: { microbookId, read },
        optimisticResponse: {
          __typename: "Mutation",
          markRead: {
            __typename: "Microbook",
            id: microbookId,
            viewerState: { ...state, status: read ? "READ" : "READING", progress: read ? 1 : state.progress },
            viewerAccess: access,
          },
        },
        update: (cache, { data: answered }) => {
          const result = answered?.markRead;
          if (result?.__typename === "Microbook") updateLibraryLists(cache, microbookId, state, result.viewerState ?? NO_STATE);
        },
      });
      const result = answer?.markRead;
      if (result?.__typename !== "Microbook") return failed(result && isError(result) ? result.code : null);
      if (read) toast.show(t`Marked as read.`);
    } catch {
      failed(null);
    }
  }

  // Back from signing up with something asked for: do it once, then drop it from the address.
  const [params, setParams] = useSearchParams();
  const intent = params.get(INTENT_PARAM);
  const handled = useRef(false);
  useEffect(() => {
    if (!intent || handled.current) return;
    handled.current = true;
    const rest = new URLSearchParams(params);
    rest.delete(INTENT_PARAM);
    setParams(rest, { replace: true });
    if (intent === "favourite" && !state.isFavourite) void setFavourite(true);
    if (intent === "read" && state.status !== "READ") {
      // The API's policy refuses it (a locked book never started): said as the API would refuse it.
      if (access.canMarkRead) void markRead(true);
      else toast.show(errorMessage(i18n, "MICROBOOK_LOCKED"), "error");
    }
    // Runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [intent]);

  const read = state.status === "READ";
  return (
    <div className="reading-state">
      <button
        type="button"
        className="button button--secondary"
        aria-pressed={state.isFavourite}
        disabled={favouriting}
        onClick={() => void setFavourite(!state.isFavourite)}
      >
        {state.isFavourite ? <Trans>In your favourites</Trans> : <Trans>Add to favourites</Trans>}
      </button>
      {access.canMarkRead && (
        <button
          type="button"
          className="button button--secondary"
          aria-pressed={read}
          disabled={marking}
          onClick={() => void markRead(!read)}
        >
          {read ? <Trans>Read</Trans> : <Trans>Mark as read</Trans>}
        </button>
      )}
      <LibraryLink className="reading-state__library" />
      {canDownload && <KindleActions microbookId={microbookId} slug={slug} sender={data.kindleSenderEmail} />}
    </div>
  );
}
