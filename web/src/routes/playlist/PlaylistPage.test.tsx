import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
      coverUrl: `/covers/${n}.svg`,
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
  it("plays the hearable items in order, skips locked ones, and goes next and previous by keyboard", async () => {
    const user = userEvent.setup();
    setUp(["playable", "locked", "text-only", "playable", "playable"]);
    await screen.findByRole("heading", { level: 1, name: "Mix" });
    expect(within(itemOf("Book 2")).getByText("Locked: narration for Premium subscribers")).toBeTruthy();
    expect(within(itemOf("Book 3")).getByText("Text only")).toBeTruthy();
    expect(screen.getByText("1 narrated microbook is for Premium subscribers and is skipped.")).toBeTruthy();
    expect(document.querySelector("audio")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Play all" }));
    const audio = () => document.querySelector("audio")!;
    await waitFor(() => expect(screen.getByText(/^Now playing:/).textContent).toBe("Now playing: Book 1, 1 of 3"));
    expect(audio().getAttribute("src")).toBe("/audio/book-1.opus?sig=x");
    expect(audio().getAttribute("aria-label")).toBe("Playlist narration");
    expect(current()).toEqual(["Book 1"]);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Previous microbook" }).hasAttribute("disabled")).toBe(true);

    // Next skips the locked and the text-only items.
    screen.getByRole("button", { name: "Next microbook" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByText(/^Now playing:/).textContent).toBe("Now playing: Book 4, 2 of 3"));
    expect(audio().getAttribute("src")).toBe("/audio/book-4.opus?sig=x");
    expect(current()).toEqual(["Book 4"]);
    expect(play).toHaveBeenCalledTimes(2);

    // The end of one narration starts the next.
    fireEvent.ended(audio());
    await waitFor(() => expect(screen.getByText(/^Now playing:/).textContent).toBe("Now playing: Book 5, 3 of 3"));
    expect(current()).toEqual(["Book 5"]);
    expect(play).toHaveBeenCalledTimes(3);
    expect(screen.getByRole("button", { name: "Next microbook" }).hasAttribute("disabled")).toBe(true);

    await user.click(screen.getByRole("button", { name: "Previous microbook" }));
    await waitFor(() => expect(screen.getByText(/^Now playing:/).textContent).toBe("Now playing: Book 4, 2 of 3"));
    expect(current()).toEqual(["Book 4"]);
    await user.click(screen.getByRole("button", { name: "Next microbook" }));
    fireEvent.ended(audio());
    await waitFor(() => expect(screen.getByText("The playlist has finished.")).toBeTruthy());
    expect(screen.queryByRole("dialog")).toBeNull();
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
