import type { FragmentType } from "@apollo/client";
import { useSuspenseFragment } from "@apollo/client/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { graphql } from "../../gql";
import { weekStartLabel } from "./week-label";
import { useLocalizedPath } from "../../app/useLocale";

export const PlaylistCard_playlist = graphql(`
  fragment PlaylistCard_playlist on Playlist {
    id
    slug
    title
    description
    weekStart
    isThisWeek
    itemCount
  }
`);

export function PlaylistCard({ playlist: from }: { playlist: FragmentType<typeof PlaylistCard_playlist> }) {
  const localize = useLocalizedPath();
  const { i18n } = useLingui();
  const { data: playlist } = useSuspenseFragment({ fragment: PlaylistCard_playlist, from });
  const week = weekStartLabel(playlist.weekStart, i18n.locale);
  return (
    <article className="playlist-card">
      <h3 className="playlist-card__title">
        <Link to={localize(`/playlists/${playlist.slug}`)}>{playlist.title}</Link>
      </h3>
      <p className="playlist-card__meta">
        {playlist.isThisWeek ? <Trans>This week</Trans> : <Trans>Week of {week}</Trans>}
        {" · "}
        <Plural value={playlist.itemCount} one="# microbook" other="# microbooks" />
      </p>
      <p>{playlist.description}</p>
    </article>
  );
}
