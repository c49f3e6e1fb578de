import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../api/src/db/client";
import { deployMigrations } from "../api/src/db/migrate";
import type { Language } from "../api/src/generated/prisma/enums";
import { seedIfEmpty } from "../api/src/features/catalog/import/seed";
import { epubcheck, hasEpubcheck } from "../api/src/test/epubcheck";
import { buildSession, buildUser, grantPremium } from "../api/src/test/factories";
import { startTestSmtpServer, type TestSmtpServer } from "../api/src/test/smtp";
import { seriousAxeViolations } from "./axe";
import { launchBrowser, openContext } from "./browser";

// The library journey: premium readers (made in the database before the app starts, as commerce does not
// sell Premium yet) favourite a book on its page, find it in /library without a reload, remove another,
// and send a book to their Kindle: the app's own SMTP server (a test one) receives the EPUB, which
// epubcheck accepts. So this file starts the built app itself (production mode, SMTP_URL set).
let browser: Browser;
let smtp: TestSmtpServer;
let server: ChildProcess;
let dataDir: string;
let base: string;

const LANGUAGES = [
  {
    language: "pt",
    prefix: "",
    locale: "pt-BR",
    favourite: "Adicionar aos favoritos",
    favourited: "Nos seus favoritos",
    library: "Sua biblioteca",
    favouritesTab: /^Favoritos \d+$/,
    remove: "Remover da biblioteca",
    actionsFor: "Ações para",
    sendToKindle: "Enviar para o Kindle",
    sent: "Enviado para",
  },
  {
    language: "en",
    prefix: "/en",
    locale: "en-US",
    favourite: "Add to favourites",
    favourited: "In your favourites",
    library: "Your library",
    favouritesTab: /^Favourites \d+$/,
    remove: "Remove from library",
    actionsFor: "Actions for",
    sendToKindle: "Send to Kindle",
    sent: "Sent to",
  },
  {
    language: "es",
    prefix: "/es",
    locale: "es-MX",
    favourite: "Añadir a favoritos",
    favourited: "En tus favoritos",
    library: "Tu biblioteca",
    favouritesTab: /^Favoritos \d+$/,
    remove: "Quitar de la biblioteca",
    actionsFor: "Acciones para",
    sendToKindle: "Enviar a Kindle",
    sent: "Enviado a",
  },
] as const;

type Reader = { token: string; kindleEmail: string; liked: { slug: string; title: string }; removed: { slug: string; title: string } };
const readers = {} as Record<Language, Reader>;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Migrates and seeds the app's embedded database, and makes a premium reader per language with two books to act on. */
async function prepareDatabase(pgliteDir: string, mediaDir: string) {
  const db = await openDatabase({ dataDir: pgliteDir });
  try {
    await deployMigrations({ kind: "pglite", pglite: db.pglite!, label: db.label });
    await seedIfEmpty(db.prisma, mediaDir);
    const books = await db.prisma.microbook.findMany({
      where: {
        editions: { some: { language: "pt" } },
        AND: [{ editions: { some: { language: "en" } } }, { editions: { some: { language: "es" } } }],
      },
      select: { id: true, slug: true, editions: { select: { language: true, title: true } } },
      orderBy: { slug: "asc" },
      take: 6,
    });
    if (books.length < 6) throw new Error("the seed catalogue has too few books in pt, en and es");
    for (const [i, { language }] of LANGUAGES.entries()) {
      const [liked, removed] = [books[2 * i]!, books[2 * i + 1]!];
      const kindleEmail = `reader-${language}@kindle.com`;
      const user = await buildUser(db.prisma, {
        email: `library-${language}@example.com`,
        contentLanguage: language,
        interfaceLanguage: language,
      });
      await db.prisma.user.update({ where: { id: user.id }, data: { kindleEmail } });
      await grantPremium(db.prisma, user.id);
      // Already in the library: the book the journey removes.
      await db.prisma.userBookState.create({
        data: { userId: user.id, microbookId: removed.id, isFavourite: true, favouritedAt: new Date(Date.now() - 3_600_000) },
      });
      const title = (book: typeof liked) => book.editions.find((e) => e.language === language)!.title;
      readers[language] = {
        token: await buildSession(db.prisma, user.id),
        kindleEmail,
        liked: { slug: liked.slug, title: title(liked) },
        removed: { slug: removed.slug, title: title(removed) },
      };
    }
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  browser = await launchBrowser();
  dataDir = mkdtempSync(path.join(tmpdir(), "brevia-e2e-library-"));
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
      SMTP_URL: smtp.url,
      MAIL_FROM: "Brevia <no-reply@brevia.test>",
      PUBLIC_URL: base,
    },
  });
  const started = Date.now();
  for (;;) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
    if (Date.now() - started > 110_000) throw new Error("the app did not become ready");
    await new Promise((r) => setTimeout(r, 500));
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await smtp?.close();
});

