import { useReadQuery } from "@apollo/client/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { coverLoadingAt, MicrobookCard } from "../../features/catalog/MicrobookCard";
import type { playlistLoader } from "./loader";

export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof playlistLoader>>>;
  const { data } = useReadQuery(queryRef);
  const playlist = data.playlist;
  if (!playlist) return null;
  return (
    <article className="playlist" aria-labelledby="playlist-title">
      <PageHead title={t`${playlist.title} · Brevia`} description={playlist.description} />
      <p className="listing__eyebrow">
        <Link to={localize("/playlists")}>
          <Trans>Weekly playlists</Trans>
        </Link>
      </p>
      <h1 id="playlist-title">{playlist.title}</h1>
      <p className="listing__count">
        {playlist.isThisWeek ? <Trans>This week</Trans> : <Trans>Week {playlist.week}</Trans>}
        {" · "}
        <Plural value={playlist.itemCount} one="# microbook" other="# microbooks" />
      </p>
      <p>{playlist.description}</p>
      <ol className="playlist__items">
        {playlist.items.nodes.map((item, index) => (
          <li key={item.position}>
            <MicrobookCard microbook={item.microbook} coverLoading={coverLoadingAt(index)} />
          </li>
        ))}
      </ol>
    </article>
  );
}
