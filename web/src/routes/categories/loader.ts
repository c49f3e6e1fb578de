import type { Apollo } from "../../app/apollo";
import { CategoriesPageQuery } from "./categories.query";

export function categoriesLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(CategoriesPageQuery)) });
}
