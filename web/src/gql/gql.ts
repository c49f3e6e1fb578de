/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id) {\n      __typename\n      ... on SessionsEnded {\n        count\n        signedOut\n      }\n    }\n  }\n": typeof types.RevokeSessionDocument,
    "\n  mutation RevokeAllSessions {\n    revokeAllSessions {\n      count\n    }\n  }\n": typeof types.RevokeAllSessionsDocument,
    "\n  query SessionViewer {\n    viewer {\n      id\n      email\n      name\n    }\n  }\n": typeof types.SessionViewerDocument,
    "\n  mutation SignUp($email: String!, $password: String!) {\n    signUp(email: $email, password: $password) {\n      __typename\n      ... on AuthSession {\n        viewer {\n          id\n          email\n          name\n        }\n      }\n      ... on InvalidInputError {\n        issues {\n          path\n          code\n        }\n      }\n      ... on RateLimitedError {\n        retryAfterSeconds\n      }\n      ... on EmailTakenError {\n        code\n      }\n    }\n  }\n": typeof types.SignUpDocument,
    "\n  mutation LogIn($email: String!, $password: String!) {\n    logIn(email: $email, password: $password) {\n      __typename\n      ... on AuthSession {\n        viewer {\n          id\n          email\n          name\n        }\n      }\n      ... on InvalidInputError {\n        issues {\n          path\n          code\n        }\n      }\n      ... on RateLimitedError {\n        retryAfterSeconds\n      }\n      ... on InvalidCredentialsError {\n        code\n      }\n    }\n  }\n": typeof types.LogInDocument,
    "\n  mutation LogOut {\n    logOut\n  }\n": typeof types.LogOutDocument,
    "\n  fragment MicrobookCard_microbook on Microbook {\n    id\n    slug\n    author {\n      id\n      name\n    }\n    edition {\n      id\n      language\n      title\n      readingMinutes\n      coverUrl\n      audio {\n        durationSeconds\n      }\n    }\n  }\n": typeof types.MicrobookCard_MicrobookFragmentDoc,
    "\n  query HomePage {\n    freeMicrobookToday {\n      id\n      slug\n      author {\n        id\n        name\n      }\n      edition {\n        id\n        language\n        title\n        subtitle\n        coverUrl\n      }\n    }\n    latestMicrobooks(first: 12) {\n      nodes {\n        id\n        ...MicrobookCard_microbook\n      }\n    }\n  }\n": typeof types.HomePageDocument,
    "\n  query MicrobookPage($slug: String!, $language: Language!) {\n    microbook(slug: $slug) {\n      id\n      slug\n      publishedYear\n      languages\n      isFreeToday\n      author {\n        id\n        name\n      }\n      category {\n        id\n        name\n        color\n      }\n      edition(language: $language) {\n        id\n        language\n        title\n        subtitle\n        authorBio\n        about\n        audience\n        readingMinutes\n        coverUrl\n        access\n        keyIdeaCount\n        audio {\n          durationSeconds\n          chapters {\n            title\n            startSeconds\n          }\n        }\n        keyIdeas {\n          position\n          title\n        }\n        # Null unless this reader may read the edition: the API is the gate.\n        content {\n          introduction\n          audioUrl\n          keyIdeas {\n            position\n            title\n            body\n          }\n        }\n      }\n      similar {\n        id\n        ...MicrobookCard_microbook\n      }\n    }\n  }\n": typeof types.MicrobookPageDocument,
    "\n  query NotFoundSuggestion {\n    freeMicrobookToday {\n      id\n      slug\n      ...MicrobookCard_microbook\n    }\n  }\n": typeof types.NotFoundSuggestionDocument,
    "\n  query SettingsPage {\n    viewer {\n      id\n      email\n      sessions {\n        id\n        device\n        current\n        createdAt\n        lastUsedAt\n      }\n    }\n  }\n": typeof types.SettingsPageDocument,
};
const documents: Documents = {
    "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id) {\n      __typename\n      ... on SessionsEnded {\n        count\n        signedOut\n      }\n    }\n  }\n": types.RevokeSessionDocument,
    "\n  mutation RevokeAllSessions {\n    revokeAllSessions {\n      count\n    }\n  }\n": types.RevokeAllSessionsDocument,
    "\n  query SessionViewer {\n    viewer {\n      id\n      email\n      name\n    }\n  }\n": types.SessionViewerDocument,
    "\n  mutation SignUp($email: String!, $password: String!) {\n    signUp(email: $email, password: $password) {\n      __typename\n      ... on AuthSession {\n        viewer {\n          id\n          email\n          name\n        }\n      }\n      ... on InvalidInputError {\n        issues {\n          path\n          code\n        }\n      }\n      ... on RateLimitedError {\n        retryAfterSeconds\n      }\n      ... on EmailTakenError {\n        code\n      }\n    }\n  }\n": types.SignUpDocument,
    "\n  mutation LogIn($email: String!, $password: String!) {\n    logIn(email: $email, password: $password) {\n      __typename\n      ... on AuthSession {\n        viewer {\n          id\n          email\n          name\n        }\n      }\n      ... on InvalidInputError {\n        issues {\n          path\n          code\n        }\n      }\n      ... on RateLimitedError {\n        retryAfterSeconds\n      }\n      ... on InvalidCredentialsError {\n        code\n      }\n    }\n  }\n": types.LogInDocument,
    "\n  mutation LogOut {\n    logOut\n  }\n": types.LogOutDocument,
    "\n  fragment MicrobookCard_microbook on Microbook {\n    id\n    slug\n    author {\n      id\n      name\n    }\n    edition {\n      id\n      language\n      title\n      readingMinutes\n      coverUrl\n      audio {\n        durationSeconds\n      }\n    }\n  }\n": types.MicrobookCard_MicrobookFragmentDoc,
    "\n  query HomePage {\n    freeMicrobookToday {\n      id\n      slug\n      author {\n        id\n        name\n      }\n      edition {\n        id\n        language\n        title\n        subtitle\n        coverUrl\n      }\n    }\n    latestMicrobooks(first: 12) {\n      nodes {\n        id\n        ...MicrobookCard_microbook\n      }\n    }\n  }\n": types.HomePageDocument,
    "\n  query MicrobookPage($slug: String!, $language: Language!) {\n    microbook(slug: $slug) {\n      id\n      slug\n      publishedYear\n      languages\n      isFreeToday\n      author {\n        id\n        name\n      }\n      category {\n        id\n        name\n        color\n      }\n      edition(language: $language) {\n        id\n        language\n        title\n        subtitle\n        authorBio\n        about\n        audience\n        readingMinutes\n        coverUrl\n        access\n        keyIdeaCount\n        audio {\n          durationSeconds\n          chapters {\n            title\n            startSeconds\n          }\n        }\n        keyIdeas {\n          position\n          title\n        }\n        # Null unless this reader may read the edition: the API is the gate.\n        content {\n          introduction\n          audioUrl\n          keyIdeas {\n            position\n            title\n            body\n          }\n        }\n      }\n      similar {\n        id\n        ...MicrobookCard_microbook\n      }\n    }\n  }\n": types.MicrobookPageDocument,
    "\n  query NotFoundSuggestion {\n    freeMicrobookToday {\n      id\n      slug\n      ...MicrobookCard_microbook\n    }\n  }\n": types.NotFoundSuggestionDocument,
    "\n  query SettingsPage {\n    viewer {\n      id\n      email\n      sessions {\n        id\n        device\n        current\n        createdAt\n        lastUsedAt\n      }\n    }\n  }\n": types.SettingsPageDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id) {\n      __typename\n      ... on SessionsEnded {\n        count\n        signedOut\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeSession($id: ID!) {\n    revokeSession(id: $id) {\n      __typename\n      ... on SessionsEnded {\n        count\n        signedOut\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeAllSessions {\n    revokeAllSessions {\n      count\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeAllSessions {\n    revokeAllSessions {\n      count\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionViewer {\n    viewer {\n      id\n      email\n      name\n    }\n  }\n"): (typeof documents)["\n  query SessionViewer {\n    viewer {\n      id\n      email\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($email: String!, $password: String!) {\n    signUp(email: $email, password: $password) {\n      __typename\n      ... on AuthSession {\n        viewer {\n          id\n          email\n          name\n        }\n      }\n      ... on InvalidInputError {\n        issues {\n          path\n          code\n        }\n      }\n      ... on RateLimitedError {\n        retryAfterSeconds\n      }\n      ... on EmailTakenError {\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($email: String!, $password: String!) {\n    signUp(email: $email, password: $password) {\n      __typename\n      ... on AuthSession {\n        viewer {\n          id\n          email\n          name\n        }\n      }\n      ... on InvalidInputError {\n        issues {\n          path\n          code\n        }\n      }\n      ... on RateLimitedError {\n        retryAfterSeconds\n      }\n      ... on EmailTakenError {\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogIn($email: String!, $password: String!) {\n    logIn(email: $email, password: $password) {\n      __typename\n      ... on AuthSession {\n        viewer {\n          id\n          email\n          name\n        }\n      }\n      ... on InvalidInputError {\n        issues {\n          path\n          code\n        }\n      }\n      ... on RateLimitedError {\n        retryAfterSeconds\n      }\n      ... on InvalidCredentialsError {\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation LogIn($email: String!, $password: String!) {\n    logIn(email: $email, password: $password) {\n      __typename\n      ... on AuthSession {\n        viewer {\n          id\n          email\n          name\n        }\n      }\n      ... on InvalidInputError {\n        issues {\n          path\n          code\n        }\n      }\n      ... on RateLimitedError {\n        retryAfterSeconds\n      }\n      ... on InvalidCredentialsError {\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LogOut {\n    logOut\n  }\n"): (typeof documents)["\n  mutation LogOut {\n    logOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MicrobookCard_microbook on Microbook {\n    id\n    slug\n    author {\n      id\n      name\n    }\n    edition {\n      id\n      language\n      title\n      readingMinutes\n      coverUrl\n      audio {\n        durationSeconds\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment MicrobookCard_microbook on Microbook {\n    id\n    slug\n    author {\n      id\n      name\n    }\n    edition {\n      id\n      language\n      title\n      readingMinutes\n      coverUrl\n      audio {\n        durationSeconds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query HomePage {\n    freeMicrobookToday {\n      id\n      slug\n      author {\n        id\n        name\n      }\n      edition {\n        id\n        language\n        title\n        subtitle\n        coverUrl\n      }\n    }\n    latestMicrobooks(first: 12) {\n      nodes {\n        id\n        ...MicrobookCard_microbook\n      }\n    }\n  }\n"): (typeof documents)["\n  query HomePage {\n    freeMicrobookToday {\n      id\n      slug\n      author {\n        id\n        name\n      }\n      edition {\n        id\n        language\n        title\n        subtitle\n        coverUrl\n      }\n    }\n    latestMicrobooks(first: 12) {\n      nodes {\n        id\n        ...MicrobookCard_microbook\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MicrobookPage($slug: String!, $language: Language!) {\n    microbook(slug: $slug) {\n      id\n      slug\n      publishedYear\n      languages\n      isFreeToday\n      author {\n        id\n        name\n      }\n      category {\n        id\n        name\n        color\n      }\n      edition(language: $language) {\n        id\n        language\n        title\n        subtitle\n        authorBio\n        about\n        audience\n        readingMinutes\n        coverUrl\n        access\n        keyIdeaCount\n        audio {\n          durationSeconds\n          chapters {\n            title\n            startSeconds\n          }\n        }\n        keyIdeas {\n          position\n          title\n        }\n        # Null unless this reader may read the edition: the API is the gate.\n        content {\n          introduction\n          audioUrl\n          keyIdeas {\n            position\n            title\n            body\n          }\n        }\n      }\n      similar {\n        id\n        ...MicrobookCard_microbook\n      }\n    }\n  }\n"): (typeof documents)["\n  query MicrobookPage($slug: String!, $language: Language!) {\n    microbook(slug: $slug) {\n      id\n      slug\n      publishedYear\n      languages\n      isFreeToday\n      author {\n        id\n        name\n      }\n      category {\n        id\n        name\n        color\n      }\n      edition(language: $language) {\n        id\n        language\n        title\n        subtitle\n        authorBio\n        about\n        audience\n        readingMinutes\n        coverUrl\n        access\n        keyIdeaCount\n        audio {\n          durationSeconds\n          chapters {\n            title\n            startSeconds\n          }\n        }\n        keyIdeas {\n          position\n          title\n        }\n        # Null unless this reader may read the edition: the API is the gate.\n        content {\n          introduction\n          audioUrl\n          keyIdeas {\n            position\n            title\n            body\n          }\n        }\n      }\n      similar {\n        id\n        ...MicrobookCard_microbook\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query NotFoundSuggestion {\n    freeMicrobookToday {\n      id\n      slug\n      ...MicrobookCard_microbook\n    }\n  }\n"): (typeof documents)["\n  query NotFoundSuggestion {\n    freeMicrobookToday {\n      id\n      slug\n      ...MicrobookCard_microbook\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SettingsPage {\n    viewer {\n      id\n      email\n      sessions {\n        id\n        device\n        current\n        createdAt\n        lastUsedAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query SettingsPage {\n    viewer {\n      id\n      email\n      sessions {\n        id\n        device\n        current\n        createdAt\n        lastUsedAt\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;