import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from "@apollo/client";
import { PersistedQueryLink } from "@apollo/client/link/persisted-queries";
import { createQueryPreloader } from "@apollo/client/react";
import { print } from "graphql";
import { Observable } from "rxjs";
import type { ExecuteGraphQL } from "@brevia/routes/ssr-contract";

/** The cache, alike on the server and in the browser (the browser restores the server's state into it). */
export function createApolloCache() {
  return new InMemoryCache({
    typePolicies: {
      // Answers differ by language: keep each language's root fields apart in the cache.
      Query: { fields: { microbook: { keyArgs: ["slug"] } } },
      Microbook: { fields: { edition: { keyArgs: ["language"] } } },
      // A reader's own state and access have no id: a newer answer (a mutation's) updates them in place.
      MicrobookViewerState: { merge: true },
      MicrobookViewerAccess: { merge: true },
      OriginalViewerProgress: { merge: true },
    },
  });
}

/**
 * Teaches the cache which types are errors (possibleTypes generated from schema.graphql: `... on Error`
 * then matches every typed error). With the error registry's catalogue (page-catalogues.ts): the
 * pages that can meet an error load both, and the visitors' first page carries neither.
 */
export async function learnErrorTypes(cache: InMemoryCache): Promise<void> {
  const { default: generated } = await import("../gql/possible-types");
  cache.policies.addPossibleTypes(generated.possibleTypes);
}

/** One Apollo Client and its query preloader: one per page request on the server, one per tab in the browser. */
export function createApollo(link: ApolloLink, options: { ssrMode?: boolean; state?: unknown } = {}) {
  const cache = createApolloCache();
  if (options.state) cache.restore(options.state as ReturnType<InMemoryCache["extract"]>);
  const client = new ApolloClient({
    // Each component sees only the fields its own query or fragment asks for.
    dataMasking: true,
    link,
    cache,
    ssrMode: options.ssrMode ?? false,
  });
  return { client, preloadQuery: createQueryPreloader(client) };
}
export type Apollo = ReturnType<typeof createApollo>;

/**
 * The browser's link. Operations are registered with the server by codegen
 * (web/src/gql/persisted-documents.json): the web sends only their hash, and queries by GET, so a
 * CDN and the server's response cache can answer them by URL. Mutations stay POST.
 */
export function browserLink(currentLocale: () => string): ApolloLink {
  // The API answers in the interface language it is sent (category names, best edition).
  const localeLink = new ApolloLink((operation, forward) => {
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      // A GET carries no JSON content type: this header tells Apollo Server it is not a cross-site form.
      headers: { ...headers, "accept-language": currentLocale() || "pt", "apollo-require-preflight": "true" },
    }));
    return forward(operation);
  });
  const persistedLink = new PersistedQueryLink({
    generateHash: (document) => {
      const hash = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
      if (!hash) throw new Error("Not a codegen operation: no persisted hash");
      return hash.replace(/^sha256:/, "");
    },
    useGETForHashedQueries: true,
  });
  return ApolloLink.from([localeLink, persistedLink, new HttpLink({ uri: "/graphql", credentials: "same-origin" })]);
}

/** The server's link: runs each operation in the API process (same schema, session and gating), no HTTP. */
export function inProcessLink(execute: ExecuteGraphQL): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({ query: print(operation.query), variables: operation.variables, operationName: operation.operationName })
          .then((result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          })
          .catch((error: unknown) => observer.error(error));
      }),
  );
}
