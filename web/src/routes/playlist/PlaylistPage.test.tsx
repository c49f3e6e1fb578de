import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerEngine, reportPlayback, type PlaybackItem } from "../../features/player/playback";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { playlistLoader } from "./loader";
import { Component as PlaylistPage } from "./PlaylistPage";

type Hearing = "playable" | "locked" | "text-only";

/** A playlist item as the API answers it: narrated or not, with an audio URL only when this reader may hear it. */
const item = (n: number, hearing: Hearing) => ({
  __typename: "PlaylistItem",
  position: n,
  microbook: {
    __typename: "Microbook",
    id: `book-${n}`,
    slug: `book-${n}`,
    author: { __typename: "Author", id: `author-${n}`, name: `Author ${n}` },
    edition: {
      __typename: "MicrobookEdition",
      id: `edition-${n}`,
      language: "en",
      title: `Book ${n}`,
      readingMinutes: 12,
      coverUrl: `/covers/${n}.webp`,
      coverSrcSet: `/covers/${n}.webp 450w`,
      audio: hearing === "text-only" ? null : { __typename: "Audio", durationSeconds: 600 },
      content: hearing === "playable" ? { __typename: "EditionContent", audioUrl: `/audio/book-${n}.opus?sig=x` } : null,
    },
  },
});

function setUp(hearings: Hearing[], locale: "en" | "pt" = "en") {
  const apollo = mockApollo({
    PlaylistPage: () => ({
      __typename: "Query",
      playlist: {
        __typename: "Playlist",
        id: "playlist-1",
        slug: "mix",
        title: "Mix",
        description: "A mix",
        weekStart: "2026-11-23",
        isThisWeek: true,
        itemCount: hearings.length,
        items: { __typename: "PlaylistItemsConnection", nodes: hearings.map((hearing, index) => item(index + 1, hearing)) },
      },
    }),
    UpgradeOffer: () => ({
      __typename: "Query",
      catalogueStats: { __typename: "CatalogueStats", microbooks: 37, categories: 8, languages: 3, narrated: 12 },
      testimonials: { __typename: "QueryTestimonialsConnection", nodes: [] },
      faq: { __typename: "QueryFaqConnection", nodes: [] },
    }),
  });
  const prefix = locale === "pt" ? "" : `/${locale}`;
  renderWithApi(apollo, [{ path: `${prefix}/playlists/:slug`, loader: playlistLoader(apollo), Component: PlaylistPage }], {
    path: `${prefix}/playlists/mix`,
    locale,
  });
  return apollo;
}

const itemOf = (title: string) => screen.getByRole("link", { name: title }).closest("li")!;
const current = () =>
  screen
    .getAllByRole("listitem")
    .filter((li) => li.getAttribute("aria-current") === "true")
    .map((li) => within(li).getByRole("heading").textContent);

let play: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // jsdom plays no media and has no modal dialogs: record the calls, open the dialog as a browser would.
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(play as () => Promise<void>);
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
});
afterEach(() => vi.restoreAllMocks());

describe("/playlists/:slug play-all", () => {
  it("hands the hearable items, in order, to the player as its queue, skips locked ones, and marks the one it is on", async () => {
    const user = userEvent.setup();
    // The player (features/player) stands in as an engine that records what it is asked and reports the first item.
    const asked: PlaybackItem[][] = [];
    registerEngine({
      play: (items) => {
        asked.push([...items]);
        reportPlayback({ item: items[0]!, playing: true });
      },
      seek: () => undefined,
      currentTime: () => 0,
    });
    setUp(["playable", "locked", "text-only", "playable", "playable"]);
    await screen.findByRole("heading", { level: 1, name: "Mix" });
    expect(within(itemOf("Book 2")).getByText("Locked: narration for Premium subscribers")).toBeTruthy();
    expect(within(itemOf("Book 3")).getByText("Text only")).toBeTruthy();
    expect(screen.getByText("1 narrated microbook is for Premium subscribers and is skipped.")).toBeTruthy();

    screen.getByRole("button", { name: "Play all" }).focus();
    await user.keyboard("{Enter}");
    expect(asked).toEqual([
      [
        { microbookId: "book-1", language: "en", title: "Book 1" },
        { microbookId: "book-4", language: "en", title: "Book 4" },
        { microbookId: "book-5", language: "en", title: "Book 5" },
      ],
    ]);
    await waitFor(() => expect(screen.getByText(/^Now playing:/).textContent).toBe("Now playing: Book 1, 1 of 3"));
    expect(current()).toEqual(["Book 1"]);
    // The page has no audio of its own: the player's one element plays.
    expect(document.querySelector("audio")).toBeNull();

    // The player goes on to the next item by itself: the page follows.
    act(() => reportPlayback({ item: asked[0]![1]!, playing: true }));
    await waitFor(() => expect(screen.getByText(/^Now playing:/).textContent).toBe("Now playing: Book 4, 2 of 3"));
    expect(current()).toEqual(["Book 4"]);
    act(() => reportPlayback({ item: asked[0]![2]!, playing: true }));
    await waitFor(() => expect(current()).toEqual(["Book 5"]));
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => reportPlayback(null));
  });

  it("opens the upgrade modal instead when nothing is playable for this reader (in pt)", async () => {
    const user = userEvent.setup();
    const apollo = setUp(["locked", "text-only", "locked"], "pt");
    await screen.findByRole("heading", { level: 1, name: "Mix" });
    expect(within(itemOf("Book 1")).getByText("Bloqueado: narração para assinantes Premium")).toBeTruthy();
    expect(within(itemOf("Book 2")).getByText("Só texto")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Tocar tudo" }));
    const dialog = await screen.findByRole("dialog", { name: "Leia e ouça tudo com o Premium" });
    await waitFor(() => expect(apollo.operations.map((op) => op.name)).toContain("UpgradeOffer"));
    expect(document.querySelector("audio")).toBeNull();
    expect(play).not.toHaveBeenCalled();
    expect(current()).toEqual([]);

    await user.click(within(dialog).getByRole("button", { name: "Fechar" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
