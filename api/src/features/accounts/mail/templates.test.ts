import { describe, expect, it } from "vitest";
import { renderMail, type MailTemplate } from "./templates.js";

const DATA = {
  welcome: { homeUrl: "https://brevia.example/en" },
  "password-reset": { url: "https://brevia.example/new-password/tok" },
  "create-password": { url: "https://brevia.example/create-password/tok" },
  "email-change-confirm": { url: "https://brevia.example/confirm-email/tok", newEmail: "new@example.com" },
  "email-changed-notice": { newEmail: "new@example.com" },
  "trial-reminder": { trialEnd: "8 December 2026", amount: "US$79.90", settingsUrl: "https://brevia.example/en/settings" },
  receipt: {
    amount: "US$79.90",
    paidAt: "8 December 2026",
    plan: "annual",
    card: "VISA •••• 4242",
    settingsUrl: "https://brevia.example/en/settings",
  },
  "payment-failed": { amount: "US$79.90", graceEnd: "15 December 2026", settingsUrl: "https://brevia.example/en/settings" },
  "send-to-kindle": { title: "Walden" },
} as const satisfies Record<MailTemplate, object>;

describe("email templates", () => {
  it("exist for every template in pt, en and es, with a subject, HTML in that language and a text part", () => {
    const subjects = new Set<string>();
    for (const template of Object.keys(DATA) as MailTemplate[]) {
      for (const language of ["pt", "en", "es"] as const) {
        const mail = renderMail(template, language, "reader@example.com", DATA[template] as never);
        expect(mail.to).toBe("reader@example.com");
        expect(mail.subject.length).toBeGreaterThan(10);
        subjects.add(mail.subject);
        expect(mail.html).toContain(`<html lang="${language}">`);
        const url =
          "url" in DATA[template]
            ? (DATA[template] as { url: string }).url
            : "homeUrl" in DATA[template]
              ? DATA.welcome.homeUrl
              : "settingsUrl" in DATA[template]
                ? DATA[template].settingsUrl
                : null;
        // The link is the button's and is also written out, in both parts.
        if (url) {
          expect(mail.html).toContain(`href="${url}"`);
          expect(mail.text).toContain(url);
        }
        if ("newEmail" in DATA[template]) expect(mail.text).toContain("new@example.com");
      }
    }
    // Each template and language has its own subject.
    expect(subjects.size).toBe(Object.keys(DATA).length * 3);
  });

  it("escapes what it puts in the HTML", () => {
    const mail = renderMail("email-change-confirm", "en", "x@example.com", {
      url: 'https://brevia.example/confirm-email/a"b',
      newEmail: "<b>x</b>@example.com",
    });
    expect(mail.html).toContain("&lt;b&gt;x&lt;/b&gt;@example.com");
    expect(mail.html).toContain('href="https://brevia.example/confirm-email/a&quot;b"');
    expect(mail.html).not.toContain("<b>x</b>");
  });
});
