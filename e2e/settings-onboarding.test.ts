import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext, waitForApp } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

type Locale = "pt" | "en" | "es";
const PREFIX: Record<Locale, string> = { pt: "", en: "/en", es: "/es" };
const BROWSER_LOCALE: Record<Locale, string> = { pt: "pt-BR", en: "en-US", es: "es-ES" };

/** The words the journey reads and clicks, in each language (the app's own catalogues). */
const WORDS = {
  en: {
    signUp: "Create your account",
    email: "Email",
    password: "Password",
    goal: "Understand money and the economy",
    continue: "Continue",
    skip: "Skip this step",
    aboutYou: "A little more about you",
    seeRecommendations: "See my recommendations",
    finish: "Finish",
    tooFew: "Please choose at least 3 books.",
    recommended: "Recommended for you",
    settings: "Settings",
    name: "Name",
    saveProfile: "Save profile",
    profileSaved: "Your profile is saved.",
    interfaceLanguage: "Interface language",
    saveLanguages: "Save languages",
    download: "Download my data",
    confirmPassword: "Your password, to confirm",
    delete: "Delete my account",
    deleted: "Your account and your data have been deleted.",
    logIn: "Log in",
  },
  pt: {
    signUp: "Crie sua conta",
    email: "E-mail",
    password: "Senha",
    goal: "Entender o dinheiro e a economia",
    continue: "Continuar",
    skip: "Pular esta etapa",
    aboutYou: "Um pouco mais sobre você",
    seeRecommendations: "Ver minhas recomendações",
    finish: "Concluir",
    tooFew: "Por favor, escolha pelo menos 3 livros.",
    recommended: "Recomendados para você",
    settings: "Configurações",
    name: "Nome",
    saveProfile: "Salvar perfil",
    profileSaved: "Seu perfil foi salvo.",
    interfaceLanguage: "Idioma da interface",
    saveLanguages: "Salvar idiomas",
    download: "Baixar meus dados",
    confirmPassword: "Sua senha, para confirmar",
    delete: "Excluir minha conta",
    deleted: "Sua conta e seus dados foram excluídos.",
    logIn: "Entrar",
  },
  es: {
    signUp: "Crea tu cuenta",
    email: "Correo electrónico",
    password: "Contraseña",
    goal: "Entender el dinero y la economía",
    continue: "Continuar",
    skip: "Omitir este paso",
    aboutYou: "Un poco más sobre ti",
    seeRecommendations: "Ver mis recomendaciones",
    finish: "Terminar",
    tooFew: "Por favor, elige al menos 3 libros.",
    recommended: "Recomendados para ti",
    settings: "Configuración",
    name: "Nombre",
    saveProfile: "Guardar perfil",
    profileSaved: "Tu perfil se guardó.",
    interfaceLanguage: "Idioma de la interfaz",
    saveLanguages: "Guardar idiomas",
    download: "Descargar mis datos",
    confirmPassword: "Tu contraseña, para confirmar",
    delete: "Eliminar mi cuenta",
    deleted: "Tu cuenta y tus datos han sido eliminados.",
    logIn: "Iniciar sesión",
  },
} satisfies Record<Locale, Record<string, string>>;

/** The interface language each journey switches to in settings. */
const SWITCH_TO: Record<Locale, Locale> = { pt: "en", en: "es", es: "pt" };

const path = (page: Page) => new URL(page.url()).pathname;
const home = (locale: Locale) => new RegExp(`${BASE_URL}${PREFIX[locale] || "/"}$`);

async function signUp(page: Page, locale: Locale, email: string, password: string) {
  const w = WORDS[locale];
  await page.goto(`${BASE_URL}${PREFIX[locale]}/signup`);
  await expect.poll(() => page.locator("h1").textContent()).toBe(w.signUp);
  await waitForApp(page);
  await page.getByLabel(w.email).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill(password);
  await page.keyboard.press("Enter");
  await page.waitForURL(`${BASE_URL}${PREFIX[locale]}/welcome`, { waitUntil: "commit" });
}

