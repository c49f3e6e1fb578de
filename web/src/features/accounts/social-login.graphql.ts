import { graphql } from "../../gql";

/** The providers whose buttons /login and /signup show (those configured on the server). */
export const SocialLoginProvidersQuery = graphql(`
  query SocialLoginProviders {
    socialLoginProviders
  }
`);
