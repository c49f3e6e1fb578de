// The test OpenID provider as a process, for the Playwright journeys (scripts/test.mjs starts it
// before the app): `tsx api/src/test/oidc-provider-cli.ts <app origin>` prints the env vars that
// point the app at it as one JSON line, then serves until SIGTERM.
import { startTestOidcProvider } from "./oidc-provider.js";

const redirectOrigin = process.argv[2];
if (!redirectOrigin || !URL.canParse(redirectOrigin)) {
  console.error("usage: oidc-provider-cli.ts <app origin, e.g. http://127.0.0.1:3000>");
  process.exit(2);
}
const provider = await startTestOidcProvider({ redirectOrigin });
process.stdout.write(`${JSON.stringify(provider.env)}\n`);
const stop = () => void provider.close().finally(() => process.exit(0));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