async function onboard(page: Page, locale: Locale) {
  const w = WORDS[locale];
  await waitForApp(page);
  // Step 1: a goal, with the keyboard (Space ticks the box).
  await page.getByLabel(w.goal).focus();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: w.continue }).click();
  // Step 2, kept in the address: a reload stays on it. Then skipped.
  await expect.poll(() => page.locator("h1").textContent()).toBe(w.aboutYou);
  await page.reload();
  await expect.poll(() => page.locator("h1").textContent()).toBe(w.aboutYou);
  await waitForApp(page);
  await page.getByRole("button", { name: w.skip }).click();
  await page.waitForURL(`${BASE_URL}${PREFIX[locale]}/welcome/preparing`, { waitUntil: "commit" });
  await page.getByRole("link", { name: w.seeRecommendations }).click();
  await page.waitForURL(`${BASE_URL}${PREFIX[locale]}/welcome/recommended`, { waitUntil: "commit" });
  // Two books are not enough…
  const books = page.getByRole("checkbox");
  await expect.poll(() => books.count()).toBeGreaterThanOrEqual(3);
  // Each box is clear of its cover, whose top-left corner shows the book's category.
  for (const choice of await page.locator(".book-choice").all()) {
    // The cover's box comes from its width and height attributes, loaded or not.
    const [box, picture] = [(await choice.getByRole("checkbox").boundingBox())!, (await choice.locator("img").boundingBox())!];
    const apart = box.y >= picture.y + picture.height || box.x >= picture.x + picture.width || box.x + box.width <= picture.x;
    expect(apart, "the checkbox lies on the cover").toBe(true);
  }
  await books.nth(0).check();
  await books.nth(1).check();
  await page.getByRole("button", { name: w.finish }).click();
  await expect.poll(() => page.locator(".auth-form__error").textContent()).toBe(w.tooFew);
  expect(path(page)).toBe(`${PREFIX[locale]}/welcome/recommended`);
  // …three are.
  await books.nth(2).check();
  await page.getByRole("button", { name: w.finish }).click();
  await page.waitForURL(home(locale), { waitUntil: "commit" });
  const section = page.getByRole("region", { name: w.recommended });
  await expect.poll(() => section.locator(".card").count()).toBeGreaterThan(0);
}

async function settings(page: Page, locale: Locale, email: string, password: string) {
  let w = WORDS[locale];
  await page.goto(`${BASE_URL}${PREFIX[locale]}/settings`);
  await expect.poll(() => page.locator("h1").textContent()).toBe(w.settings);
  await waitForApp(page);

  await page.getByLabel(w.name, { exact: true }).fill("Ana");
  await page.getByRole("button", { name: w.saveProfile }).click();
  await expect.poll(() => page.locator(".toast").textContent()).toBe(w.profileSaved);

  // The interface language: the page comes back in the new one, and the choice is remembered.
  const next = SWITCH_TO[locale];
  await page.getByLabel(w.interfaceLanguage).selectOption(next);
  await page.getByRole("button", { name: w.saveLanguages }).click();
  await page.waitForURL(`${BASE_URL}${PREFIX[next]}/settings`, { waitUntil: "commit" });
  w = WORDS[next];
  await expect.poll(() => page.locator("h1").textContent()).toBe(w.settings);
  expect((await page.context().cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe(next);
  await expect.poll(() => page.getByLabel(w.name, { exact: true }).inputValue()).toBe("Ana");

  // A copy of the reader's data, as a JSON file.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: w.download }).click()]);
  expect(download.suggestedFilename()).toMatch(/^brevia-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(data.profile).toMatchObject({ email, name: "Ana", interfaceLanguage: next });
  expect(data.onboarding.answers.goals).toEqual(["MONEY"]);
  expect(data.onboarding.chosenBooks).toHaveLength(3);

  // Deleting the account with the password: home, signed out, told so.
  await page.getByLabel(w.confirmPassword).fill(password);
  await page.getByRole("button", { name: w.delete }).click();
  await page.waitForURL(home(next), { waitUntil: "commit" });
  // Toasts show one at a time for 5 s: the settings' own confirmations come first.
  await expect.poll(() => page.locator(".toast").textContent(), { timeout: 20_000 }).toBe(w.deleted);
  await expect.poll(() => page.getByRole("navigation", { name: /./ }).getByRole("link", { name: w.logIn }).count()).toBeGreaterThan(0);
  expect((await page.context().cookies()).find((c) => c.name === "brevia_session")).toBeUndefined();
}

describe("a new reader's onboarding, recommendations and settings", () => {
  for (const locale of ["pt", "en", "es"] as const) {
    it(
      `in ${locale}: sign up, onboarding (2 books refused, 3 taken), recommendations at home, then settings`,
      { timeout: 120_000 },
      async () => {
        const context = await openContext(browser, { locale: BROWSER_LOCALE[locale] });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        const email = `onboarding-${locale}-${Date.now()}@example.com`;
        const password = "a quiet reading hour";

        await signUp(page, locale, email, password);
        await onboard(page, locale);
        await settings(page, locale, email, password);

        expect(errors).toEqual([]);
        expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
        await context.close();
      },
    );
  }

  it("sends a visitor from /welcome and /settings to log in (302) and back", async () => {
    const context = await openContext(browser, { locale: "en-US" });
    const page = await context.newPage();
    for (const target of ["/en/welcome", "/en/welcome/recommended", "/en/settings"]) {
      const response = await page.goto(`${BASE_URL}${target}`);
      expect(response?.request().redirectedFrom()?.url()).toBe(`${BASE_URL}${target}`);
      expect(path(page) + new URL(page.url()).search).toBe(`/en/login?next=${encodeURIComponent(target.slice(3))}`);
    }
    await context.close();
  });
});
