import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { createQueryPreloader } from "@apollo/client/react";
import { i18n } from "@lingui/core";

// The API answers in the interface language it is sent (category names, best edition).
const localeLink = new ApolloLink((operation, forward) => {
  operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
    headers: { ...headers, "accept-language": i18n.locale || "pt" },
  }));
  return forward(operation);
});

export const apolloClient = new ApolloClient({
  // Each component sees only the fields its own query or fragment asks for.
  dataMasking: true,
  link: ApolloLink.from([localeLink, new HttpLink({ uri: "/graphql", credentials: "same-origin" })]),
  cache: new InMemoryCache({
    typePolicies: {
      // Answers differ by language: keep each language's root fields apart in the cache.
      Query: { fields: { microbook: { keyArgs: ["slug"] } } },
      Microbook: { fields: { edition: { keyArgs: ["language"] } } },
    },
  }),
});

export const preloadQuery = createQueryPreloader(apolloClient);

/** Clears cached answers when the interface language changes (they were fetched in the old one). */
export async function resetForLocaleChange() {
  await apolloClient.clearStore();
}
