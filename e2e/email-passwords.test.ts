import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, startTestSmtpServer, type TestSmtpServer } from "../api/src/test/smtp";
import { cspViolations, launchBrowser, openContext } from "./browser";

// The built app with its own SMTP server: this journey reads the mail the app sends, so it starts
// the app itself (production mode, SMTP_URL set to a test server) instead of using E2E_BASE_URL.
let browser: Browser;
let smtp: TestSmtpServer;
let server: ChildProcess;
let dataDir: string;
let base: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  browser = await launchBrowser();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "brevia-e2e-mail-"));
  server = spawn(process.execPath, ["api/dist/main.mjs"], {
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // The journeys' browser contexts each send their own X-Forwarded-For (e2e/browser.ts).
      TRUST_PROXY: "loopback",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Brevia <no-reply@brevia.test>",
      // The browser opens the mailed links: they must name the origin it uses.
      PUBLIC_URL: base,
    },
  });
  const started = Date.now();
  for (;;) {
    if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
    if (Date.now() - started > 110_000) throw new Error("the app did not become ready");
    await new Promise((r) => setTimeout(r, 500));
  }
}, 120_000);
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

const LANGUAGES = {
  pt: {
    prefix: "",
    locale: "pt-BR",
    forgot: "Esqueceu sua senha?",
    email: "E-mail",
    password: "Senha",
    sendLink: "Enviar link",
    requested: "Se o e-mail existir em nossa base de dados, você receberá um e-mail para continuar.",
    resetSubject: "Redefina sua senha da Brevia",
    newPassword: "Nova senha",
    confirmPassword: "Confirme a nova senha",
    saveNewPassword: "Salvar nova senha",
    different: "As senhas são diferentes.",
    newEmail: "Novo e-mail",
    currentPassword: "Senha atual",
    save: "Salvar",
    currentRequired: "Para alterar o e-mail ou a senha, é preciso informar a senha atual.",
    sentTo: (email: string) => `Enviamos um link para ${email}. Seu e-mail muda quando você abrir o link.`,
    confirmSubject: "Confirme seu novo e-mail na Brevia",
    confirmButton: "Confirmar novo e-mail",
    emailNow: (email: string) => `Seu e-mail agora é ${email}.`,
    noticeSubject: "O e-mail da sua conta Brevia mudou",
  },
  en: {
    prefix: "/en",
    locale: "en-US",
    forgot: "Forgot your password?",
    email: "Email",
    password: "Password",
    sendLink: "Send link",
    requested: "If the email exists on our database, you'll receive an email to continue.",
    resetSubject: "Reset your Brevia password",
    newPassword: "New password",
    confirmPassword: "Confirm new password",
    saveNewPassword: "Save new password",
    different: "The passwords are different.",
    newEmail: "New email",
    currentPassword: "Current password",
    save: "Save",
    currentRequired: "Changing email or password requires the current password.",
    sentTo: (email: string) => `We sent a link to ${email}. Your email changes when you follow it.`,
    confirmSubject: "Confirm your new Brevia email",
    confirmButton: "Confirm new email",
    emailNow: (email: string) => `Your email is now ${email}.`,
    noticeSubject: "Your Brevia account's email changed",
  },
  es: {
    prefix: "/es",
    locale: "es-ES",
    forgot: "¿Olvidaste tu contraseña?",
    email: "Correo electrónico",
    password: "Contraseña",
    sendLink: "Enviar enlace",
    requested: "Si el correo electrónico existe en nuestra base de datos, recibirás un correo para continuar.",
    resetSubject: "Restablece tu contraseña de Brevia",
    newPassword: "Nueva contraseña",
    confirmPassword: "Confirma la nueva contraseña",
    saveNewPassword: "Guardar nueva contraseña",
    different: "Las contraseñas son diferentes.",
    newEmail: "Nuevo correo electrónico",
    currentPassword: "Contraseña actual",
    save: "Guardar",
    currentRequired: "Para cambiar el correo electrónico o la contraseña, se necesita la contraseña actual.",
    sentTo: (email: string) => `Enviamos un enlace a ${email}. Tu correo electrónico cambia cuando lo abras.`,
    confirmSubject: "Confirma tu nuevo correo en Brevia",
    confirmButton: "Confirmar nuevo correo electrónico",
    emailNow: (email: string) => `Tu correo electrónico ahora es ${email}.`,
    noticeSubject: "El correo de tu cuenta de Brevia cambió",
  },
} as const;

