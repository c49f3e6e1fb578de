import type { FragmentType } from "@apollo/client";
import { useSuspenseFragment } from "@apollo/client/react";
import { Plural } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { graphql } from "../../gql";
import { useLocalizedPath } from "../../app/useLocale";

export const CategoryTile_category = graphql(`
  fragment CategoryTile_category on Category {
    id
    slug
    name
    color
    microbookCount
  }
`);

/** Sets the tile colour through the CSSOM: a `style` attribute would be refused by the page's CSP. */
export function colorRef(color: string) {
  return (element: HTMLElement | null) => element?.style.setProperty("--category", color);
}

export function CategoryTile({ category: from }: { category: FragmentType<typeof CategoryTile_category> }) {
  const localize = useLocalizedPath();
  const { data: category } = useSuspenseFragment({ fragment: CategoryTile_category, from });
  const count = category.microbookCount;
  return (
    <li className="category-tile" ref={colorRef(category.color)}>
      <Link to={localize(`/categories/${category.slug}`)} className="category-tile__link">
        <span className="category-tile__name">{category.name}</span>
        <span className="category-tile__count">
          <Plural value={count} one="# microbook" other="# microbooks" />
        </span>
      </Link>
    </li>
  );
}
