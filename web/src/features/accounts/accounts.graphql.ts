import { graphql } from "../../gql";

// The session, on every page (header, guards); the log-in and sign-up documents are in auth.graphql.ts.

/** Who is signed in: the header, the route guards and the pages after sign-in read it. */
export const SessionViewerQuery = graphql(`
  query SessionViewer {
    viewer {
      id
      email
      name
      hasPassword
    }
  }
`);

export const LogOutMutation = graphql(`
  mutation LogOut {
    logOut {
      __typename
    }
  }
`);
