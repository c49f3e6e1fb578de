import { graphql } from "../../gql";

export const UpdateProfilePageQuery = graphql(`
  query UpdateProfilePage {
    viewer {
      id
      email
    }
  }
`);
