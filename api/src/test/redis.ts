import { execFileSync } from "node:child_process";

/** The Redis this machine runs (CI's too), for the tests of what instances share through it. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether a Redis answers at `url` (redis-cli ping). */
export function redisAnswers(url = TEST_REDIS_URL): boolean {
  try {
    return execFileSync("redis-cli", ["-u", url, "ping"], { stdio: "pipe", timeout: 3000 }).toString().trim() === "PONG";
  } catch {
    return false;
  }
}
