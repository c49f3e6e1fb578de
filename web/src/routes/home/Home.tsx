import { useQuery, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Link, useLoaderData } from "react-router-dom";
import { MicrobookCard } from "../../features/catalog/MicrobookCard";
import { CategoryTile } from "../../features/discovery/CategoryTile";
import { ContinueReading } from "../../features/discovery/ContinueReading";
import { OriginalCard } from "../../features/discovery/OriginalCard";
import { PlaylistCard } from "../../features/discovery/PlaylistCard";
import { SessionViewerQuery } from "../../features/accounts/accounts.graphql";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import type { homeLoader } from "./loader";

// Signed-in readers only: its code and query are not part of the visitors' home page.
const Recommendations = lazy(() => import("../../features/discovery/Recommendations").then((m) => ({ default: m.Recommendations })));

export function Component() {
  const { t } = useLingui();
  const { queryRef, continueReadingRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof homeLoader>>>;
  const { data } = useReadQuery(queryRef);
  const localize = useLocalizedPath();
  // Who is signed in: in the cache since the layout's loader (no request of its own).
  const signedIn = Boolean(useQuery(SessionViewerQuery, { fetchPolicy: "cache-only" }).data?.viewer);
  const free = data.freeMicrobookToday;
  // This week's playlists; in a week without one, the latest ones.
  const thisWeek = data.playlists.nodes.filter((p) => p.isThisWeek);
  const playlists = thisWeek.length ? thisWeek : data.playlists.nodes;
  return (
    <>
      <PageHead title={t`Brevia: great non-fiction in 12 minutes`} />
      <section className="hero">
        <h1>
          <Trans>The key ideas of great books, in 12 minutes</Trans>
        </h1>
        <p>
          <Trans>Read or listen to microbooks in Portuguese, English and Spanish.</Trans>
        </p>
      </section>
      {/* Signed-in readers only: its own query, never part of the public page's. */}
      {continueReadingRef && <ContinueReading queryRef={continueReadingRef} />}
      {free?.edition && (
        <section className="free-today" aria-labelledby="free-today-title">
          <h2 id="free-today-title">
            <Trans>Today's free microbook</Trans>
          </h2>
          <div className="free-today__body">
            {/* Above the fold and the largest image: the page's LCP. */}
            <img
              src={free.edition.coverUrl}
              srcSet={free.edition.coverSrcSet}
              sizes="180px"
              alt=""
              width={180}
              height={270}
              fetchPriority="high"
            />
            <div>
              <h3 lang={free.edition.language}>
                <Link to={localize(`/microbook/${free.slug}`)}>{free.edition.title}</Link>
              </h3>
              <p className="free-today__author">{free.author.name}</p>
              <p lang={free.edition.language}>{free.edition.subtitle}</p>
              <Link className="button" to={localize(`/microbook/${free.slug}`)}>
                <Trans>Read it free today</Trans>
              </Link>
            </div>
          </div>
        </section>
      )}
      {signedIn && (
        <Suspense fallback={null}>
          <Recommendations />
        </Suspense>
      )}
      {data.trending.nodes.length > 0 && (
        <section aria-labelledby="trending-title" className="home-section">
          <div className="home-section__header">
            <h2 id="trending-title">
              <Trans>Trending</Trans>
            </h2>
            <Link to={localize("/trending")}>
              <Trans>See all trending</Trans>
            </Link>
          </div>
          <div className="card-grid">
            {data.trending.nodes.map((book) => (
              <MicrobookCard key={book.id} microbook={book} />
            ))}
          </div>
        </section>
      )}
      <section aria-labelledby="latest-title" className="home-section">
        <div className="home-section__header">
          <h2 id="latest-title">
            <Trans>Latest microbooks</Trans>
          </h2>
          <Link to={localize("/latest")}>
            <Trans>See all latest</Trans>
          </Link>
        </div>
        <div className="card-grid">
          {data.latest.nodes.map((book) => (
            <MicrobookCard key={book.id} microbook={book} />
          ))}
        </div>
      </section>
      {data.originals.nodes.length > 0 && (
        <section aria-labelledby="originals-title" className="home-section">
          <div className="home-section__header">
            <h2 id="originals-title">
              <Trans>Originals: learning paths</Trans>
            </h2>
            <Link to={localize("/originals")}>
              <Trans>See all originals</Trans>
            </Link>
          </div>
          <div className="original-grid">
            {data.originals.nodes.map((original) => (
              <OriginalCard key={original.id} original={original} />
            ))}
          </div>
        </section>
      )}
      <section aria-labelledby="categories-title" className="home-section">
        <div className="home-section__header">
          <h2 id="categories-title">
            <Trans>Categories</Trans>
          </h2>
          <Link to={localize("/categories")}>
            <Trans>See all categories</Trans>
          </Link>
        </div>
        <ul className="category-grid">
          {data.categories.map((category) => (
            <CategoryTile key={category.id} category={category} />
          ))}
        </ul>
      </section>
      {playlists.length > 0 && (
        <section aria-labelledby="playlists-title" className="home-section">
          <div className="home-section__header">
            <h2 id="playlists-title">
              {playlists.some((p) => p.isThisWeek) ? <Trans>This week's playlists</Trans> : <Trans>Playlists</Trans>}
            </h2>
            <Link to={localize("/playlists")}>
              <Trans>See all playlists</Trans>
            </Link>
          </div>
          <div className="playlist-grid">
            {playlists.map((playlist) => (
              <PlaylistCard key={playlist.id} playlist={playlist} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
