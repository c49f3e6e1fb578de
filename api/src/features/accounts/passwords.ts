import argon2 from "argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/** The spec's minimum (§9); the maximum keeps hashing cheap for anyone posting a megabyte. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * argon2id with OWASP's recommended minimum (Password Storage Cheat Sheet): 19 MiB of memory, 2
 * iterations, 1 degree of parallelism. Hashes made with weaker settings are upgraded at login.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

// Verified against when the account is unknown or has no password, so that an unknown email takes
// as long to refuse as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches `hash`; with no hash (unknown account) it still spends the same time and says no. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await (dummyHash ??= hashPassword("brevia-no-account")), password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

export function passwordNeedsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}

// The most used passwords from leaked lists (zxcvbn-ts's maintained "passwords-common" dictionary,
// about 49,000 entries), compared case-insensitively.
const COMMON_PASSWORDS = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
