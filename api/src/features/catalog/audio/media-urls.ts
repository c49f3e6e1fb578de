import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed, expiring media URLs. The API mints one only for a reader allowed to hear the audio, so the
 * file route needs no session: an <audio> element, a native player or a CDN can fetch it as is.
 */
export type MediaUrlSigner = {
  /** `/audio/{fileName}?expires={unix seconds}&sig={hmac}` */
  audioUrl(fileName: string, expiresAt: Date): string;
  /**
   * `/audio/{slug}.{lang}.timings.json?expires=…&sig=…`: the narration's read-along timings, signed for their own
   * name, so an audio URL's signature opens no timings and a timings URL's no audio.
   */
  timingsUrl(audioFileName: string, expiresAt: Date): string;
  /** True when `sig` was minted here for this file and `expires` has not passed. */
  verify(fileName: string, expires: string | undefined, sig: string | undefined, now?: Date): boolean;
};

export function createMediaUrlSigner(secret: string): MediaUrlSigner {
  const signature = (fileName: string, expires: string) => createHmac("sha256", secret).update(`audio/${fileName}:${expires}`).digest();
  const signedUrl = (fileName: string, expiresAt: Date) => {
    const expires = String(Math.floor(expiresAt.getTime() / 1000));
    return `/audio/${encodeURIComponent(fileName)}?expires=${expires}&sig=${signature(fileName, expires).toString("base64url")}`;
  };
  return {
    audioUrl: signedUrl,
    timingsUrl: (audioFileName, expiresAt) => signedUrl(timingsFileName(audioFileName), expiresAt),
    verify(fileName, expires, sig, now = new Date()) {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 <= now.getTime()) return false;
      const given = Buffer.from(sig, "base64url");
      const expected = signature(fileName, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The timings' file name beside a narration's: `book.en.opus` → `book.en.timings.json`. */
export const timingsFileName = (audioFileName: string) => audioFileName.replace(/\.[a-z0-9]+$/, ".timings.json");
