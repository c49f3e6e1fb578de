import { useQueryRefHandlers, useReadQuery } from "@apollo/client/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Form, Link, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { HighlightItem } from "../../features/highlights/HighlightItem";
import { HIGHLIGHTS_EXPORT } from "../../features/highlights/export-links";
import type { Apollo } from "../../app/apollo";
import { LibraryHighlightsQuery } from "./library-highlights.query";

/** The search words of /library/highlights?q=…, as the API takes them (none: every highlight). */
export const searchOf = (url: URL) => url.searchParams.get("q")?.trim().slice(0, 200) || null;

// The loader lives with the page (one chunk): every chunk the router may load is named in the home
// page's JavaScript (app/router.tsx), which is at its budget.
export function pageLoader({ preloadQuery }: Apollo) {
  return async ({ request }: LoaderFunctionArgs) => {
    const search = searchOf(new URL(request.url));
    // Always from the server: highlights made in the reader since are in the list.
    const queryRef = await preloadQuery.toPromise(
      preloadQuery(LibraryHighlightsQuery, { variables: { search }, fetchPolicy: "network-only" }),
    );
    return { queryRef, search };
  };
}

/**
 * /library/highlights (signed in): every highlight the reader made, newest first, searchable (quote,
 * note, title, author), each with its book, note, colour and state, to edit or delete; exports of all
 * of them as Markdown or CSV (Readwise). Search is a GET form (?q=), so it works before the script loads.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef, search } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof pageLoader>>>;
  const { data } = useReadQuery(queryRef);
  const { fetchMore } = useQueryRefHandlers(queryRef);
  const [loadingMore, setLoadingMore] = useState(false);
  const searchId = useId();
  const connection = data.viewer?.highlights;
  const edges = connection?.edges ?? [];
  const total = connection?.totalCount ?? 0;

  async function showMore() {
    if (!connection?.pageInfo.endCursor) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { search, after: connection.pageInfo.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => {
          const before = previous.viewer?.highlights;
          const more = fetchMoreResult.viewer?.highlights;
          if (!previous.viewer || !before || !more) return previous as typeof fetchMoreResult;
          return {
            ...fetchMoreResult,
            viewer: { ...previous.viewer, highlights: { ...more, edges: [...before.edges, ...more.edges] } },
          } as typeof fetchMoreResult;
        },
      });
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section className="highlights-page" aria-labelledby="highlights-title">
      <PageHead title={t`Your highlights · Brevia`} description={t`Every passage you highlighted in Brevia, with your notes.`} />
      <h1 id="highlights-title">
        <Trans>Your highlights</Trans>
      </h1>
      <div className="highlights-page__tools">
        <Form method="get" role="search" className="highlights-page__search">
          <label htmlFor={searchId}>
            <Trans>Search your highlights</Trans>
          </label>{" "}
          <input id={searchId} type="search" name="q" defaultValue={search ?? ""} maxLength={200} />{" "}
          <button type="submit" className="button">
            <Trans>Search</Trans>
          </button>
        </Form>
        <p className="highlights-page__export">
          <Trans>Export all:</Trans>{" "}
          <a href={HIGHLIGHTS_EXPORT.markdown(i18n.locale)} download>
            <Trans>Markdown</Trans>
          </a>{" "}
          ·{" "}
          <a href={HIGHLIGHTS_EXPORT.csv(i18n.locale)} download>
            <Trans>CSV (Readwise)</Trans>
          </a>
        </p>
      </div>
      <p role="status">
        {search ? (
          <Plural value={total} one={`# highlight matches “${search}”`} other={`# highlights match “${search}”`} />
        ) : (
          <Plural value={total} one="# highlight" other="# highlights" />
        )}
      </p>
      {edges.length === 0 && !search && (
        <p>
          <Trans>
            You have no highlights yet. While reading a microbook, select a passage to highlight it, with a note if you like.{" "}
            <Link to={localize("/")}>Find something to read</Link>.
          </Trans>
        </p>
      )}
      <ul className="highlight-list">
        {edges.map(({ node }) => (
          <li key={node.id}>
            <HighlightItem highlight={node} viewerId={data.viewer?.id} />
          </li>
        ))}
      </ul>
      {connection?.pageInfo.hasNextPage && (
        <button type="button" className="button button--secondary" disabled={loadingMore} onClick={() => void showMore()}>
          <Trans>Show more highlights</Trans>
        </button>
      )}
    </section>
  );
}
