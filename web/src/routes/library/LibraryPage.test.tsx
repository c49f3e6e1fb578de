import { ApolloLink, type InMemoryCache } from "@apollo/client";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Observable } from "rxjs";
import { describe, expect, it } from "vitest";
import { createApollo } from "../../app/apollo";
import { ContinueReading } from "../../features/discovery/ContinueReading";
import { ContinueReadingQuery } from "../../features/discovery/continue-reading.query";
import errorTypes from "../../gql/possible-types";
import { renderWithApi } from "../../test/mock-api";
import { libraryLoader } from "./loader";
import { Component as LibraryPage } from "./LibraryPage";

// The library's actions with the API mocked: each shows at once everywhere (tab counts, the list, home's
// continue reading) from the cache, with no query sent again; a refusal puts everything back and says why.

const book = (id: string, title: string, status: "NONE" | "READING" | "READ", isFavourite = true) => ({
  __typename: "Microbook",
  id,
  slug: id,
  author: { __typename: "Author", id: `author-${id}`, name: `Author of ${title}` },
  edition: {
    __typename: "MicrobookEdition",
    id: `edition-${id}`,
    language: "en",
    title,
    readingMinutes: 12,
    coverUrl: `/covers/${id}.en.webp`,
    coverSrcSet: `/covers/${id}.en.webp 450w`,
    audio: null,
  },
  viewerState: {
    __typename: "MicrobookViewerState",
    isFavourite,
    status,
    progress: status === "READING" ? 0.5 : status === "READ" ? 1 : 0,
  },
  viewerAccess: { __typename: "MicrobookViewerAccess", canMarkRead: true },
});

const BOOKS = [book("walden", "Walden", "READING"), book("meditations", "Meditations", "NONE")];

const libraryAnswer = () => ({
  __typename: "Query",
  viewer: {
    __typename: "Viewer",
    id: "reader",
    libraryCounts: { __typename: "LibraryCounts", favourites: 2, reading: 1, read: 0 },
    library: {
      __typename: "MicrobookConnection",
      totalCount: 2,
      pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: "b2Zmc2V0OjE=" },
      nodes: BOOKS,
    },
  },
});

const freeTodayAnswer = () => ({
  __typename: "Query",
  freeMicrobookToday: {
    __typename: "Microbook",
    id: "odyssey",
    slug: "the-odyssey",
    edition: { __typename: "MicrobookEdition", id: "odyssey-en", title: "The Odyssey" },
  },
});

const emptyLibraryAnswer = () => {
  const answer = libraryAnswer();
  return {
    ...answer,
    viewer: {
      ...answer.viewer,
      libraryCounts: { __typename: "LibraryCounts", favourites: 0, reading: 0, read: 0 },
      library: { ...answer.viewer.library, totalCount: 0, pageInfo: { ...answer.viewer.library.pageInfo, endCursor: null }, nodes: [] },
    },
  };
};

const continueAnswer = () => ({
  __typename: "Query",
  viewer: {
    __typename: "Viewer",
    id: "reader",
    continueReading: { __typename: "MicrobookConnection", nodes: [BOOKS[0]] },
  },
});

type Pending = { name: string; resolve: (data: Record<string, unknown>) => void; fail: () => void };

/** An Apollo client whose mutations wait until the test answers them (so the optimistic state can be seen). */
function apolloWithHeldMutations(library: () => Record<string, unknown> = libraryAnswer) {
  const operations: string[] = [];
  const pending: Pending[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const name = operation.operationName ?? "";
        operations.push(name);
        const send = (data: Record<string, unknown>) => {
          observer.next({ data });
          observer.complete();
        };
        if (name === "LibraryPage") return send(library());
        if (name === "LibraryFreeToday") return send(freeTodayAnswer());
        if (name === "ContinueReading") return send(continueAnswer());
        pending.push({ name, resolve: send, fail: () => observer.error(new Error("Network request failed")) });
      }),
  );
  const apollo = createApollo(link);
  (apollo.client.cache as InMemoryCache).policies.addPossibleTypes(errorTypes.possibleTypes);
  return Object.assign(apollo, { operations, pending });
}

async function renderLibrary(library?: () => Record<string, unknown>) {
  const apollo = apolloWithHeldMutations(library);
  // Home's continue reading, on screen beside the library (as after visiting home).
  const continueRef = await apollo.preloadQuery.toPromise(apollo.preloadQuery(ContinueReadingQuery));
  const view = renderWithApi(
    apollo,
    [
      {
        path: "/en/library",
        loader: libraryLoader(apollo),
        Component: () => (
          <>
            <LibraryPage />
            <ContinueReading queryRef={continueRef} />
          </>
        ),
      },
    ],
    { path: "/en/library" },
  );
  await screen.findByRole("heading", { name: "Your library" });
  return { apollo, ...view };
}

