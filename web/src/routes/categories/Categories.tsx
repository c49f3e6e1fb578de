import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { CategoryTile } from "../../features/discovery/CategoryTile";
import type { categoriesLoader } from "./loader";

export function Component() {
  const { t } = useLingui();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof categoriesLoader>>>;
  const { data } = useReadQuery(queryRef);
  return (
    <section aria-labelledby="categories-title">
      <PageHead title={t`Categories · Brevia`} description={t`Every category of Brevia's microbooks, with how many each one holds.`} />
      <h1 id="categories-title">
        <Trans>Categories</Trans>
      </h1>
      <ul className="category-grid">
        {data.categories.map((category) => (
          <CategoryTile key={category.id} category={category} />
        ))}
      </ul>
    </section>
  );
}
