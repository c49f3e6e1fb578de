import type { Apollo } from "../../app/apollo";
import { SocialLoginProvidersQuery } from "./social-login.graphql";

/**
 * /login and /signup (after their guard): the social providers into the cache (the buttons read them
 * from there, on the server as in the browser). Without them the page still works.
 */
export function socialLoginLoader({ client }: Apollo) {
  return async () => {
    await client.query({ query: SocialLoginProvidersQuery }).catch(() => undefined);
    return null;
  };
}
