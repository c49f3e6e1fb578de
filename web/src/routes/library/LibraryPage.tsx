import { useQuery, useQueryRefHandlers, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { startTransition } from "react";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { MicrobookCard } from "../../features/catalog/MicrobookCard";
import { LibraryActions } from "../../features/library/LibraryActions";
import type { LibraryPageQuery, LibraryShelf, LibrarySort } from "../../gql/graphql";
import { LibraryFreeTodayQuery } from "./library.query";
import { SHELVES, SORTS, type libraryLoader } from "./loader";

export { libraryLoader as load } from "./loader";

type Data = Awaited<ReturnType<ReturnType<typeof libraryLoader>>>;

/** /library (signed in): Favourites · Reading · Read, each with its count, in the order chosen, 20 at a time. */
export function Component() {
  const { t } = useLingui();
  const { queryRef, shelf, sort } = useLoaderData() as Data;
  const { data } = useReadQuery(queryRef);
  const { fetchMore } = useQueryRefHandlers(queryRef);
  const localize = useLocalizedPath();
  const counts = data.viewer?.libraryCounts ?? { favourites: 0, reading: 0, read: 0 };
  const list = data.viewer?.library;
  const tabName: Record<LibraryShelf, string> = {
    FAVOURITES: t({ message: "Favourites", context: "library tab" }),
    READING: t({ message: "Reading", context: "library tab" }),
    READ: t({ message: "Read", context: "library tab" }),
  };
  const tabCount: Record<LibraryShelf, number> = { FAVOURITES: counts.favourites, READING: counts.reading, READ: counts.read };
  const sortName: Record<LibrarySort, string> = { RECENT: t`Recent activity`, TITLE: t`Title`, AUTHOR: t`Author` };
  const href = (tab: LibraryShelf, order: LibrarySort) =>
    `${localize("/library")}?tab=${tab.toLowerCase()}${order === "RECENT" ? "" : `&sort=${order.toLowerCase()}`}`;

  return (
    <section className="library-page" aria-labelledby="library-title">
      <PageHead title={t`Your library · Brevia`} description={t`Your favourites, what you are reading and what you have read.`} />
      <h1 id="library-title">
        <Trans>Your library</Trans>
      </h1>
      <nav aria-label={t`Library tabs`} className="library-page__tabs">
        <ul>
          {SHELVES.map((tab) => (
            <li key={tab}>
              <Link to={href(tab, sort)} aria-current={tab === shelf ? "page" : undefined}>
                {tabName[tab]} <span className="badge">{tabCount[tab]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={t`Sort by`} className="library-page__sort">
        <span>
          <Trans>Sort by:</Trans>
        </span>{" "}
        {SORTS.map((order) => (
          <Link key={order} to={href(shelf, order)} aria-current={order === sort ? "true" : undefined}>
            {sortName[order]}
          </Link>
        ))}
      </nav>
      <h2 className="visually-hidden">{tabName[shelf]}</h2>
      {list && list.nodes.length > 0 ? (
        <ul className="library-page__list card-grid">
          {list.nodes.map((book) => (
            <LibraryItem key={book.id} microbook={book} />
          ))}
        </ul>
      ) : (
        <EmptyShelf shelf={shelf} />
      )}
      {list?.pageInfo.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => startTransition(() => void fetchMore({ variables: { after: list.pageInfo.endCursor } }))}
        >
          <Trans>Show more</Trans>
        </button>
      )}
    </section>
  );
}

type Book = NonNullable<LibraryPageQuery["viewer"]>["library"]["nodes"][number];

function LibraryItem({ microbook: book }: { microbook: Book }) {
  const { t } = useLingui();
  const state = book.viewerState ?? { isFavourite: false, status: "NONE" as const, progress: 0 };
  const percent = Math.round(state.progress * 100);
  return (
    <li className="library-item">
      <MicrobookCard microbook={book} />
      {state.status === "READING" && (
        <progress className="continue-reading__progress" max={100} value={percent} aria-label={t`${percent}% read`} />
      )}
      <LibraryActions
        microbookId={book.id}
        title={book.edition?.title ?? ""}
        state={{ isFavourite: state.isFavourite, status: state.status, progress: state.progress }}
        canMarkRead={book.viewerAccess?.canMarkRead ?? false}
      />
    </li>
  );
}

/** An empty tab leads somewhere: today's free microbook, discovery, the onboarding's recommendations. */
function EmptyShelf({ shelf }: { shelf: LibraryShelf }) {
  const localize = useLocalizedPath();
  // From the cache when the loader (or the home page) read it; otherwise asked for now.
  const freeBook = useQuery(LibraryFreeTodayQuery, { fetchPolicy: "cache-first" }).data?.freeMicrobookToday;
  return (
    <div className="library-page__empty">
      <p>
        {shelf === "FAVOURITES" && <Trans>No favourites yet. Add a microbook to your favourites from its page.</Trans>}
        {shelf === "READING" && <Trans>You are not reading anything right now.</Trans>}
        {shelf === "READ" && <Trans>You have not finished a microbook yet.</Trans>}
      </p>
      <ul>
        {freeBook?.edition && (
          <li>
            <Link to={localize(`/microbook/${freeBook.slug}`)}>
              <Trans>Read today's free microbook: {freeBook.edition.title}</Trans>
            </Link>
          </li>
        )}
        <li>
          <Link to={localize("/trending")}>
            <Trans>Discover what people are reading</Trans>
          </Link>
        </li>
        <li>
          <Link to={localize("/welcome/recommended")}>
            <Trans>See the microbooks recommended for you</Trans>
          </Link>
        </li>
      </ul>
    </div>
  );
}
