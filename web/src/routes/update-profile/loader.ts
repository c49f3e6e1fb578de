import type { Apollo } from "../../app/apollo";
import { UpdateProfilePageQuery } from "./update-profile.query";

export function updateProfileLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(UpdateProfilePageQuery, { fetchPolicy: "network-only" })) });
}
