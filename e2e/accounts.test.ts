import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

describe("a reader's account", () => {
  it(
    "signs up, logs out and logs in again (English, keyboard only), and a signed-out reader is sent to log in",
    { timeout: 90_000 },
    async () => {
      const context = await openContext(browser, { locale: "en-US" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const email = `journey-${Date.now()}@example.com`;

      await page.goto(`${BASE_URL}/en/signup`);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Create your account");
      // Hydrated: the form is the browser's now (the header's control is rendered by React).
      await page.waitForLoadState("networkidle");
      const emailField = page.getByLabel("Email");
      const passwordField = page.getByLabel("Password");

      // Wrong input is told, per field, and the field gets the focus.
      await emailField.focus();
      await page.keyboard.type("not-an-email");
      await page.keyboard.press("Tab");
      await page.keyboard.type("12345");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator(".field__error").first().textContent()).toBe("Please enter a valid email address");
      expect(await emailField.getAttribute("aria-invalid")).toBe("true");
      expect(await page.evaluate(`document.activeElement && document.activeElement.getAttribute("name")`)).toBe("email");

      await emailField.fill(email);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator(".field__error").first().textContent()).toBe("Your password must have at least 6 characters.");
      await passwordField.fill("password");
      await page.keyboard.press("Enter");
      await expect
        .poll(() => page.locator(".field__error").first().textContent())
        .toBe("This password is too common. Please choose another one.");

      await passwordField.fill("a quiet reading hour");
      await page.keyboard.press("Enter");
      // A new reader starts with the onboarding.
      await page.waitForURL(/\/en\/welcome$/, { waitUntil: "commit" });
      await expect.poll(() => page.locator(".account-menu__email").textContent()).toBe(email);
      const cookie = (await context.cookies()).find((c) => c.name === "brevia_session");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
      expect(await page.evaluate<string>("document.cookie")).not.toContain("brevia_session");

      // The settings page lists this device.
      await page.goto(`${BASE_URL}/en/settings`);
      await expect.poll(() => page.locator(".sessions__current").textContent()).toContain("(this device)");
      // The app takes the page over after its first paint: the header's button works from then on.
      await page.waitForLoadState("networkidle");

      // Log out from the header: back home as a visitor.
      await page.getByRole("button", { name: "Log out" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/en$/, { waitUntil: "commit" });
      await expect.poll(() => page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Log in" }).count()).toBe(1);

      // A page that needs a session sends the visitor to log in (the server answers 302), then back.
      const response = await page.goto(`${BASE_URL}/en/settings`);
      expect(response?.request().redirectedFrom()?.url()).toBe(`${BASE_URL}/en/settings`);
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/en/login?next=%2Fsettings");
      await page.waitForLoadState("networkidle");

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("not the password");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator(".auth-form__error").textContent()).toBe("Please enter a valid email and password");

      await page.getByLabel("Password").fill("a quiet reading hour");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/en\/settings$/, { waitUntil: "commit" });
      await expect.poll(() => page.locator("h1").textContent()).toBe("Settings");
      await expect.poll(() => page.locator(".account-menu__email").textContent()).toBe(email);

      // Signed in, /login is not for them: the server sends them home.
      const away = await page.goto(`${BASE_URL}/en/login`);
      expect(away?.request().redirectedFrom()?.url()).toBe(`${BASE_URL}/en/login`);
      expect(new URL(page.url()).pathname).toBe("/en");

      expect(errors).toEqual([]);
      expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
      await context.close();
    },
  );
});
