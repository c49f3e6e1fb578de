import { graphql } from "../../gql";

export const CategoriesPageQuery = graphql(`
  query CategoriesPage {
    categories {
      id
      ...CategoryTile_category
    }
  }
`);
