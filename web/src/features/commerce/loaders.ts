import type { Apollo } from "../../app/apollo";
import { CheckoutQuery, SubscriptionQuery, TryNowQuery } from "./commerce.graphql";

// The commerce pages' loaders: each starts its page's one query (signed-in pages: never from a cache).

export function tryNowLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(TryNowQuery)) });
}

export function checkoutLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(CheckoutQuery, { fetchPolicy: "network-only" })) });
}

export function subscriptionLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(SubscriptionQuery, { fetchPolicy: "network-only" })) });
}
