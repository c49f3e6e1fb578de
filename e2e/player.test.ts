import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../api/src/db/client";
import { deployMigrations } from "../api/src/db/migrate";
import type { Language } from "../api/src/generated/prisma/enums";
import { freeMicrobookIdFor } from "../api/src/features/catalog/free-daily";
import { seedIfEmpty } from "../api/src/features/catalog/import/seed";
import { buildSession, buildUser, grantPremium } from "../api/src/test/factories";
import { seriousAxeViolations } from "./axe";
import { cspViolations, launchBrowser, openContext } from "./browser";

// The persistent player, as a premium reader uses it (readers made in the database before the app
// starts, as in the library journey; this file starts the built app itself): start a microbook, skip
// a key idea, 1.5×, five pages while it plays, a reload that resumes, a second device asked where to
// continue, the stale first device unable to move the position, a playlist's queue (resuming where the reader
// left each item) and read-along on the page's text, in pt, en, es.
let browser: Browser;
let server: ChildProcess;
let dataDir: string;
let base: string;

const LANGUAGES = [
  {
    language: "pt",
    prefix: "",
    locale: "pt-BR",
    listen: "Ouça",
    open: "Abrir o player",
    close: "Fechar o player",
    nextIdea: "Próxima ideia-chave",
    speed: "Velocidade",
    pause: "Pausar",
    askAnother: /^Continuar de (\d\d:\d\d) \(em outro dispositivo\)\?$/,
    continueFrom: "Continuar de",
    playAll: "Tocar tudo",
    nowPlaying: "Tocando agora:",
  },
  {
    language: "en",
    prefix: "/en",
    locale: "en-US",
    listen: "Listen",
    open: "Open the player",
    close: "Close the player",
    nextIdea: "Next key idea",
    speed: "Speed",
    pause: "Pause",
    askAnother: /^Continue from (\d\d:\d\d) \(on another device\)\?$/,
    continueFrom: "Continue from",
    playAll: "Play all",
    nowPlaying: "Now playing:",
  },
  {
    language: "es",
    prefix: "/es",
    locale: "es-MX",
    listen: "Escucha",
    open: "Abrir el reproductor",
    close: "Cerrar el reproductor",
    nextIdea: "Siguiente idea clave",
    speed: "Velocidad",
    pause: "Pausar",
    askAnother: /^¿Continuar desde (\d\d:\d\d) \(en otro dispositivo\)\?$/,
    continueFrom: "Continuar desde",
    playAll: "Reproducir todo",
    nowPlaying: "Reproduciendo:",
  },
] as const;

