import { graphql } from "../../gql";

/**
 * What every mutation's document selects of its typed errors, through the Error interface (the cache
 * knows which types implement it: possibleTypes). Spread it unmasked (`...MutationError @unmask`): the
 * code is what the page says, through the registry in error-messages.ts.
 */
export const MutationError = graphql(`
  fragment MutationError on Error {
    code
    ... on RateLimitedError {
      retryAfterSeconds
    }
    ... on InvalidInputError {
      issues {
        path
        code
      }
    }
  }
`);
