import { ApolloProvider } from "@apollo/client/react";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApollo } from "../../test/mock-api";
import { testI18n } from "../../test/render";
import { deviceId } from "../reader/position-sync";
import { Player } from "./Player";
import { play } from "./playback";

const CHAPTERS = [
  { title: "Introduction", startSeconds: 0 },
  { title: "Idea one", startSeconds: 60 },
  { title: "Idea two", startSeconds: 300 },
  { title: "Idea three", startSeconds: 600 },
];

type Position = { medium: "TEXT" | "AUDIO"; keyIdea: number; audioSeconds: number | null; deviceId: string; finished?: boolean };

function book(id: string, title: string, position: Position | null, signedIn = true, playbackRate = 1) {
  return {
    viewer: signedIn ? { __typename: "Viewer", id: "reader-1", readerSettings: { __typename: "ReaderSettings", playbackRate } } : null,
    node: {
      __typename: "Microbook",
      id,
      slug: id,
      author: { __typename: "Author", id: `author-${id}`, name: "Ada Author" },
      viewerPosition: position && {
        __typename: "ReadingPosition",
        id: `position-${id}`,
        language: "en",
        keyIdeaOffset: 0,
        progress: 0.2,
        finished: false,
        sessionId: "other-session",
        sequence: 3,
        savedAt: "2026-11-30T10:00:00.000Z",
        ...position,
      },
      edition: {
        __typename: "MicrobookEdition",
        id: `edition-${id}`,
        language: "en",
        title,
        coverUrl: `/covers/${id}.jpg`,
        audio: { __typename: "Audio", durationSeconds: 900, chapters: CHAPTERS.map((c) => ({ __typename: "AudioChapter", ...c })) },
        content: { __typename: "EditionContent", audioUrl: `/audio/${id}.mp3?sig=x` },
      },
    },
  };
}

/** The saves position-sync sent (fetch with the persisted SaveReadingPosition). */
let saves: Record<string, unknown>[];

beforeEach(() => {
  saves = [];
  localStorage.clear();
  // happy-dom plays nothing: play and pause flip `paused` and send the events a browser would.
  const playing = new WeakSet<HTMLMediaElement>();
  Object.defineProperty(HTMLMediaElement.prototype, "paused", {
    configurable: true,
    get(this: HTMLMediaElement) {
      return !playing.has(this);
    },
  });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (this: HTMLMediaElement) {
    playing.add(this);
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (this: HTMLMediaElement) {
    if (!playing.has(this)) return;
    playing.delete(this);
    this.dispatchEvent(new Event("pause"));
  });
  vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as { variables: Record<string, unknown> };
    saves.push(body.variables);
    return new Response(JSON.stringify({ data: { saveReadingPosition: { __typename: "InvalidInputError", code: "X", message: "" } } }));
  });
});
afterEach(() => {
  delete (HTMLMediaElement.prototype as { paused?: boolean }).paused;
});

function renderPlayer(answers: Record<string, ReturnType<typeof book>>) {
  const apollo = mockApollo({
    PlayerItem: (variables) => answers[variables.id as string]!,
    UpdatePlaybackRate: (variables) => ({
      updateReaderSettings: {
        __typename: "Viewer",
        id: "reader-1",
        readerSettings: { __typename: "ReaderSettings", playbackRate: variables.playbackRate },
      },
    }),
  });
  render(
    <ApolloProvider client={apollo.client}>
      <I18nProvider i18n={testI18n("en")}>
        <Player />
      </I18nProvider>
    </ApolloProvider>,
  );
  const audio = document.querySelector("audio")!;
  return { apollo, audio };
}

