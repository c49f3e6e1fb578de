import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link, useLoaderData, useNavigate, useNavigation } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { LOCALES } from "@brevia/routes";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { LanguageName } from "../../features/catalog/LanguageName";
import { MicrobookCard } from "../../features/catalog/MicrobookCard";
import { Highlighted } from "../../features/search/Highlighted";
import { MAX_QUERY_LENGTH, writeSearchParams, type SearchState } from "../../features/search/search-params";
import type { searchLoader } from "./loader";

/** How long typing pauses before the results follow. */
const DEBOUNCE_MS = 200;

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { queryRef, state } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof searchLoader>>>;
  const { data } = useReadQuery(queryRef);
  const search = data.search;

  const [input, setInput] = useState(state.query);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultsRef = useRef<HTMLOListElement>(null);
  // The query this page last put in the URL: other URL changes (back, a suggestion) refill the box.
  const sent = useRef(state.query);
  useEffect(() => {
    if (state.query !== sent.current) {
      sent.current = state.query;
      setInput(state.query);
    }
  }, [state.query]);

  const hrefFor = (next: Partial<SearchState>) => {
    const params = writeSearchParams({ ...state, after: null, ...next }, locale).toString();
    return `${localize("/search")}${params ? `?${params}` : ""}`;
  };
  /** Typing replaces the history entry (no flood of entries); filters and pages add one. */
  const go = (next: Partial<SearchState>, replace: boolean) => {
    if (next.query !== undefined) sent.current = next.query;
    void navigate(hrefFor(next), { replace, preventScrollReset: true });
  };

  // Results as the reader types: the URL follows the box after a pause. A newer navigation
  // supersedes the one in flight, whose request is cancelled (see the loader).
  useEffect(() => {
    const query = input.trim();
    if (query === sent.current.trim()) return;
    const timer = setTimeout(() => go({ query: input }, true), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing schedules a search
  }, [input]);

  /** Arrow keys move between the box and the results; Enter follows the focused result's link. */
  const links = () => [...(resultsRef.current?.querySelectorAll<HTMLAnchorElement>("a[data-result]") ?? [])];
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && links().length) {
      event.preventDefault();
      links()[0]!.focus();
    }
  };
  const onResultsKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0) return;
    event.preventDefault();
    const next = event.key === "ArrowDown" ? Math.min(at + 1, all.length - 1) : at - 1;
    if (next < 0) inputRef.current?.focus();
    else all[next]!.focus();
  };

  const hasQuery = state.query.trim() !== "";
  const empty = search.edges.length === 0;
  const busy = navigation.state === "loading";
  return (
    <section className="search-page" aria-labelledby="search-title">
      <PageHead title={hasQuery ? t`“${state.query}”: search · Brevia` : t`Search · Brevia`} />
      <h1 id="search-title">
        <Trans>Search</Trans>
      </h1>
      <form
        role="search"
        className="search-form"
        onSubmit={(event) => {
          event.preventDefault();
          go({ query: input }, false);
        }}
      >
        <label htmlFor="search-input" className="visually-hidden">
          <Trans>Search microbooks</Trans>
        </label>
        <input
          id="search-input"
          ref={inputRef}
          type="search"
          name="q"
          data-search-input
          value={input}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t`Titles, authors, topics…`}
          aria-controls={empty ? undefined : "search-results"}
          aria-describedby="search-help"
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onInputKeyDown}
          autoFocus
        />
        <p id="search-help" className="visually-hidden">
          <Trans>Results appear as you type. Use the down arrow to move through them.</Trans>
        </p>
        <div className="search-filters">
          <label>
            <Trans>Book language</Trans>{" "}
            <select value={state.language} onChange={(event) => go({ language: event.target.value as SearchState["language"] }, false)}>
              {LOCALES.map((language) => (
                <option key={language} value={language}>
                  <LanguageName language={language} />
                </option>
              ))}
            </select>
          </label>
          <label>
            <Trans>Category</Trans>{" "}
            <select value={state.category ?? ""} onChange={(event) => go({ category: event.target.value || null }, false)}>
              <option value="">{t`All categories`}</option>
              {data.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <Trans>Format</Trans>{" "}
            <select
              value={state.format ?? ""}
              onChange={(event) => go({ format: (event.target.value || null) as SearchState["format"] }, false)}
            >
              <option value="">{t`Text and audio`}</option>
              <option value="AUDIO">{t`With audio`}</option>
              <option value="TEXT">{t`Text only`}</option>
            </select>
          </label>
        </div>
      </form>

      <div aria-live="polite" aria-busy={busy} className="search-status">
        {hasQuery && search.correctedQuery && !empty && (
          <p>
            <Trans>
              Did you mean <Link to={hrefFor({ query: search.correctedQuery })}>{search.correctedQuery}</Link>?
            </Trans>
          </p>
        )}
        {hasQuery && empty && (
          <p>
            <Trans>No microbooks match “{state.query}”.</Trans>
          </p>
        )}
      </div>

      {!empty && (
        <ol id="search-results" className="search-results" ref={resultsRef} onKeyDown={onResultsKeyDown}>
          {search.edges.map(({ node, highlights }) => (
            <li key={node.id} className="search-result">
              {node.edition && (
                <img
                  className="search-result__cover"
                  src={node.edition.coverUrl}
                  srcSet={node.edition.coverSrcSet}
                  sizes="60px"
                  alt=""
                  width={60}
                  height={90}
                  loading="lazy"
                />
              )}
              <div>
                <h2 className="search-result__title" lang={state.language}>
                  <Link to={localize(`/microbook/${node.slug}`)} data-result>
                    <Highlighted {...highlights.title} />
                  </Link>
                </h2>
                <p className="search-result__author">
                  <Highlighted {...highlights.author} />
                  {node.edition && (
                    <>
                      {" · "}
                      <Trans>{node.edition.readingMinutes} min</Trans>
                      {node.edition.audio && (
                        <>
                          {" · "}
                          <Trans>Audio</Trans>
                        </>
                      )}
                    </>
                  )}
                </p>
                <p className="search-result__subtitle" lang={state.language}>
                  <Highlighted {...highlights.subtitle} />
                </p>
                {highlights.snippet && (
                  <p className="search-result__snippet" lang={state.language}>
                    <Highlighted {...highlights.snippet} />
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}

      {(search.pageInfo.hasNextPage || state.after) && (
        <nav className="search-pages" aria-label={t`Result pages`}>
          {state.after && <Link to={hrefFor({ after: null })}>{t`First results`}</Link>}
          {search.pageInfo.hasNextPage && search.pageInfo.endCursor && (
            <Link to={hrefFor({ after: search.pageInfo.endCursor })}>{t`More results`}</Link>
          )}
        </nav>
      )}

      {empty && search.suggestions.length > 0 && (
        <section aria-labelledby="search-suggestions">
          <h2 id="search-suggestions">
            <Trans>Did you mean</Trans>
          </h2>
          <ul className="search-suggestions">
            {search.suggestions.map((title) => (
              <li key={title}>
                <Link to={hrefFor({ query: title })}>{title}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {empty && search.popular.length > 0 && (
        <section aria-labelledby="search-popular">
          <h2 id="search-popular">
            <Trans>Popular microbooks</Trans>
          </h2>
          <div className="card-grid">
            {search.popular.map((book) => (
              <MicrobookCard key={book.id} microbook={book} />
            ))}
          </div>
        </section>
      )}
    </section>
  );
}
