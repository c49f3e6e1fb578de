// Before any load: each request is sent twice and its answers checked, so the load measures what it
// claims to (a working query; a cache hit for visitors; the uncached path for the signed-in reader).
import { BASELINE_REQUEST, HEALTHZ_REQUEST, type HttpRequest, type PageScenario, type Scenario } from "./scenarios.js";

type Answer = { status: number; headers: Headers; body: { data?: unknown; errors?: unknown[] } };

async function send(baseUrl: string, request: HttpRequest): Promise<Answer> {
  const res = await fetch(baseUrl + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.nextBody ? request.nextBody() : request.body }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  try {
    return { status: res.status, headers: res.headers, body: JSON.parse(text) as Answer["body"] };
  } catch {
    throw new Error(`${request.method} ${request.path.slice(0, 80)} answered ${res.status} with non-JSON: ${text.slice(0, 300)}`);
  }
}

function expectOk(what: string, answer: Answer, checkData: (data: unknown) => string | null) {
  const problems: string[] = [];
  if (answer.status !== 200) problems.push(`status ${answer.status}`);
  if (answer.body.errors?.length) problems.push(`errors ${JSON.stringify(answer.body.errors).slice(0, 600)}`);
  const dataProblem = answer.body.data == null ? "data is null" : checkData(answer.body.data);
  if (dataProblem) problems.push(dataProblem);
  if (problems.length) throw new Error(`${what}: ${problems.join("; ")}`);
}

export async function checkBaseline(baseUrl: string): Promise<string> {
  const answer = await send(baseUrl, BASELINE_REQUEST);
  expectOk("baseline { __typename }", answer, (data) =>
    (data as { __typename?: string }).__typename === "Query" ? null : "no __typename",
  );
  return `baseline { __typename } (POST): ${answer.status}, data ok`;
}

/** Sends `request` twice; throws when an answer is not what the scenario needs. Returns a summary. */
async function checkTwice(baseUrl: string, scenario: Scenario, request: HttpRequest): Promise<string> {
  const first = await send(baseUrl, request);
  const second = await send(baseUrl, request);
  expectOk("first answer", first, scenario.checkData);
  expectOk("second answer", second, scenario.checkData);
  const cacheControl = second.headers.get("cache-control") ?? "(none)";
  const age = (answer: Answer) => answer.headers.get("age");
  if (scenario.cached) {
    // Only a GET may be cached by a browser or a CDN; a POST from a visitor is still served from the response cache.
    if (request.method === "GET" && !cacheControl.startsWith("public"))
      throw new Error(`Cache-Control is "${cacheControl}", expected public`);
    if (age(second) === null) throw new Error("the second answer has no Age header (not a response cache hit)");
    return (
      `200, data ok; first answer ${age(first) === null ? "a miss" : `a hit (age ${age(first)})`}, ` +
      `second a cache hit (age ${age(second)}); Cache-Control "${cacheControl}"; ETag ${second.headers.get("etag") ? "yes" : "no"}`
    );
  }
  if (cacheControl !== "private, no-store") throw new Error(`Cache-Control is "${cacheControl}", expected "private, no-store"`);
  if (age(first) !== null || age(second) !== null) throw new Error("an answer has an Age header (served from the response cache)");
  return `200, data ok; no Age header on either answer; Cache-Control "${cacheControl}"`;
}

export type ScenarioCheck = {
  /** The request to measure: the web's GET, or the fallback when the GET failed. */
  request: HttpRequest;
  summary: string;
  /** Why the web's GET failed, when it did. */
  getFailure?: string;
};

/** Checks the web's GET; when it fails, checks the fallback (text by POST) so the scenario can still be measured. */
export async function checkScenario(baseUrl: string, scenario: Scenario): Promise<ScenarioCheck> {
  try {
    const summary = await checkTwice(baseUrl, scenario, scenario.request);
    return { request: scenario.request, summary: `${scenario.title} (GET, persisted hash): ${summary}` };
  } catch (error) {
    const getFailure = `${scenario.title}, the web's persisted GET: ${error instanceof Error ? error.message : String(error)}`;
    let summary: string;
    try {
      summary = await checkTwice(baseUrl, scenario, scenario.fallbackRequest);
    } catch (fallbackError) {
      const reason = fallbackError instanceof Error ? fallbackError.message : String(fallbackError);
      throw new Error(`${getFailure}\n  and the POST fallback failed too: ${reason}`);
    }
    return {
      request: scenario.fallbackRequest,
      getFailure,
      summary: `${scenario.title}: FAILED as GET; measured as a POST of the text (Apollo's fallback): ${summary}`,
    };
  }
}

async function sendForText(baseUrl: string, request: HttpRequest) {
  const res = await fetch(baseUrl + request.path, {
    method: request.method,
    headers: request.headers,
    signal: AbortSignal.timeout(30_000),
  });
  // fetch decodes br and gzip; the header still says what came over the wire.
  return { status: res.status, headers: res.headers, text: await res.text() };
}

export async function checkHealthz(baseUrl: string): Promise<string> {
  const answer = await sendForText(baseUrl, HEALTHZ_REQUEST);
  if (answer.status !== 200 || !answer.text.includes('"ok"')) {
    throw new Error(`GET /healthz answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
  return `baseline GET /healthz: 200, ${answer.text}`;
}

/**
 * Sends the page request twice: both must be the rendered page (200, HTML in the bench's language
 * with the microbook's canonical link and the Apollo state), and the second a page-cache hit, so the
 * load measures what a returning visitor gets.
 */
export async function checkPage(baseUrl: string, scenario: PageScenario): Promise<string> {
  const first = await sendForText(baseUrl, scenario.request);
  const second = await sendForText(baseUrl, scenario.request);
  for (const [which, answer] of [
    ["first", first],
    ["second", second],
  ] as const) {
    const problems: string[] = [];
    if (answer.status !== 200) problems.push(`status ${answer.status}`);
    if (!(answer.headers.get("content-type") ?? "").startsWith("text/html"))
      problems.push(`content-type ${answer.headers.get("content-type")}`);
    if (!answer.text.includes('<div id="root"><')) problems.push("the page was not rendered on the server (empty root)");
    const canonical = /<link rel="canonical" href="([^"]*)"/.exec(answer.text)?.[1];
    if (!canonical?.endsWith(scenario.path)) problems.push(`canonical link ${canonical ?? "missing"}, expected one to ${scenario.path}`);
    if (!answer.text.includes('id="brevia-state"')) problems.push("no Apollo state");
    if (problems.length) {
      throw new Error(
        `${scenario.title}, ${which} answer: ${problems.join("; ")}` +
          (answer.status === 200 && !answer.text.includes('<div id="root"><')
            ? " (is the web app built? web/dist and web/dist-server: npm run build)"
            : ""),
      );
    }
  }
  if (second.headers.get("x-cache") !== "hit")
    throw new Error(`${scenario.title}: the second answer is not a page-cache hit (x-cache ${second.headers.get("x-cache")})`);
  return (
    `${scenario.title} (GET ${scenario.path}): 200, rendered (${(second.text.length / 1024).toFixed(1)} KB of HTML, ` +
    `${second.headers.get("content-encoding") ?? "uncompressed"} on the wire); first answer x-cache ${first.headers.get("x-cache")}, ` +
    `second ${second.headers.get("x-cache")}; Cache-Control "${second.headers.get("cache-control")}"`
  );
}
