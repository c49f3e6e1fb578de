import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { listHref, Pagination } from "../../features/discovery/Pagination";
import { PlaylistCard } from "../../features/discovery/PlaylistCard";
import type { playlistsLoader } from "./loader";

export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef, page } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof playlistsLoader>>>;
  const { data } = useReadQuery(queryRef);
  const nodes = data.playlists.nodes;
  const thisWeek = nodes.filter((p) => p.isThisWeek);
  const earlier = nodes.filter((p) => !p.isThisWeek);
  return (
    <section aria-labelledby="playlists-title" className="listing">
      <PageHead
        title={page > 1 ? t`Playlists, page ${page} · Brevia` : t`Weekly playlists · Brevia`}
        description={t`A new selection of microbooks every week, to read or to listen to in order.`}
        list={{ page, hasNext: data.playlists.pageInfo.hasNextPage }}
      />
      <h1 id="playlists-title">
        <Trans>Weekly playlists</Trans>
      </h1>
      {thisWeek.length > 0 && (
        <section aria-labelledby="this-week-title">
          <h2 id="this-week-title">
            <Trans>This week</Trans>
          </h2>
          <div className="playlist-grid">
            {thisWeek.map((playlist) => (
              <PlaylistCard key={playlist.id} playlist={playlist} />
            ))}
          </div>
        </section>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby="earlier-title">
          <h2 id="earlier-title">
            <Trans>Earlier weeks</Trans>
          </h2>
          <div className="playlist-grid">
            {earlier.map((playlist) => (
              <PlaylistCard key={playlist.id} playlist={playlist} />
            ))}
          </div>
        </section>
      )}
      <Pagination page={page} hasNext={data.playlists.pageInfo.hasNextPage} href={(p) => listHref(localize("/playlists"), { page: p })} />
    </section>
  );
}
