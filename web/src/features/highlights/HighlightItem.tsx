import type { FragmentType } from "@apollo/client";
import { useSuspenseFragment } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import type { HighlightColour } from "../../gql/graphql";
import { COLOURS } from "./colours";
import { HighlightItemFragment } from "./highlights.graphql";
import { useHighlightActions } from "./useHighlightActions";

/**
 * One highlight: its quote (marked with its colour), its book (unless `showBook` is false), note, date
 * and whether the book's text changed under it (detached); recolour, edit the note, share, delete.
 */
export function HighlightItem({
  highlight: from,
  showBook = true,
  viewerId,
  onShow,
}: {
  highlight: FragmentType<typeof HighlightItemFragment>;
  showBook?: boolean;
  /** The reader's id, when the page shows their library's count (it follows a deletion). */
  viewerId?: string;
  /** Shows the highlight in the text (the reader's list): a "Show in text" button. */
  onShow?: () => void;
}) {
  const { t, i18n } = useLingui();
  const localize = useLocalizedPath();
  const actions = useHighlightActions();
  const { data: h } = useSuspenseFragment({ fragment: HighlightItemFragment, from });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(h.note ?? "");
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const noteId = useId();
  const pending = h.id.startsWith("pending-");
  const title = h.edition?.title ?? h.microbook.edition?.title ?? h.microbook.slug;
  const sharedHref = shareUrl ?? (h.sharePath ? localize(h.sharePath) : null);
  const colourName = (colour: HighlightColour) => i18n._(COLOURS.find((c) => c.value === colour)!.name);

  async function saveNote(event: FormEvent) {
    event.preventDefault();
    if (await actions.update(h, { note: draft })) setEditing(false);
  }

  return (
    <article className={`highlight-item highlight-item--${h.colour.toLowerCase()}`} aria-label={t`Highlight from ${title}`}>
      {showBook && (
        <p className="highlight-item__book">
          <Link to={localize(`/microbook/${h.microbook.slug}`)}>{title}</Link> · {h.microbook.author.name}
        </p>
      )}
      <blockquote className="highlight-item__quote">
        <p>{h.quote}</p>
      </blockquote>
      {h.detached && (
        <p className="highlight-item__detached">
          <Trans>The book's text changed and this passage is no longer in it: here is the quote as you highlighted it.</Trans>
        </p>
      )}
      {h.note && !editing && (
        <p className="highlight-item__note">
          <span className="visually-hidden">
            <Trans>Note:</Trans>{" "}
          </span>
          {h.note}
        </p>
      )}
      <p className="highlight-item__meta">
        <time dateTime={h.createdAt}>{i18n.date(new Date(h.createdAt), { dateStyle: "medium" })}</time> · {colourName(h.colour)}
      </p>
      {editing ? (
        <form className="highlight-item__note-form" onSubmit={saveNote}>
          <label htmlFor={noteId}>
            <Trans>Note</Trans>
          </label>
          <textarea id={noteId} value={draft} maxLength={2000} rows={3} onChange={(event) => setDraft(event.target.value)} autoFocus />
          <div className="highlight-item__actions">
            <button type="submit" className="button">
              <Trans>Save note</Trans>
            </button>
            <button type="button" className="button button--secondary" onClick={() => (setEditing(false), setDraft(h.note ?? ""))}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      ) : (
        <div className="highlight-item__actions">
          <label className="highlight-item__colour">
            <span>
              <Trans>Colour</Trans>
            </span>
            <select
              value={h.colour}
              disabled={pending}
              onChange={(event) => void actions.update(h, { colour: event.target.value as HighlightColour })}
            >
              {COLOURS.map((colour) => (
                <option key={colour.value} value={colour.value}>
                  {i18n._(colour.name)}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button button--secondary" disabled={pending} onClick={() => setEditing(true)}>
            {h.note ? <Trans>Edit note</Trans> : <Trans>Add note</Trans>}
          </button>
          {onShow && !h.detached && (
            <button type="button" className="button button--secondary" onClick={onShow}>
              <Trans>Show in text</Trans>
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={async () => setShareUrl(await actions.share(h.id, localize))}
          >
            <Trans>Share</Trans>
          </button>
          <button type="button" className="button button--secondary" disabled={pending} onClick={() => void actions.remove(h.id, viewerId)}>
            <Trans>Delete</Trans>
          </button>
        </div>
      )}
      {sharedHref && (
        <p className="highlight-item__share">
          <Trans>Quote card:</Trans> <a href={sharedHref}>{shareUrl ?? sharedHref}</a>
        </p>
      )}
    </article>
  );
}