type Reader = {
  token: string;
  book: { slug: string; chapters: number[] };
  playlist: string;
  /** The playlist's first two narrated items (play-all's queue for a premium reader), in order. */
  queue: [string, string];
  /** A narrated book with sentence timings, neither `book` nor in `queue` (no saved position: read-along starts fresh). */
  readAlong: string;
};
const readers = {} as Record<Language, Reader>;
/** A playlist holding today's free microbook (made so when the seed's playlists do not: it depends on the day). */
let freePlaylist: { slug: string; freeSlug: string };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Migrates and seeds the app's database; a premium reader per language, a narrated book and a playlist with two narrated items. */
async function prepareDatabase(pgliteDir: string, mediaDir: string) {
  const db = await openDatabase({ dataDir: pgliteDir });
  try {
    await deployMigrations({ kind: "pglite", pglite: db.pglite!, label: db.label });
    await seedIfEmpty(db.prisma, mediaDir);
    for (const { language } of LANGUAGES) {
      const narrated = await db.prisma.microbookEdition.findMany({
        where: { language, audio: { isNot: null } },
        select: { microbookId: true, microbook: { select: { slug: true } }, audio: { select: { chapters: true, sentences: true } } },
        orderBy: { microbook: { slug: "asc" } },
      });
      const narratedIds = new Set(narrated.map((edition) => edition.microbookId));
      const playlists = await db.prisma.playlist.findMany({
        select: { slug: true, items: { select: { microbook: { select: { id: true, slug: true } } }, orderBy: { position: "asc" } } },
      });
      const queueOf = (list: (typeof playlists)[number]) =>
        list.items.filter((item) => narratedIds.has(item.microbook.id)).map((item) => item.microbook.slug);
      const playlist = playlists.find((list) => queueOf(list).length >= 2);
      if (!playlist) throw new Error(`no seeded playlist holds two narrated ${language} microbooks`);
      const queue = queueOf(playlist).slice(0, 2) as [string, string];
      // Books of their own for the player's journey and read-along: the positions one journey saves never meet another.
      const others = narrated.filter((edition) => !queue.includes(edition.microbook.slug));
      const book = others.find((edition) => (edition.audio!.chapters as unknown[]).length >= 3);
      if (!book) throw new Error(`the seed catalogue has no narrated ${language} edition with chapters`);
      // Timed, with enough sentences in its introduction (section 0: the title, then the text) for the journey's moves.
      const introSentences = (sentences: unknown) =>
        Array.isArray(sentences) ? sentences.filter((s: { section: number }) => s.section === 0).length : 0;
      const readAlong = others.find((edition) => edition !== book && introSentences(edition.audio!.sentences) >= 9);
      if (!readAlong) throw new Error(`the seed catalogue has no other narrated ${language} edition with sentence timings`);
      const user = await buildUser(db.prisma, {
        email: `player-${language}@example.com`,
        contentLanguage: language,
        interfaceLanguage: language,
      });
      await grantPremium(db.prisma, user.id);
      readers[language] = {
        token: await buildSession(db.prisma, user.id),
        book: { slug: book.microbook.slug, chapters: (book.audio!.chapters as { startSeconds: number }[]).map((c) => c.startSeconds) },
        playlist: playlist.slug,
        queue,
        readAlong: readAlong.microbook.slug,
      };
    }
    // Today's free microbook (recorded as the app would), put in a playlist if none holds it.
    const freeId = (await freeMicrobookIdFor(db.prisma, new Date()))!;
    const free = await db.prisma.microbook.findUniqueOrThrow({ where: { id: freeId }, select: { slug: true } });
    const holding = await db.prisma.playlist.findFirst({ where: { items: { some: { microbookId: freeId } } }, select: { slug: true } });
    if (holding) freePlaylist = { slug: holding.slug, freeSlug: free.slug };
    else {
      const list = await db.prisma.playlist.findFirstOrThrow({
        where: { weekStart: { lte: new Date(Date.now() - 86_400_000) } },
        orderBy: { weekStart: "desc" },
        select: { id: true, slug: true, items: { select: { position: true }, orderBy: { position: "desc" }, take: 1 } },
      });
      await db.prisma.playlistItem.create({
        data: { playlistId: list.id, position: (list.items[0]?.position ?? 0) + 1, microbookId: freeId },
      });
      freePlaylist = { slug: list.slug, freeSlug: free.slug };
    }
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  dataDir = mkdtempSync(path.join(tmpdir(), "brevia-e2e-player-"));
  await prepareDatabase(path.join(dataDir, "pglite"), path.join(dataDir, "media"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["api/dist/main.mjs"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      PUBLIC_URL: base,
    },
  });
  const started = Date.now();
  for (;;) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
    if (Date.now() - started > 300_000) throw new Error("the app did not become ready");
    await new Promise((r) => setTimeout(r, 500));
  }
}, 420_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Media = { currentTime: number; paused: boolean; playbackRate: number; duration: number; src: string };
const media = (page: Page) =>
  page.locator("audio").evaluate((element) => {
    const audio = element as unknown as Media;
    return {
      currentTime: audio.currentTime,
      paused: audio.paused,
      playbackRate: audio.playbackRate,
      duration: audio.duration,
      src: audio.src,
    };
  });

async function readerContext(token: string, locale: string): Promise<BrowserContext> {
  const context = await openContext(browser, { locale, viewport: { width: 1100, height: 800 } });
  await context.addCookies([{ name: "brevia_session", value: token, url: base }]);
  return context;
}

