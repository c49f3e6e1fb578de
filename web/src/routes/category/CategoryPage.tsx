import { useReadQuery } from "@apollo/client/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { coverLoadingAt, MicrobookCard } from "../../features/catalog/MicrobookCard";
import { colorRef } from "../../features/discovery/CategoryTile";
import { LanguageFilter } from "../../features/discovery/LanguageFilter";
import { listHref, Pagination } from "../../features/discovery/Pagination";
import { pageCount } from "../../features/discovery/paging";
import { CATEGORY_SORTS, type CategorySortKey, type categoryLoader } from "./loader";

export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef, page, sortKey, language } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof categoryLoader>>>;
  const { data } = useReadQuery(queryRef);
  const category = data.category;
  if (!category) return null;
  const { microbooks } = category;
  const path = localize(`/categories/${category.slug}`);
  const sortParam = (sort: CategorySortKey) => (sort === "popular" ? null : sort);
  const href = (p: number, sort: CategorySortKey = sortKey, lang: typeof language = language) =>
    listHref(path, { sort: sortParam(sort), lang, page: p });
  const sortNames: Record<CategorySortKey, string> = { popular: t`Most popular`, newest: t`Newest`, title: t`A–Z` };
  const pages = pageCount(microbooks.totalCount);
  return (
    <section aria-labelledby="category-title" className="listing">
      <PageHead
        title={page > 1 ? t`${category.name}, page ${page} · Brevia` : t`${category.name} · Brevia`}
        description={category.description}
        list={{ page, hasNext: microbooks.pageInfo.hasNextPage, params: { sort: sortParam(sortKey), lang: language } }}
      />
      <header className="listing__header" ref={colorRef(category.color)}>
        <p className="listing__eyebrow">
          <Link to={localize("/categories")}>
            <Trans>Categories</Trans>
          </Link>
        </p>
        <h1 id="category-title">{category.name}</h1>
        <p>{category.description}</p>
        <p className="listing__count">
          <Plural value={category.microbookCount} one="# microbook" other="# microbooks" />
        </p>
      </header>
      <nav className="sort-control" aria-label={t`Sort by`}>
        <span className="sort-control__label" aria-hidden="true">
          <Trans>Sort by</Trans>
        </span>
        <ul>
          {(Object.keys(CATEGORY_SORTS) as CategorySortKey[]).map((key) => (
            <li key={key}>
              <Link to={href(1, key)} aria-current={key === sortKey ? "true" : undefined}>
                {sortNames[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LanguageFilter current={language} href={(lang) => href(1, sortKey, lang)} />
      <div className="card-grid">
        {microbooks.nodes.map((book, index) => (
          <MicrobookCard key={book.id} microbook={book} coverLoading={coverLoadingAt(index)} />
        ))}
      </div>
      <Pagination page={page} pages={pages} hasNext={microbooks.pageInfo.hasNextPage} href={(p) => href(p)} />
    </section>
  );
}
