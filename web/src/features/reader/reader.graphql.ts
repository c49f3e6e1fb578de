import { graphql } from "../../gql";

export const SaveReadingPositionMutation = graphql(`
  mutation SaveReadingPosition(
    $microbookId: ID!
    $language: Language!
    $medium: ReadingMedium!
    $keyIdea: Int!
    $keyIdeaOffset: Float!
    $audioSeconds: Float
    $deviceId: String!
    $sessionId: String!
    $sequence: Int!
    $deliberate: Boolean
    $resumes: ResumedPosition
  ) {
    saveReadingPosition(
      microbookId: $microbookId
      language: $language
      medium: $medium
      keyIdea: $keyIdea
      keyIdeaOffset: $keyIdeaOffset
      audioSeconds: $audioSeconds
      deviceId: $deviceId
      sessionId: $sessionId
      sequence: $sequence
      deliberate: $deliberate
      resumes: $resumes
    ) {
      ...MutationError @unmask
      ... on ReadingPositionSaved {
        outcome
        status
        progress
        markedRead
        # The fields of ReaderPage's viewerPosition (the cache updates it in place by id).
        position {
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
      }
    }
  }
`);

export const UpdateReaderSettingsMutation = graphql(`
  mutation UpdateReaderSettings($fontStep: Int, $theme: ReaderTheme, $lineWidth: ReaderLineWidth) {
    updateReaderSettings(fontStep: $fontStep, theme: $theme, lineWidth: $lineWidth) {
      ...MutationError @unmask
      ... on Viewer {
        id
        readerSettings {
          fontStep
          fontSteps
          theme
          lineWidth
        }
      }
    }
  }
`);
