import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { OriginalCard } from "../../features/discovery/OriginalCard";
import { listHref, Pagination } from "../../features/discovery/Pagination";
import type { originalsLoader } from "./loader";

export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef, page } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof originalsLoader>>>;
  const { data } = useReadQuery(queryRef);
  return (
    <section aria-labelledby="originals-title" className="listing">
      <PageHead
        title={page > 1 ? t`Originals, page ${page} · Brevia` : t`Originals · Brevia`}
        description={t`Learning paths made by Brevia's editors: microbooks to read in order, with a guide for each step.`}
        list={{ page, hasNext: data.originals.pageInfo.hasNextPage }}
      />
      <h1 id="originals-title">
        <Trans>Originals</Trans>
      </h1>
      <p className="listing__intro">
        <Trans>Learning paths made by Brevia's editors: microbooks to read in order, with a guide for each step.</Trans>
      </p>
      <div className="original-grid">
        {data.originals.nodes.map((original, index) => (
          // The first row (three or four cards on a wide screen) is above the fold.
          <OriginalCard key={original.id} original={original} coverLoading={index < 3 ? "eager" : "lazy"} />
        ))}
      </div>
      <Pagination page={page} hasNext={data.originals.pageInfo.hasNextPage} href={(p) => listHref(localize("/originals"), { page: p })} />
    </section>
  );
}
