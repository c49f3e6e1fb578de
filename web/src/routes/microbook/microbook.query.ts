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
        access
        introduction
        keyIdeaCount
        audio {
          durationSeconds
          url
          chapters {
            title
            startSeconds
          }
        }
        keyIdeas {
          position
          title
          body
        }
      }
      similar {
        id
        ...MicrobookCard_microbook
      }
    }
  }
`);