/** An account made through the API, in the language given (its emails come in it). */
async function signUp(email: string, password: string, language: string) {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": language, "apollo-require-preflight": "true" },
    body: JSON.stringify({
      query: `mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password, bearer: true) { __typename } }`,
      variables: { email, password },
    }),
  });
  expect(await response.json()).toEqual({ data: { signUp: { __typename: "AuthSession" } } });
}

const formText = (page: Page, selector: string) => page.locator(selector).first().textContent();

describe("forgot password and change email, by the mail the app sends", () => {
  for (const [language, l] of Object.entries(LANGUAGES)) {
    it(`in ${language}`, { timeout: 120_000 }, async () => {
      const email = `mail-${language}-${Date.now()}@example.com`;
      const newEmail = `moved-${language}-${Date.now()}@example.com`;
      await signUp(email, "an old reading lamp", language);
      const context = await openContext(browser, { locale: l.locale });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));

      // Forgot password, from the log-in page, with the keyboard.
      await page.goto(`${base}${l.prefix}/login`);
      await page.waitForLoadState("networkidle");
      await page.getByRole("link", { name: l.forgot, exact: true }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${base}${l.prefix}/forgot-password`);
      await page.getByLabel(l.email, { exact: true }).fill(email);
      await page.keyboard.press("Enter");
      await expect.poll(() => formText(page, ".auth-form__notice")).toBe(l.requested);

      // The mail, in the reader's language, links to /new-password/{token}.
      const resetMail = await smtp.waitFor(email, new RegExp(l.resetSubject));
      const { url } = linkIn(resetMail, `${l.prefix}/new-password`);
      expect(url.startsWith(`${base}${l.prefix}/new-password/`)).toBe(true);
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await page.getByLabel(l.newPassword, { exact: true }).fill("a new reading lamp");
      await page.getByLabel(l.confirmPassword, { exact: true }).fill("a new reading lump");
      await page.keyboard.press("Enter");
      await expect.poll(() => formText(page, ".field__error")).toBe(l.different);
      await page.getByLabel(l.confirmPassword, { exact: true }).fill("a new reading lamp");
      await page.getByRole("button", { name: l.saveNewPassword }).click();
      await page.waitForURL(`${base}${l.prefix}/login`, { waitUntil: "commit" });

      // Log in with the new password.
      await page.waitForLoadState("networkidle");
      await page.getByLabel(l.email, { exact: true }).fill(email);
      await page.getByLabel(l.password, { exact: true }).fill("a new reading lamp");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${base}${l.prefix || "/"}`, { waitUntil: "commit" });
      await expect.poll(() => page.locator(".account-menu__email").textContent()).toBe(email);

      // Change the email: without the current password, refused; with it, a link to the new address.
      await page.goto(`${base}${l.prefix}/update-profile`);
      await page.waitForLoadState("networkidle");
      await page.getByLabel(l.newEmail, { exact: true }).fill(newEmail);
      await page.getByRole("button", { name: l.save, exact: true }).click();
      await expect.poll(() => formText(page, ".field__error")).toBe(l.currentRequired);
      expect(await page.getByLabel(l.currentPassword, { exact: true }).getAttribute("aria-invalid")).toBe("true");
      await page.getByLabel(l.currentPassword, { exact: true }).fill("a new reading lamp");
      await page.keyboard.press("Enter");
      await expect.poll(() => formText(page, ".auth-form__notice")).toBe(l.sentTo(newEmail));

      const confirmMail = await smtp.waitFor(newEmail, new RegExp(l.confirmSubject));
      await page.goto(linkIn(confirmMail, `${l.prefix}/confirm-email`).url);
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: l.confirmButton }).click();
      await expect.poll(() => formText(page, ".auth-form__notice")).toBe(l.emailNow(newEmail));
      await expect.poll(() => page.locator(".account-menu__email").textContent()).toBe(newEmail);

      // The old address is told.
      const notice = await smtp.waitFor(email, new RegExp(l.noticeSubject));
      expect(notice.text).toContain(newEmail);

      expect(errors).toEqual([]);
      expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
      await context.close();
    });
  }
});
