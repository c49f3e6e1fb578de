import { graphql } from "../../gql";

/** /library: the tab counts and one tab's first page (more pages are appended by `after`). */
export const LibraryPageQuery = graphql(`
  query LibraryPage($shelf: LibraryShelf!, $sort: LibrarySort!, $after: String) {
    viewer {
      id
      libraryCounts {
        favourites
        reading
        read
      }
      library(shelf: $shelf, sort: $sort, first: 20, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        # Read here, not through a fragment of their own: a fragment document used by both the loader's and
        # the page's chunks would land in the chunk shared with the home page.
        nodes {
          id
          ...MicrobookCard_microbook
          edition {
            id
            title
          }
          viewerState {
            isFavourite
            status
            progress
          }
          viewerAccess {
            canMarkRead
          }
        }
      }
    }
  }
`);

/**
 * What an empty tab offers first: today's free microbook. Asked for only when a tab is empty (the loader
 * when the page starts empty, the page when its last book leaves), not with every library page.
 */
export const LibraryFreeTodayQuery = graphql(`
  query LibraryFreeToday {
    freeMicrobookToday {
      id
      slug
      edition {
        id
        title
      }
    }
  }
`);
