import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { coverLoadingAt, MicrobookCard } from "../../features/catalog/MicrobookCard";
import { LanguageFilter } from "../../features/discovery/LanguageFilter";
import { listHref, Pagination } from "../../features/discovery/Pagination";
import { pageCount } from "../../features/discovery/paging";
import type { listingLoader } from "./loader";

export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef, page, sort, language } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof listingLoader>>>;
  const { data } = useReadQuery(queryRef);
  const trending = sort === "TRENDING";
  const name = trending ? t`Trending` : t`Latest microbooks`;
  const path = localize(trending ? "/trending" : "/latest");
  return (
    <section aria-labelledby="listing-title" className="listing">
      <PageHead
        title={page > 1 ? t`${name}, page ${page} · Brevia` : t`${name} · Brevia`}
        description={
          trending
            ? t`The microbooks readers are starting most this week, then the most read of all time.`
            : t`The newest microbooks in Brevia's catalogue.`
        }
        list={{ page, hasNext: data.microbooks.pageInfo.hasNextPage, params: { lang: language } }}
      />
      <h1 id="listing-title">{name}</h1>
      <p className="listing__intro">
        {trending ? (
          <Trans>The microbooks readers started most in the last 7 days, then the most read of all time.</Trans>
        ) : (
          <Trans>The newest microbooks first.</Trans>
        )}
      </p>
      <LanguageFilter current={language} href={(lang) => listHref(path, { lang })} />
      <div className="card-grid">
        {data.microbooks.nodes.map((book, index) => (
          <MicrobookCard key={book.id} microbook={book} coverLoading={coverLoadingAt(index)} />
        ))}
      </div>
      <Pagination
        page={page}
        pages={pageCount(data.microbooks.totalCount)}
        hasNext={data.microbooks.pageInfo.hasNextPage}
        href={(p) => listHref(path, { lang: language, page: p })}
      />
    </section>
  );
}
