import { createHash } from "node:crypto";
import send from "@fastify/send";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Database } from "../../../db/client.js";
import { audioDir } from "./audio-store.js";
import type { MediaUrlSigner } from "./media-urls.js";
import { readAlongTimings, type StoredSentence } from "./timings.js";

const AUDIO_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:pt|en|es)\.opus$/;
const TIMINGS_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*\.(?:pt|en|es))\.timings\.json$/;

/** The signed URL is for one reader until it expires: the browser may keep it that long, a shared cache never. */
function privateUntil(reply: FastifyReply, expires: string | undefined) {
  const maxAge = Math.max(0, Math.min(86_400, Number(expires) - Math.floor(Date.now() / 1000)));
  return reply.header("cache-control", `private, max-age=${maxAge}`);
}

/**
 * GET /audio/{slug}.{language}.opus?expires=…&sig=…: narrated audio, with HTTP range requests (a
 * player seeks by asking for bytes), ETag and Last-Modified. Only signed URLs are served; the API
 * signs them for readers allowed to hear the microbook (EditionContent.audioUrl).
 * GET /audio/{slug}.{language}.timings.json?expires=…&sig=…: its read-along timings (timings.ts), a small JSON
 * with an ETag, signed for the same readers until the same time (EditionContent.timingsUrl).
 */
export function registerAudio(app: FastifyInstance, options: { mediaDir: string; signer: MediaUrlSigner; db: Database }) {
  const root = audioDir(options.mediaDir);
  app.get<{ Params: { file: string }; Querystring: { expires?: string; sig?: string } }>("/audio/:file", async (request, reply) => {
    const { file } = request.params;
    const { expires, sig } = request.query;
    const timings = TIMINGS_FILE.exec(file);
    if (!AUDIO_FILE.test(file) && !timings) return reply.code(404).type("text/plain; charset=utf-8").send("This page could not be found");
    // The signature first: nothing about a narration (not even whether it exists) without one.
    if (!options.signer.verify(file, expires, sig)) {
      return reply.code(403).type("text/plain; charset=utf-8").send("This audio link is not valid or has expired: reload the page.");
    }
    if (timings) {
      const track = await options.db.prisma.audioTrack.findFirst({
        where: { fileName: `${timings[1]}.opus` },
        select: {
          sentences: true,
          edition: {
            select: { language: true, title: true, introduction: true, keyIdeas: { select: { position: true, title: true, body: true } } },
          },
        },
      });
      if (!track) return reply.code(404).type("text/plain; charset=utf-8").send("This page could not be found");
      // A narration without timings (a person's recording), or timings of another text: no sentences, the reader offers chapters.
      const stored = Array.isArray(track.sentences) ? (track.sentences as StoredSentence[]) : [];
      const body = JSON.stringify(readAlongTimings(track.edition, stored) ?? { textVersion: null, sentences: [] });
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      privateUntil(reply, expires).header("etag", etag);
      if (request.headers["if-none-match"] === etag) return reply.code(304).send();
      return reply.type("application/json; charset=utf-8").send(body);
    }
    const result = await send(request.raw, file, { root, acceptRanges: true, cacheControl: false, dotfiles: "deny", index: false });
    if (result.type === "error" && result.statusCode === 416) {
      // A range past the end: 416 with "Content-Range: bytes */size", so the player can recover.
      return reply.code(416).headers(result.headers).send(result.stream);
    }
    if (result.type !== "file") {
      if (result.statusCode >= 500) request.log.error({ err: result.type === "error" ? result.metadata.error : undefined }, "audio file");
      const status = result.statusCode >= 500 ? 500 : 404;
      return reply
        .code(status)
        .type("text/plain; charset=utf-8")
        .send(status === 404 ? "This page could not be found" : "Error");
    }
    return privateUntil(
      reply.code(result.statusCode).headers(result.headers).header("content-type", "audio/ogg; codecs=opus"),
      expires,
    ).send(result.stream);
  });
}
