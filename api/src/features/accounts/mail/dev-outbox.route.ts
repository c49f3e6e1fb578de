import type { FastifyInstance } from "fastify";
import type { PrismaClient } from "../../../generated/prisma/client.js";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Plain text with its http(s) links made clickable. */
const linkify = (text: string) => escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * /dev/outbox: the last 50 emails the app queued, newest first, for a developer without SMTP.
 * Registered only outside production (server.ts): production answers 404 there.
 */
export function registerDevOutbox(app: FastifyInstance, prisma: PrismaClient) {
  app.get("/dev/outbox", async (_request, reply) => {
    const messages = await prisma.mailOutbox.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      select: {
        id: true,
        template: true,
        to: true,
        subject: true,
        text: true,
        createdAt: true,
        sentAt: true,
        deliveredBy: true,
        lastError: true,
      },
    });
    const items = messages
      .map(
        (m) =>
          `<article class="mail" data-to="${escapeHtml(m.to)}" data-template="${m.template}">` +
          `<h2>${escapeHtml(m.subject)}</h2>` +
          `<p>To: <span class="mail__to">${escapeHtml(m.to)}</span> · ${m.template} · queued ${m.createdAt.toISOString()} · ` +
          `${m.sentAt ? `delivered (${m.deliveredBy}) ${m.sentAt.toISOString()}` : `not delivered yet${m.lastError ? `: ${escapeHtml(m.lastError)}` : ""}`}</p>` +
          `<pre class="mail__text">${linkify(m.text)}</pre></article>`,
      )
      .join("\n");
    // Returned, so Fastify does not answer a second time when the handler's promise resolves.
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox · Brevia</title>` +
          `<meta name="robots" content="noindex"></head><body><main><h1>Dev outbox</h1>` +
          `<p>Emails the app queued (no SMTP_URL is set, so they stay here). Development only.</p>` +
          (items || "<p>No emails yet.</p>") +
          `</main></body></html>`,
      );
  });
}
