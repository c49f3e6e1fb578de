import { graphql } from "../../gql";

export const MicrobookPageQuery = graphql(`
  query MicrobookPage($slug: String!, $language: Language!) {
    microbook(slug: $slug) {
      id
      slug
      publishedYear
      languages
      isFreeToday
      author {
        id
        name
      }
      category {
        id
        slug
        name
        color
      }
      edition(language: $language) {
        id
        language
        title
        subtitle
        authorBio
        about
        audience
        readingMinutes
        coverUrl
        coverSrcSet
        access
        keyIdeaCount
        audio {
          durationSeconds
          synthetic
          narratorName
          chapters {
            title
            startSeconds
          }
        }
        keyIdeas {
          position
          title
        }
        # Null unless this reader may read the edition: the API is the gate.
        content {
          introduction
          audioUrl
          keyIdeas {
            position
            title
            body
          }
        }
      }
      similar {
        id
        ...MicrobookCard_microbook
      }
    }
  }
`);
