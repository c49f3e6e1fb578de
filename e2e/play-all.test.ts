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

// A visitor hearing today's free microbook through play-all: e2e/player.test.ts (its own app, whose
// database makes sure a playlist holds the day's free book; the shared app's seed does not every day).