describe("the library", () => {
  for (const l of LANGUAGES) {
    it(
      `${l.locale}: a premium reader favourites a book on its page, finds it in /library without a reload, removes another, sends one to Kindle`,
      { timeout: 180_000 },
      async () => {
        const reader = readers[l.language];
        const context = await openContext(browser, { locale: l.locale });
        await context.addCookies([{ name: "brevia_session", value: reader.token, url: base }]);
        const page = await context.newPage();
        await page.goto(`${base}${l.prefix}/microbook/${reader.liked.slug}`);
        const favourite = page.getByRole("button", { name: l.favourite, exact: true });
        await favourite.waitFor();
        // Clicked until the page has hydrated (a click on the server's HTML alone does nothing).
        await expect
          .poll(
            async () => {
              if (await favourite.isVisible()) await favourite.click().catch(() => undefined);
              return page.getByRole("button", { name: l.favourited }).isVisible();
            },
            { timeout: 20_000 },
          )
          .toBe(true);

        // No reload from here: a mark on the window survives only client-side navigation.
        await page.evaluate(() => ((globalThis as unknown as { __sameDocument: boolean }).__sameDocument = true));
        await page.getByRole("link", { name: l.library, exact: true }).first().click();
        await page.waitForURL(`${base}${l.prefix}/library`);
        const list = page.locator(".library-page__list");
        await expect.poll(() => list.locator(".card__title").allTextContents(), { timeout: 10_000 }).toContain(reader.liked.title);
        expect(await page.evaluate(() => (globalThis as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
        expect(await list.locator(".card__title").allTextContents()).toEqual([reader.liked.title, reader.removed.title]);
        await expect.poll(() => page.getByRole("link", { name: l.favouritesTab }).textContent()).toMatch(/ 2$/);

        // Remove the other book: gone at once, the count follows, and it stays gone after a reload.
        await page
          .getByRole("group", { name: `${l.actionsFor} ${reader.removed.title}` })
          .getByRole("button", { name: l.remove })
          .click();
        await expect.poll(() => list.locator(".card__title").allTextContents()).toEqual([reader.liked.title]);
        await expect.poll(() => page.getByRole("link", { name: l.favouritesTab }).textContent()).toMatch(/ 1$/);

        // axe-core on /library: no serious or critical violation.
        expect(await seriousAxeViolations(page)).toEqual([]);
        await page.reload();
        await expect.poll(() => list.locator(".card__title").allTextContents()).toEqual([reader.liked.title]);

        // Send to Kindle from the book's page (reached by its card's link).
        await list.getByRole("link", { name: reader.liked.title }).click();
        await page.getByRole("button", { name: l.sendToKindle }).click();
        await page.getByText(`${l.sent} ${reader.kindleEmail}`).waitFor();
        const mail = await smtp.waitFor(reader.kindleEmail, /Kindle/, 60_000);
        const [attachment] = mail.parsed.attachments;
        expect(attachment).toMatchObject({ filename: `${reader.liked.slug}.${l.language}.epub`, contentType: "application/epub+zip" });
        if (hasEpubcheck() || process.env.CI) {
          const check = await epubcheck(attachment!.content);
          expect(check.output).toContain("No errors or warnings detected");
        }
        await context.close();
      },
    );
  }
});