/** Presses Listen on the book's page (again until the page has hydrated and the player shows). */
async function listen(page: Page, name: string) {
  const button = page.getByRole("button", { name, exact: true });
  await button.waitFor();
  await expect
    .poll(
      async () => {
        if ((await page.locator(".mini-player, .player__prompt").count()) === 0) await button.click().catch(() => undefined);
        return page.locator(".mini-player, .player__prompt").count();
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

/** The reader's position as the API has it (the browser context's own session cookie). */
async function savedPosition(context: BrowserContext, slug: string) {
  const response = await context.request.post(`${base}/graphql`, {
    headers: { "content-type": "application/json" },
    data: { query: `{ microbook(slug: "${slug}") { viewerPosition { audioSeconds deviceId sessionId medium } } }` },
  });
  const body = (await response.json()) as {
    data: { microbook: { viewerPosition: { audioSeconds: number; deviceId: string; sessionId: string; medium: string } | null } };
  };
  return body.data.microbook.viewerPosition;
}

/** Saves a listening position as the player would, from `device` (a new session, deliberate): what a device left. */
async function saveListeningPosition(context: BrowserContext, slug: string, language: string, audioSeconds: number, device: string) {
  const post = async (query: string, variables: Record<string, unknown> = {}) =>
    (await (
      await context.request.post(`${base}/graphql`, { headers: { "content-type": "application/json" }, data: { query, variables } })
    ).json()) as {
      data: Record<string, { id?: string; __typename?: string; outcome?: string }>;
    };
  const { id } = (await post(`{ microbook(slug: "${slug}") { id } }`)).data.microbook!;
  const saved = await post(
    `mutation ($id: ID!, $language: Language!, $seconds: Float!, $device: String!, $session: String!) {
      saveReadingPosition(microbookId: $id, language: $language, medium: AUDIO, keyIdea: 0, keyIdeaOffset: 0, audioSeconds: $seconds,
        deviceId: $device, sessionId: $session, sequence: 1, deliberate: true) { __typename ... on ReadingPositionSaved { outcome } } }`,
    { id, language, seconds: audioSeconds, device, session: `journey-${Date.now()}` },
  );
  expect(saved.data.saveReadingPosition).toEqual({ __typename: "ReadingPositionSaved", outcome: "APPLIED" });
}

/** The text painted under a CSS Custom Highlight name, or null. */
const painted = (page: Page, name: string) =>
  page.evaluate((highlight) => {
    const registry = CSS.highlights as unknown as Map<string, Set<Range>>;
    const ranges = registry.get(highlight);
    return ranges ? Array.from(ranges, (range) => range.toString()).join("|") : null;
  }, name);

describe("the persistent player", () => {
  for (const l of LANGUAGES) {
    it(
      `${l.locale}: plays through five pages at 1.5×, resumes after a reload, another device is asked where to continue, the stale one cannot move it`,
      { timeout: 240_000 },
      async () => {
        const reader = readers[l.language];
        const { slug, chapters } = reader.book;
        const first = await readerContext(reader.token, l.locale);
        const page = await first.newPage();
        await page.goto(`${base}${l.prefix}/microbook/${slug}`);
        await listen(page, l.listen);
        await expect.poll(async () => (await media(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.5);
        expect(await page.locator("audio").count()).toBe(1);

        // Skip a key idea and set 1.5× in the expanded view.
        await page.getByRole("button", { name: l.open }).click();
        await page.getByRole("button", { name: l.nextIdea }).click();
        await expect.poll(async () => (await media(page)).currentTime).toBeGreaterThanOrEqual(chapters[1]! - 0.5);
        await page.getByLabel(l.speed).selectOption("1.5");
        expect((await media(page)).playbackRate).toBe(1.5);
        await page.getByRole("button", { name: l.close }).click();

        // Five client-side page changes while it plays: the clock keeps moving, the document stays.
        await page.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));
        const steps = [".microbook__category a", "a.brand", "a.card__link", ".microbook__category a", "a.brand"];
        let before = (await media(page)).currentTime;
        for (const selector of steps) {
          const from = page.url();
          // Clicked again if a click landed while the previous page was still settling.
          await expect
            .poll(
              async () => {
                if (page.url() === from)
                  await page
                    .locator(selector)
                    .first()
                    .click({ timeout: 5_000 })
                    .catch(() => undefined);
                return page.url();
              },
              { timeout: 20_000, message: `${selector} from ${from}` },
            )
            .not.toBe(from);
          await page.waitForLoadState("networkidle");
          await expect.poll(async () => (await media(page)).currentTime).toBeGreaterThan(before);
          before = (await media(page)).currentTime;
        }
        expect(await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
        expect((await media(page)).paused).toBe(false);
        expect((await media(page)).playbackRate).toBe(1.5);

        // A reload (the place goes out with keepalive as the page goes), then Listen resumes within 10 s.
        const beforeReload = (await media(page)).currentTime;
        await page.reload();
        await page.goto(`${base}${l.prefix}/microbook/${slug}`);
        await listen(page, l.listen);
        // (It starts once the audio's metadata is in: until then the element's own clock still says 0.)
        await expect
          .poll(
            async () => {
              const { paused, currentTime } = await media(page);
              return !paused && Math.abs(currentTime - beforeReload) <= 10;
            },
            { timeout: 20_000 },
          )
          .toBe(true);
        expect((await media(page)).playbackRate).toBe(1.5);

        // Another device (a second browser context, same reader): asked, with both choices, and continues there.
        await page.getByRole("button", { name: l.pause }).first().click();
        await expect.poll(async () => (await media(page)).paused).toBe(true);
        const pausedAt = (await media(page)).currentTime;
        await expect.poll(async () => Math.abs(((await savedPosition(first, slug))?.audioSeconds ?? 0) - pausedAt)).toBeLessThan(1);
        const saved = (await savedPosition(first, slug))!;
        const second = await readerContext(reader.token, l.locale);
        const other = await second.newPage();
        await other.goto(`${base}${l.prefix}/microbook/${slug}`);
        await listen(other, l.listen);
        const question = other.locator("#player-prompt-text");
        await expect.poll(() => question.textContent()).toMatch(l.askAnother);
        const shown = l.askAnother.exec((await question.textContent())!)![1]!;
        const [mm, ss] = shown.split(":").map(Number) as [number, number];
        expect(Math.abs(mm * 60 + ss - saved.audioSeconds)).toBeLessThanOrEqual(1);
        expect(await other.getByRole("group").getByRole("button").count()).toBe(2);
        await other.getByRole("button", { name: `${l.continueFrom} ${shown}`, exact: true }).click();
        await expect
          .poll(
            async () => {
              const { paused, currentTime } = await media(other);
              return !paused && Math.abs(currentTime - saved.audioSeconds) <= 3;
            },
            { timeout: 20_000 },
          )
          .toBe(true);
        // The speed set on the first device is the reader's, in their account: this device plays at 1.5× unasked.
        expect((await media(other)).playbackRate).toBe(1.5);
        expect(await other.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("brevia_playback_rate")))).toEqual([]);
        const otherDevice = await other.evaluate(() => localStorage.getItem("brevia_device"));
        await expect.poll(async () => (await savedPosition(second, slug))?.deviceId).toBe(otherDevice);

        // axe-core on the mini player and the expanded view: no serious or critical violation.
        expect(await seriousAxeViolations(other)).toEqual([]);
        await other.getByRole("button", { name: l.open }).click();
        expect(await seriousAxeViolations(other)).toEqual([]);
        await other.getByRole("button", { name: l.pause }).first().click();
        await expect.poll(async () => (await media(other)).paused).toBe(true);
        // The save on pause, not one of the periodic saves made while it played, is the position to keep.
        const otherPausedAt = (await media(other)).currentTime;
        await expect
          .poll(async () => {
            const position = await savedPosition(second, slug);
            return position?.deviceId === otherDevice && Math.abs(position.audioSeconds - otherPausedAt) < 0.5;
          })
          .toBe(true);
        const taken = (await savedPosition(second, slug))!;

        // The first device, now stale, plays on (as a tab left running does) and saves about every 10 s and on
        // pause: refused, it is asked where to continue, and the position stays the second device's.
        await page.locator("audio").evaluate((element) => (element as unknown as { play(): Promise<void> }).play());
        await page.waitForTimeout(11_000);
        await page.getByRole("button", { name: l.pause }).first().click();
        await expect.poll(() => page.locator("#player-prompt-text").textContent(), { timeout: 15_000 }).toMatch(l.askAnother);
        const after = (await savedPosition(first, slug))!;
        expect(after.deviceId).toBe(otherDevice);
        expect(after.sessionId).toBe(taken.sessionId);
        expect(after.audioSeconds).toBeCloseTo(taken.audioSeconds, 0);

        expect(await cspViolations(first)).toEqual([]);
        expect(await cspViolations(second)).toEqual([]);
        await second.close();
        await first.close();
      },
    );

    it(
      `${l.locale}: a playlist's play-all plays two items in order in the player, the second from where the reader left it`,
      { timeout: 120_000 },
      async () => {
        const reader = readers[l.language];
        const [firstSlug, secondSlug] = reader.queue;
        const context = await readerContext(reader.token, l.locale);
        const page = await context.newPage();
        await page.goto(`${base}${l.prefix}/playlists/${reader.playlist}`);
        // This device listened to the second item before, 40 s in: the queue must start it there, not move it back to 0.
        const device = `journey-device-${l.language}`;
        await page.evaluate((id) => localStorage.setItem("brevia_device", id), device);
        const resumeAt = 40;
        await saveListeningPosition(context, secondSlug, l.language, resumeAt, device);
        const playAll = page.getByRole("button", { name: l.playAll });
        await playAll.waitFor();
        await expect
          .poll(
            async () => {
              if ((await page.locator(".mini-player").count()) === 0) await playAll.click().catch(() => undefined);
              return page.locator(".mini-player").count();
            },
            { timeout: 20_000 },
          )
          .toBe(1);
        const now = page.locator(".play-all__now");
        await expect.poll(() => now.textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^${l.nowPlaying} .+, 1 (of|de) \\d+$`));
        await expect.poll(async () => (await media(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0.2);
        const firstSrc = (await media(page)).src;
        const firstPlaying = await page.locator('.playlist__items > li[aria-current="true"] .card__link').getAttribute("href");
        expect(firstPlaying).toBe(`${l.prefix}/microbook/${firstSlug}`);
        // To the last seconds of the first item (at 4×): it ends, and the queue goes on by itself.
        await page.locator("audio").evaluate((element) => {
          const audio = element as unknown as Media;
          audio.playbackRate = 4;
          audio.currentTime = audio.duration - 1;
        });
        await expect.poll(() => now.textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^${l.nowPlaying} .+, 2 (of|de) \\d+$`));
        await expect.poll(async () => (await media(page)).src).not.toBe(firstSrc);
        await expect.poll(async () => (await media(page)).paused, { timeout: 20_000 }).toBe(false);
        // It starts where this device left it (once its metadata is in), and its saved position never went back.
        await expect
          .poll(
            async () => {
              const { paused, currentTime } = await media(page);
              return !paused && currentTime >= resumeAt - 0.5 && currentTime < resumeAt + 20;
            },
            { timeout: 20_000 },
          )
          .toBe(true);
        expect((await savedPosition(context, secondSlug))!.audioSeconds).toBeGreaterThanOrEqual(resumeAt - 0.5);
        const secondPlaying = await page.locator('.playlist__items > li[aria-current="true"] .card__link').getAttribute("href");
        expect(secondPlaying).toBe(`${l.prefix}/microbook/${secondSlug}`);
        // In the list's order: the second playing item comes after the first.
        const hrefs = await page
          .locator(".playlist__items > li .card__link")
          .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        expect(hrefs.indexOf(secondPlaying)).toBeGreaterThan(hrefs.indexOf(firstPlaying));
        expect(await page.locator("audio").count()).toBe(1);
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );

    // Read-along with the real player (timings from their signed URL, painted with CSS Custom Highlights on the page's text).
    it(
      `${l.locale}: read-along: the spoken sentence is painted and moves on as it plays; Enter on a later sentence plays from its start`,
      { timeout: 120_000 },
      async () => {
        const reader = readers[l.language];
        const context = await readerContext(reader.token, l.locale);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        const timingsLoaded = page.waitForResponse((response) => response.url().includes(".timings.json"));
        await page.goto(`${base}${l.prefix}/microbook/${reader.readAlong}/read`);
        type Sentence = { part: string; chapter: number | null; from: number; to: number; startMs: number; endMs: number };
        const timings = await timingsLoaded;
        expect(timings.status()).toBe(200);
        const { sentences } = (await timings.json()) as { sentences: Sentence[] };
        const intro = await page
          .locator('[data-reader-chapter="intro"]')
          .evaluate((chapter) => Array.from(chapter.querySelectorAll("p"), (p) => p.textContent).join("\n\n"));
        const introSentences = sentences.filter((s) => s.part === "text" && s.chapter === null);
        expect(introSentences.length).toBeGreaterThan(6);
        const textOf = (sentence: Sentence) => intro.slice(sentence.from, sentence.to);

        // Enter on the intro's second sentence: the persistent player loads and plays from its start.
        const stop = page.locator('[data-read-along-paragraph][tabindex="0"]');
        await expect.poll(() => stop.count()).toBe(1);
        await stop.focus();
        await page.keyboard.press("ArrowDown");
        expect(await painted(page, "brevia-read-along-cursor")).toBe(textOf(introSentences[1]!));
        expect(await painted(page, "brevia-read-along")).toBeNull();
        await page.keyboard.press("Enter");
        await expect.poll(async () => !(await media(page)).paused, { timeout: 20_000 }).toBe(true);
        // (The element says 0 until its metadata is in; then it is at the sentence's start.)
        const start = introSentences[1]!.startMs / 1000;
        await expect
          .poll(
            async () => {
              const { currentTime } = await media(page);
              return currentTime >= start - 0.05 && currentTime < start + 1.5;
            },
            { timeout: 10_000 },
          )
          .toBe(true);

        // The spoken sentence is painted, and it moves on to the next as the audio plays (at 2×).
        await expect.poll(() => painted(page, "brevia-read-along"), { timeout: 10_000 }).toBe(textOf(introSentences[1]!));
        await page.locator("audio").evaluate((element) => void ((element as unknown as Media).playbackRate = 2));
        await expect.poll(() => painted(page, "brevia-read-along"), { timeout: 20_000 }).toBe(textOf(introSentences[2]!));
        expect((await media(page)).currentTime * 1000).toBeGreaterThanOrEqual(introSentences[2]!.startMs - 100);

        // Enter on a later sentence moves the audio to that sentence's start (the player is on this book: a seek).
        const target = introSentences[5]!;
        for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowDown");
        expect(await painted(page, "brevia-read-along-cursor")).toBe(textOf(target));
        await page.keyboard.press("Enter");
        await expect
          .poll(async () => Math.abs((await media(page)).currentTime - target.startMs / 1000) < 0.75, { timeout: 10_000 })
          .toBe(true);
        await expect.poll(() => painted(page, "brevia-read-along"), { timeout: 10_000 }).toBe(textOf(target));
        expect(errors).toEqual([]);
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );
  }

  // Once play-all's own journey (e2e/play-all.test.ts, against the shared app): it failed whenever no seeded
  // playlist held the day's free microbook (the seed leaves one narrated book out of every playlist, and the
  // free book changes daily). Here the database is prepared so that one does.
  it(
    "a visitor on the playlist holding today's free microbook hears it start in the player, marked as playing",
    { timeout: 60_000 },
    async () => {
      const context = await openContext(browser, { locale: "en-US" });
      const errors: string[] = [];
      const page = await context.newPage();
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${base}/en/playlists/${freePlaylist.slug}`);
      await page.waitForLoadState("networkidle");
      // Focus the button and press Enter: the keyboard starts it too.
      await page.getByRole("button", { name: "Play all" }).focus();
      await page.keyboard.press("Enter");

      const playing = page.locator('.playlist__items > li[aria-current="true"]');
      await expect.poll(() => playing.count(), { timeout: 15_000 }).toBe(1);
      expect(await playing.locator(".card__link").getAttribute("href")).toBe(`/en/microbook/${freePlaylist.freeSlug}`);
      const title = (await playing.locator(".card__title").textContent())!;
      // A visitor hears today's free microbook only: the others are locked or text only.
      expect(await page.locator(".play-all__now").textContent()).toBe(`Now playing: ${title}, 1 of 1`);
      expect(await page.getByRole("dialog").count()).toBe(0);
      // One audio element, the player's, on the narration's signed URL; the mini player names what plays.
      const audio = page.locator("audio");
      expect(await audio.count()).toBe(1);
      expect(await audio.getAttribute("src")).toMatch(/^\/audio\//);
      await expect.poll(() => page.locator(".mini-player .player__title").textContent()).toBe(title);
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
