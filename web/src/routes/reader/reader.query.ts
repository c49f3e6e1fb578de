import { graphql } from "../../gql";

/**
 * The reading view: the reader's settings (applied in the server's HTML, so the first paint has the
 * right theme and size), the book's text when the access policy allows it, and where they left off.
 */
export const ReaderPageQuery = graphql(`
  query ReaderPage($slug: String!, $language: Language!) {
    viewer {
      id
      readerSettings {
        fontStep
        fontSteps
        theme
        lineWidth
      }
    }
    microbook(slug: $slug) {
      id
      slug
      author {
        id
        name
      }
      viewerAccess {
        canRead
        canMarkRead
        canHighlight
        canListen
        reason
      }
      viewerState {
        isFavourite
        status
        progress
      }
      viewerPosition {
        id
        language
        medium
        keyIdea
        keyIdeaOffset
        audioSeconds
        progress
        finished
        deviceId
        sessionId
        sequence
        savedAt
      }
      edition(language: $language) {
        id
        language
        title
        subtitle
        keyIdeaCount
        keyIdeas {
          position
          title
        }
        # Read-along: the narration's chapters (public), its timings' URL (gated) in content.
        audio {
          durationSeconds
          chapters {
            startSeconds
          }
        }
        # Null unless this reader may read the edition: the API is the gate.
        content {
          introduction
          keyIdeas {
            position
            title
            body
          }
          timingsUrl
        }
      }
    }
  }
`);
