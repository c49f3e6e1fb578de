import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { SocialLoginProvidersQuery } from "./social-login.graphql";

/**
 * /login and /signup: the page's guard first, then the social providers into the cache (the buttons
 * read them from there, on the server as in the browser). Without them the page still works.
 */
export function socialLoginLoader({ client }: Apollo, guard: (args: LoaderFunctionArgs) => unknown) {
  return async (args: LoaderFunctionArgs) => {
    await guard(args);
    await client.query({ query: SocialLoginProvidersQuery }).catch(() => undefined);
    return null;
  };
}
