// Where to send a reader after signing in (`?next=`): one decision for the web's guards and the
// server's social login. Plain TypeScript with no React or DOM.
import { matchRoute, splitLocale } from "./route-table";

const BASE = "http://brevia.invalid";
/** Longer `next` values are not app paths (and would bloat the links that carry them). */
export const MAX_REDIRECT_PATH_LENGTH = 2000;

/** Control characters (browsers drop tabs and newlines from URLs) and backslashes (read as slashes). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const AMBIGUOUS = /[\u0000-\u001f\u007f-\u009f\\]/;
/** Encoded slashes, backslashes and dots: a later decoding could turn them into a path to another site. */
const ENCODED_SEPARATOR = /%(2f|5c|2e)/i;

/**
 * An app page's path from an untrusted `next` value, without its language prefix (the reader goes on
 * in the language they sign in with) and with its query; null when it is missing, not a page of the
 * route table, or could lead anywhere else. It normalises before it decides: dot segments and
 * repeated slashes are resolved, percent-encoded forms are decoded, so `/.//evil.example`,
 * `/en//evil.example` and `/%2F%2Fevil.example` cannot become a protocol-relative `//evil.example`.
 */
export function safeRedirectPath(next: unknown): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_REDIRECT_PATH_LENGTH) return null;
  if (!next.startsWith("/") || next.startsWith("//") || AMBIGUOUS.test(next)) return null;
  const pathEnd = next.search(/[?#]/);
  const rawPath = pathEnd === -1 ? next : next.slice(0, pathEnd);
  // Decoded as often as something could decode it again; anything ambiguous at any depth is refused.
  let decoded = rawPath;
  for (let depth = 0; depth < 4; depth++) {
    if (ENCODED_SEPARATOR.test(decoded) || AMBIGUOUS.test(decoded)) return null;
    let once: string;
    try {
      once = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (once === decoded) break;
    decoded = once;
  }
  if (AMBIGUOUS.test(decoded)) return null;
  const url = new URL(next, BASE);
  if (url.origin !== BASE) return null;
  // Dot segments are resolved by the URL parser; repeated slashes are collapsed here.
  const pathname = url.pathname.replace(/\/{2,}/g, "/");
  if (!matchRoute(pathname)) return null;
  return splitLocale(pathname).path + url.search;
}
