import { graphql } from "../../gql";

// The reader's highlights: private operations, sent only for a signed-in reader. A failure is a typed
// error (MutationError: InvalidInputError, MicrobookLockedError, HighlightNotFoundError…), said by its code.

/** What a highlight's row shows (and what a mutation answers, so the cache updates every list). */
export const HighlightItemFragment = graphql(`
  fragment HighlightItem_highlight on Highlight {
    id
    colour
    note
    quote
    keyIdeaPosition
    startOffset
    endOffset
    detached
    sharePath
    createdAt
    # The edition it was made in (its language's title); null once withdrawn.
    edition {
      id
      title
    }
    microbook {
      id
      slug
      author {
        id
        name
      }
      edition {
        id
        title
      }
    }
  }
`);

/** A book's highlights for its reader (the reader's view and the microbook page). */
export const BookHighlightsQuery = graphql(`
  query BookHighlights($slug: String!) {
    microbook(slug: $slug) {
      id
      slug
      author {
        id
        name
      }
      edition {
        id
        title
      }
      viewerAccess {
        canHighlight
      }
      viewerHighlights {
        id
        colour
        keyIdeaPosition
        startOffset
        endOffset
        quote
        detached
        ...HighlightItem_highlight
      }
    }
  }
`);

export const CreateHighlightMutation = graphql(`
  mutation CreateHighlight(
    $editionId: ID!
    $keyIdeaPosition: Int
    $startOffset: Int!
    $quote: String!
    $colour: HighlightColour
    $note: String
  ) {
    createHighlight(
      editionId: $editionId
      keyIdeaPosition: $keyIdeaPosition
      startOffset: $startOffset
      quote: $quote
      colour: $colour
      note: $note
    ) {
      ...MutationError @unmask
      ... on Highlight {
        id
        colour
        keyIdeaPosition
        startOffset
        endOffset
        quote
        detached
        ...HighlightItem_highlight
      }
    }
  }
`);

export const UpdateHighlightMutation = graphql(`
  mutation UpdateHighlight($id: ID!, $colour: HighlightColour, $note: String) {
    updateHighlight(id: $id, colour: $colour, note: $note) {
      ...MutationError @unmask
      ... on Highlight {
        id
        colour
        note
        updatedAt
      }
    }
  }
`);

export const DeleteHighlightMutation = graphql(`
  mutation DeleteHighlight($id: ID!) {
    deleteHighlight(id: $id) {
      ...MutationError @unmask
      ... on DeletedHighlight {
        id
      }
    }
  }
`);

export const ShareHighlightMutation = graphql(`
  mutation ShareHighlight($id: ID!) {
    shareHighlight(id: $id) {
      ...MutationError @unmask
      ... on Highlight {
        id
        sharePath
      }
    }
  }
`);
