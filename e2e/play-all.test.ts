import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

/** What the journeys read and press, in each language (the app's own translations). */
const LANGUAGES = [
  { language: "pt", browserLocale: "pt-BR", prefix: "", playAll: "Tocar tudo", upgradeDialog: "Leia e ouça tudo com o Premium" },
  {
    language: "en",
    browserLocale: "en-US",
    prefix: "/en",
    playAll: "Play all",
    upgradeDialog: "Read and listen to everything with Premium",
  },
  { language: "es", browserLocale: "es-ES", prefix: "/es", playAll: "Reproducir todo", upgradeDialog: "Lee y escucha todo con Premium" },
] as const;

type PlaylistsAnswer = {
  freeMicrobookToday: { slug: string } | null;
  playlists: { nodes: { slug: string; items: { nodes: { microbook: { slug: string } }[] } }[] };
};

/** The weekly playlists and today's free microbook, as the API tells a visitor. */
async function playlistsAndFreeBook(): Promise<PlaylistsAnswer> {
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      query: "{ freeMicrobookToday { slug } playlists(first: 50) { nodes { slug items(first: 50) { nodes { microbook { slug } } } } } }",
    }),
  });
  const body = (await response.json()) as { data: PlaylistsAnswer };
  return body.data;
}

const holds = (playlist: PlaylistsAnswer["playlists"]["nodes"][number], slug: string | undefined) =>
  playlist.items.nodes.some((item) => item.microbook.slug === slug);

async function watchedPage(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return page;
}

describe.each(LANGUAGES)("play-all in $language (at $prefix/)", (l) => {
  it(
    "a visitor presses Play all on a playlist without today's free microbook and gets the upgrade modal",
    { timeout: 60_000 },
    async () => {
      const { freeMicrobookToday, playlists } = await playlistsAndFreeBook();
      const locked = playlists.nodes.find((playlist) => !holds(playlist, freeMicrobookToday?.slug));
      expect(locked, "a playlist without today's free microbook").toBeDefined();
      const context = await openContext(browser, { locale: l.browserLocale });
      const errors: string[] = [];
      const page = await watchedPage(context, errors);
      await page.goto(`${BASE_URL}${l.prefix}/playlists/${locked!.slug}`);
      await page.waitForLoadState("networkidle");
      // Narrated items are marked locked for a visitor; the page gives no audio to play.
      expect(await page.locator(".playlist__items .notice--locked").count()).toBeGreaterThan(0);
      await page.getByRole("button", { name: l.playAll }).click();
      const dialog = page.getByRole("dialog", { name: l.upgradeDialog });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await page.locator("audio").count()).toBe(0);
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      expect(errors).toEqual([]);
      expect(await cspViolations(context)).toEqual([]);
      await context.close();
    },
  );
});

describe("play-all with something to hear", () => {
  it(
    "a visitor on the playlist holding today's free microbook hears it start in the player, marked as playing",
    { timeout: 60_000 },
    async () => {
      // Without a way to make a premium reader from the browser, today's free microbook (open to every
      // reader, narrated in English) is what a visitor may hear; the seeded playlists hold it on all but
      // the days the one unlisted narrated book is free.
      const { freeMicrobookToday, playlists } = await playlistsAndFreeBook();
      const withFree = playlists.nodes.find((playlist) => holds(playlist, freeMicrobookToday?.slug));
      expect(withFree, `a playlist holding today's free microbook (${freeMicrobookToday?.slug})`).toBeDefined();
      const context = await openContext(browser, { locale: "en-US" });
      const errors: string[] = [];
      const page = await watchedPage(context, errors);
      await page.goto(`${BASE_URL}/en/playlists/${withFree!.slug}`);
      await page.waitForLoadState("networkidle");
      // Focus the button and press Enter: the keyboard starts it too.
      await page.getByRole("button", { name: "Play all" }).focus();
      await page.keyboard.press("Enter");

      const playing = page.locator('.playlist__items > li[aria-current="true"]');
      await expect.poll(() => playing.count()).toBe(1);
      expect(await playing.locator(".card__link").getAttribute("href")).toBe(`/en/microbook/${freeMicrobookToday!.slug}`);
      const title = (await playing.locator(".card__title").textContent())!;
      // The items a visitor may hear: narrated and not marked locked (today's free one).
      const items = page.locator(".playlist__items > li");
      const playable = await items.evaluateAll(
        (lis) => lis.filter((li) => !li.querySelector(".playlist__hearing") && li.querySelector(".card__audio")).length,
      );
      expect(await page.locator(".play-all__now").textContent()).toBe(`Now playing: ${title}, 1 of ${playable}`);
      expect(await page.getByRole("dialog").count()).toBe(0);
      // One audio element, the player's, on the narration's signed URL; the mini player names what plays.
      const audio = page.locator("audio");
      expect(await audio.count()).toBe(1);
      expect(await audio.getAttribute("src")).toMatch(/^\/audio\//);
      expect(await page.locator(".mini-player .player__title").textContent()).toBe(title);
      // It plays: the clock moves.
      await expect
        .poll(
          () =>
            audio.evaluate((element) => {
              const media = element as unknown as { paused: boolean; currentTime: number };
              return media.paused ? -1 : media.currentTime;
            }),
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      expect(errors).toEqual([]);
      expect(await cspViolations(context)).toEqual([]);
      await context.close();
    },
  );
});
