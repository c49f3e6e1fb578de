import type { Apollo } from "../../app/apollo";
import { SettingsPageQuery } from "./settings.query";

export function settingsLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(SettingsPageQuery, { fetchPolicy: "network-only" })) });
}
