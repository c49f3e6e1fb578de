import send from "@fastify/send";
import type { FastifyInstance } from "fastify";
import { audioDir } from "./audio-store.js";
import type { MediaUrlSigner } from "./media-urls.js";

const AUDIO_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:pt|en|es)\.opus$/;

/**
 * GET /audio/{slug}.{language}.opus?expires=…&sig=…: narrated audio, with HTTP range requests (a
 * player seeks by asking for bytes), ETag and Last-Modified. Only signed URLs are served; the API
 * signs them for readers allowed to hear the microbook (MicrobookEdition.audio.url).
 */
export function registerAudio(app: FastifyInstance, options: { mediaDir: string; signer: MediaUrlSigner }) {
  const root = audioDir(options.mediaDir);
  app.get<{ Params: { file: string }; Querystring: { expires?: string; sig?: string } }>("/audio/:file", async (request, reply) => {
    const { file } = request.params;
    const { expires, sig } = request.query;
    if (!AUDIO_FILE.test(file)) return reply.code(404).type("text/plain; charset=utf-8").send("This page could not be found");
    if (!options.signer.verify(file, expires, sig)) {
      return reply.code(403).type("text/plain; charset=utf-8").send("This audio link is not valid or has expired: reload the page.");
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
    // The signed URL is for one reader until it expires: the browser may keep it that long, a shared cache never.
    const maxAge = Math.max(0, Math.min(86_400, Number(expires) - Math.floor(Date.now() / 1000)));
    return reply
      .code(result.statusCode)
      .headers(result.headers)
      .header("content-type", "audio/ogg; codecs=opus")
      .header("cache-control", `private, max-age=${maxAge}`)
      .send(result.stream);
  });
}
