import { useReadQuery } from "@apollo/client/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { coverLoadingAt, MicrobookCard } from "../../features/catalog/MicrobookCard";
import { hearingOf, PlayAll, type PlayAllItem } from "../../features/discovery/PlayAll";
import { weekStartLabel } from "../../features/discovery/week-label";
import type { playlistLoader } from "./loader";

export function Component() {
  const { t, i18n } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof playlistLoader>>>;
  const { data } = useReadQuery(queryRef);
  const [playingKey, setPlayingKey] = useState<string | null>(null);
  const playlist = data.playlist;
  if (!playlist) return null;
  const week = weekStartLabel(playlist.weekStart, i18n.locale);
  const listening: PlayAllItem[] = playlist.items.nodes.flatMap(({ microbook: { id, edition } }) =>
    edition
      ? [
          {
            key: id,
            title: edition.title,
            language: edition.language,
            narrated: edition.audio !== null,
            audioUrl: edition.content?.audioUrl ?? null,
          },
        ]
      : [],
  );
  const hearingByKey = new Map(listening.map((item) => [item.key, hearingOf(item)]));
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
        {playlist.isThisWeek ? <Trans>This week</Trans> : <Trans>Week of {week}</Trans>}
        {" · "}
        <Plural value={playlist.itemCount} one="# microbook" other="# microbooks" />
      </p>
      <p>{playlist.description}</p>
      <PlayAll items={listening} onPlaying={setPlayingKey} />
      <ol className="playlist__items">
        {playlist.items.nodes.map((item, index) => (
          <li key={item.position} aria-current={playingKey === item.microbook.id ? "true" : undefined}>
            <MicrobookCard microbook={item.microbook} coverLoading={coverLoadingAt(index)} />
            {hearingByKey.get(item.microbook.id) === "locked" && (
              <p className="playlist__hearing notice--locked">
                <Trans>Locked: narration for Premium subscribers</Trans>
              </p>
            )}
            {hearingByKey.get(item.microbook.id) === "text-only" && (
              <p className="playlist__hearing">
                <Trans>Text only</Trans>
              </p>
            )}
          </li>
        ))}
      </ol>
    </article>
  );
}
