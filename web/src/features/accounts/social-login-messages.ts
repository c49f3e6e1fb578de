import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { MESSAGES, rateLimitedMessage } from "./auth-messages";

/** The providers' own names (not translated). */
export const PROVIDER_NAMES = { google: "Google", apple: "Apple", facebook: "Facebook" } as const;
export type SocialProviderPath = keyof typeof PROVIDER_NAMES;

/** Why a social sign-in did not happen, by the `social_error` code the server sends the reader to /login with. */
const SOCIAL_MESSAGES = {
  CANCELLED: msg`You cancelled signing in with {provider}.`,
  STATE_MISMATCH: msg`This sign-in expired or was started in another window. Please try again.`,
  PROVIDER_ERROR: msg`{provider} could not sign you in. Please try again.`,
  EMAIL_NOT_VERIFIED: msg`{provider} has not verified your email address, so it cannot be linked to your Brevia account. Log in with your email and password instead.`,
  ACCOUNT_EMAIL_UNPROVEN: msg`An account with this email address already exists, but nothing proves it belongs to the address's owner, so {provider} cannot be linked to it. If it is yours, use “Forgot your password?” to set a password by email, then log in with it.`,
  EMAIL_MISSING: msg`{provider} did not share your email address, which Brevia needs for your account.`,
} satisfies Record<string, MessageDescriptor>;

/** The message for a `?social_error=…&provider=…&retry_after=…` query, or null when there is none. */
export function socialErrorMessage(i18n: I18n, params: URLSearchParams): string | null {
  const code = params.get("social_error");
  if (!code) return null;
  if (code === "RATE_LIMITED") return rateLimitedMessage(i18n, Number(params.get("retry_after")) || 60);
  const provider = PROVIDER_NAMES[params.get("provider") as SocialProviderPath] ?? "";
  const message = SOCIAL_MESSAGES[code as keyof typeof SOCIAL_MESSAGES];
  if (!message || (!provider && message !== SOCIAL_MESSAGES.STATE_MISMATCH)) return i18n._(MESSAGES.UNEXPECTED);
  return i18n._(message.id, { provider }, { message: message.message });
}