describe("the player", () => {
  it("plays an item in the mini bar, every control named, and saves the place as AUDIO", async () => {
    const { audio } = renderPlayer({ b1: book("b1", "First book", null) });
    act(() => play({ microbookId: "b1", language: "en" }));
    await screen.findByText("First book");
    expect(document.querySelectorAll("audio")).toHaveLength(1);
    expect(audio.getAttribute("src") ?? audio.src).toContain("/audio/b1.mp3");
    for (const name of ["Pause", "Back 15 seconds", "Forward 15 seconds", "Open the player"]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
    // The first play of a session claims the position (deliberate), medium AUDIO, from this device.
    await waitFor(() => expect(saves.length).toBeGreaterThan(0));
    // Nothing was saved when it asked: the start takes the position over only if nothing was saved since.
    expect(saves[0]).toMatchObject({
      microbookId: "b1",
      medium: "AUDIO",
      deliberate: true,
      audioSeconds: 0,
      deviceId: deviceId(),
      resumes: { savedAt: null },
    });

    fireEvent.click(screen.getByRole("button", { name: "Open the player" }));
    const panel = screen.getByRole("group", { name: "Player controls" });
    expect(panel).toBeTruthy();
    for (const name of ["Previous key idea", "Next key idea", "Keyboard shortcuts"]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
    const speeds = [...(screen.getByLabelText("Speed") as HTMLSelectElement).options].map((option) => Number(option.value));
    expect(speeds).toEqual([0.75, 1, 1.25, 1.5, 1.75, 2]);
    const sleep = [...(screen.getByLabelText("Sleep timer") as HTMLSelectElement).options].map((option) => option.textContent);
    expect(sleep).toEqual(["Off", "5 minutes", "15 minutes", "30 minutes", "45 minutes", "60 minutes", "End of the key idea"]);
    expect(screen.getByRole("slider", { name: "Position" })).toBeTruthy();
  });

  it("asks before taking another device's place more than 30 s away, and continues there when told", async () => {
    const { audio } = renderPlayer({
      b1: book("b1", "First book", { medium: "AUDIO", keyIdea: 2, audioSeconds: 492, deviceId: "another-device" }),
    });
    act(() => play({ microbookId: "b1", language: "en" }));
    expect(await screen.findByText("Continue from 08:12 (on another device)?")).toBeTruthy();
    // Nothing plays and nothing is saved until the reader answers.
    expect(audio.paused).toBe(true);
    expect(saves).toEqual([]);
    const stay = screen.getByRole("button", { name: "Stay at 00:00" });
    expect(stay).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Continue from 08:12" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    // 08:12 is in the second key idea's chapter (the introduction is chapter 0).
    expect(saves[0]).toMatchObject({ audioSeconds: 492, deliberate: true, keyIdea: 1, resumes: null });
    expect(audio.paused).toBe(false);
    expect(screen.queryByText("Continue from 08:12 (on another device)?")).toBeNull();
  });

  it("resumes this device's own place without asking, and a text place at its key idea's chapter", async () => {
    renderPlayer({
      b1: book("b1", "First book", { medium: "AUDIO", keyIdea: 1, audioSeconds: 400, deviceId: deviceId() }),
      b2: book("b2", "Second book", { medium: "TEXT", keyIdea: 1, audioSeconds: null, deviceId: deviceId() }),
    });
    act(() => play({ microbookId: "b1", language: "en" }));
    await waitFor(() => expect(saves).toHaveLength(1));
    // A start at the place read: it takes over only that position (its savedAt), never one saved since.
    expect(saves[0]).toMatchObject({ audioSeconds: 400, deliberate: true, resumes: { savedAt: "2026-11-30T10:00:00.000Z" } });
    expect(screen.queryByText(/on another device/)).toBeNull();
    // Read up to key idea 2 (index 1) on this device: listening starts at its chapter (the introduction is chapter 0).
    act(() => play({ microbookId: "b2", language: "en" }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ microbookId: "b2", audioSeconds: 300, keyIdea: 1 });
  });

  it("goes on to the next item of the queue by itself when one ends, resuming it where the reader left it", async () => {
    const { apollo, audio } = renderPlayer({
      b1: book("b1", "First book", null),
      b2: book("b2", "Second book", { medium: "AUDIO", keyIdea: 1, audioSeconds: 400, deviceId: deviceId() }),
    });
    act(() =>
      play([
        { microbookId: "b1", language: "en" },
        { microbookId: "b2", language: "en" },
      ]),
    );
    await screen.findByText("First book");
    act(() => {
      audio.dispatchEvent(new Event("ended"));
    });
    await screen.findByText("Second book");
    expect(apollo.operations.filter((operation) => operation.name === "PlayerItem").map((operation) => operation.variables.id)).toEqual([
      "b1",
      "b2",
    ]);
    // The first book's end was saved (the narration's end: the server marks it read once).
    expect(saves.some((save) => save.microbookId === "b1" && save.audioSeconds === 900)).toBe(true);
    // The second starts at its saved place: the queue never moves a saved position back to the start.
    await waitFor(() => expect(saves.some((save) => save.microbookId === "b2")).toBe(true));
    expect(saves.filter((save) => save.microbookId === "b2")).toMatchObject([
      { audioSeconds: 400, resumes: { savedAt: "2026-11-30T10:00:00.000Z" } },
    ]);
  });

  it("asks before a queued item takes another device's place, and moves nothing until answered", async () => {
    const { audio } = renderPlayer({
      b1: book("b1", "First book", null),
      b2: book("b2", "Second book", { medium: "AUDIO", keyIdea: 2, audioSeconds: 492, deviceId: "another-device" }),
    });
    act(() =>
      play([
        { microbookId: "b1", language: "en" },
        { microbookId: "b2", language: "en" },
      ]),
    );
    await screen.findByText("First book");
    act(() => {
      audio.dispatchEvent(new Event("ended"));
    });
    expect(await screen.findByText("Continue from 08:12 (on another device)?")).toBeTruthy();
    expect(saves.filter((save) => save.microbookId === "b2")).toEqual([]);
  });

  it("remembers the speed per reader, moves 15 s and key ideas from the keyboard, and lists the shortcuts", async () => {
    const { apollo } = renderPlayer({ b1: book("b1", "First book", null), b2: book("b2", "Second book", null) });
    act(() => play({ microbookId: "b1", language: "en", atSeconds: 100 }));
    await screen.findByText("First book");
    fireEvent.click(screen.getByRole("button", { name: "Open the player" }));
    fireEvent.change(screen.getByLabelText("Speed"), { target: { value: "1.5" } });
    expect(document.querySelector("audio")!.playbackRate).toBe(1.5);
    // Kept in the reader's account (every device starts at it), and in this browser as the fallback.
    await waitFor(() =>
      expect(apollo.operations.filter((operation) => operation.name === "UpdatePlaybackRate").map((o) => o.variables)).toEqual([
        { playbackRate: 1.5 },
      ]),
    );
    expect(localStorage.getItem("brevia_playback_rate:reader-1")).toBe("1.5");

    const before = saves.length;
    fireEvent.keyDown(document.body, { key: "ArrowRight" });
    await waitFor(() => expect(saves.length).toBe(before + 1));
    expect(saves.at(-1)).toMatchObject({ audioSeconds: 115, deliberate: true, resumes: null });
    fireEvent.keyDown(document.body, { key: "ArrowRight", shiftKey: true });
    await waitFor(() => expect(saves.at(-1)).toMatchObject({ audioSeconds: 300 }));

    act(() => play({ microbookId: "b2", language: "en" }));
    await waitFor(() => expect(screen.getAllByText("Second book").length).toBeGreaterThan(0));
    expect(document.querySelector("audio")!.playbackRate).toBe(1.5);
    expect(screen.getByRole("heading", { name: "Keyboard shortcuts", hidden: true })).toBeTruthy();
  });

  it("starts at the speed in the reader's account, not this browser's copy; a visitor's comes from this browser", async () => {
    localStorage.setItem("brevia_playback_rate:reader-1", "0.75");
    localStorage.setItem("brevia_playback_rate:visitor", "1.75");
    renderPlayer({ b1: book("b1", "First book", null, true, 1.25), b2: book("b2", "Second book", null, false) });
    act(() => play({ microbookId: "b1", language: "en" }));
    await screen.findByText("First book");
    expect(document.querySelector("audio")!.playbackRate).toBe(1.25);
    act(() => play({ microbookId: "b2", language: "en" }));
    await screen.findByText("Second book");
    expect(document.querySelector("audio")!.playbackRate).toBe(1.75);
  });

  it("tells the Media Session the title, author, cover and key idea, and answers its actions", async () => {
    const handlers = new Map<string, (details: { seekTime?: number; seekOffset?: number }) => void>();
    const session = {
      metadata: null as unknown,
      setActionHandler: (action: string, handler: (details: { seekTime?: number }) => void) => handlers.set(action, handler),
      setPositionState: vi.fn(),
    };
    Object.defineProperty(navigator, "mediaSession", { configurable: true, value: session });
    vi.stubGlobal(
      "MediaMetadata",
      class {
        constructor(init: object) {
          Object.assign(this, init);
        }
      },
    );
    try {
      renderPlayer({ b1: book("b1", "First book", null) });
      act(() => play({ microbookId: "b1", language: "en", atSeconds: 70 }));
      await screen.findByText("First book");
      await waitFor(() =>
        expect(session.metadata).toMatchObject({
          title: "First book",
          artist: "Ada Author",
          album: "Idea one",
          artwork: [{ src: expect.stringMatching(/^https?:\/\/.+\/covers\/b1\.jpg$/) as unknown }],
        }),
      );
      expect([...handlers.keys()].sort()).toEqual(["nexttrack", "pause", "play", "previoustrack", "seekbackward", "seekforward", "seekto"]);
      const before = saves.length;
      act(() => handlers.get("seekto")!({ seekTime: 320 }));
      await waitFor(() => expect(saves.length).toBe(before + 1));
      expect(saves.at(-1)).toMatchObject({ audioSeconds: 320, deliberate: true });
      act(() => handlers.get("nexttrack")!({}));
      await waitFor(() => expect(saves.at(-1)).toMatchObject({ audioSeconds: 600 }));
    } finally {
      delete (navigator as { mediaSession?: unknown }).mediaSession;
      vi.unstubAllGlobals();
    }
  });

  it("says so when the audio cannot be loaded", async () => {
    const { audio } = renderPlayer({ b1: book("b1", "First book", null, false) });
    act(() => play({ microbookId: "b1", language: "en" }));
    await screen.findByText("First book");
    act(() => {
      audio.dispatchEvent(new Event("error"));
    });
    expect((await screen.findByRole("alert")).textContent).toBe("The audio could not be loaded. Reload the page to try again.");
    // A visitor's listening is not saved (no account to save it in).
    expect(saves).toEqual([]);
  });
});
