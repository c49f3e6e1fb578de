import type { Apollo } from "../../app/apollo";
import { HomePageQuery } from "./home.query";

export function homeLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(HomePageQuery)) });
}