const tab = (name: string) => screen.getByRole("link", { name: new RegExp(`^${name} \\d+$`) });
const list = () => document.querySelector(".library-page__list") as HTMLElement | null;
const titlesInList = () =>
  list()
    ? within(list()!)
        .queryAllByRole("heading", { level: 3 })
        .map((h) => h.textContent)
    : [];
const continueTitles = () => Array.from(document.querySelectorAll(".continue-reading .card__title")).map((h) => h.textContent);
const answer = async (apollo: ReturnType<typeof apolloWithHeldMutations>, data: Record<string, unknown>) => {
  await waitFor(() => expect(apollo.pending).toHaveLength(1));
  apollo.pending.shift()!.resolve(data);
};

describe("an empty tab", () => {
  it("offers today's free microbook, read only because the tab is empty (a full tab does not ask for it)", async () => {
    const { apollo } = await renderLibrary(emptyLibraryAnswer);
    expect((await screen.findByRole("link", { name: "Read today's free microbook: The Odyssey" })).getAttribute("href")).toBe(
      "/en/microbook/the-odyssey",
    );
    expect(apollo.operations).toEqual(["ContinueReading", "LibraryPage", "LibraryFreeToday"]);
  });
});

describe("the library's actions", () => {
  it("remove: the book leaves the list, the Favourites and Reading counts and continue reading at once, and stays out once the API agrees", async () => {
    const user = userEvent.setup();
    const { apollo } = await renderLibrary();
    expect(tab("Favourites").textContent).toBe("Favourites 2");
    expect(continueTitles()).toEqual(["Walden"]);

    await user.click(
      within(screen.getByRole("group", { name: "Actions for Walden" })).getByRole("button", { name: "Remove from library" }),
    );
    // At once, before the API answers.
    await waitFor(() => expect(titlesInList()).toEqual(["Meditations"]));
    expect(tab("Favourites").textContent).toBe("Favourites 1");
    expect(tab("Reading").textContent).toBe("Reading 0");
    expect(continueTitles()).toEqual([]);

    await answer(apollo, {
      __typename: "Mutation",
      removeFromLibrary: {
        __typename: "Microbook",
        id: "walden",
        viewerState: { __typename: "MicrobookViewerState", isFavourite: false, status: "NONE", progress: 0 },
      },
    });
    await screen.findByText("Removed from your library.");
    expect(titlesInList()).toEqual(["Meditations"]);
    expect(tab("Favourites").textContent).toBe("Favourites 1");
    // Nothing was asked again.
    expect(apollo.operations.filter((name) => name !== "RemoveFromLibrary")).toEqual(["ContinueReading", "LibraryPage"]);
  });

  it("a refused unfavourite rolls back: the book, its count and its button come back, and a translated toast says why", async () => {
    const user = userEvent.setup();
    const { apollo } = await renderLibrary();
    const actions = () => screen.getByRole("group", { name: "Actions for Meditations" });
    await user.click(within(actions()).getByRole("button", { name: "In your favourites" }));
    await waitFor(() => expect(titlesInList()).toEqual(["Walden"]));
    expect(tab("Favourites").textContent).toBe("Favourites 1");

    await answer(apollo, {
      __typename: "Mutation",
      setFavourite: { __typename: "MicrobookNotFoundError", code: "MICROBOOK_NOT_FOUND", message: "No such microbook." },
    });
    await screen.findByText("This microbook is no longer available.");
    await waitFor(() => expect(titlesInList()).toEqual(["Walden", "Meditations"]));
    expect(tab("Favourites").textContent).toBe("Favourites 2");
    expect(within(actions()).getByRole("button", { name: "In your favourites" })).toBeTruthy();
  });

  it("a failed write (network) rolls back too; mark read moves the count from Reading to Read", async () => {
    const user = userEvent.setup();
    const { apollo } = await renderLibrary();
    await user.click(within(screen.getByRole("group", { name: "Actions for Walden" })).getByRole("button", { name: "Mark as read" }));
    await waitFor(() => expect(tab("Read").textContent).toBe("Read 1"));
    expect(tab("Reading").textContent).toBe("Reading 0");
    expect(continueTitles()).toEqual([]);
    await waitFor(() => expect(apollo.pending).toHaveLength(1));
    // The request fails (offline).
    apollo.pending.shift()!.fail();
    await screen.findByText("Something went wrong. Please try again.");
    await waitFor(() => expect(tab("Read").textContent).toBe("Read 0"));
    expect(tab("Reading").textContent).toBe("Reading 1");
    expect(continueTitles()).toEqual(["Walden"]);
  });
});
