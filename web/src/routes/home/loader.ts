import { preloadQuery } from "../../app/apollo";
import { HomePageQuery } from "./home.query";

export async function homeLoader() {
  return { queryRef: await preloadQuery.toPromise(preloadQuery(HomePageQuery)) };
}
