// The server's renderer, built with `vite build --ssr` into web/dist-server and loaded by the API
// (api/src/http/web-app.ts). It uses the browser's route table and loaders: react-router's static
// handler runs the page's loaders, whose queries run in the API process through inProcessLink.
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom";
import { createApollo, inProcessLink } from "./app/apollo";
import { escapeHtml, headHtml, htmlLang, type PageHeadData } from "./app/head";
import { createI18n } from "./app/i18n";
import { acceptLanguageTags, decideLocale, firstSupportedLocale, localeCookie, parseLocaleCookie } from "./app/locale-cookie";
import { DEFAULT_DESCRIPTION, HeadCollectorContext } from "./app/PageHead";
import { splitLocale } from "./app/route-table";
import { createRoutes } from "./app/router";
import { STATE_ELEMENT_ID, type ServerEntry } from "./app/ssr-contract";
import { NotFoundSuggestionQuery } from "./routes/not-found/NotFound";

const RENDER_TIMEOUT_MS = 10_000;

/** JSON that cannot end its <script> element or open a comment in it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** React's streaming renderer, collected once everything is ready (the head needs the whole page). */
function renderToHtml(element: React.ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    setTimeout(() => stream.abort(new Error("Rendering took too long")), RENDER_TIMEOUT_MS).unref();
  });
}

export const localeRedirect: ServerEntry["localeRedirect"] = (request) => {
  const url = new URL(request.url);
  const { redirectTo, remember } = decideLocale({
    locale: splitLocale(url.pathname).locale,
    url,
    remembered: parseLocaleCookie(request.cookie),
    preferred: firstSupportedLocale(acceptLanguageTags(request.acceptLanguage)),
  });
  return redirectTo && remember ? { location: redirectTo, setCookie: localeCookie(remember) } : null;
};

export const render: ServerEntry["render"] = async (request, template) => {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const i18n = await createI18n(locale);
  const apollo = createApollo(inProcessLink(request.execute), { ssrMode: true });
  // The language is already decided above; the browser's cookie writing stays in the browser.
  const handler = createStaticHandler(createRoutes({ apollo, i18n, chooseLocale: async () => undefined }));
  const context = await handler.query(new Request(url.href));
  // A route guard's redirect (ensureAuthenticated, ensureUnauthenticated) is the page's answer: its status and Location.
  if (context instanceof Response) {
    const location = context.headers.get("location");
    if (context.status >= 300 && context.status < 400 && location) return { status: context.status, html: "", location };
    throw new Error(`A loader answered ${context.status} without a redirect: the server renders pages only`);
  }
  // The not-found page suggests today's free microbook: have it in the cache the page is sent with.
  if (context.statusCode === 404) await apollo.client.query({ query: NotFoundSuggestionQuery }).catch(() => undefined);

  let head: PageHeadData | undefined;
  const collector = { collect: (pageHead: PageHeadData) => (head = pageHead) };
  const body = await renderToHtml(
    <HeadCollectorContext.Provider value={collector}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </HeadCollectorContext.Provider>,
  );
  const fullHead = head ?? { title: "Brevia", description: i18n._(DEFAULT_DESCRIPTION) };
  const html = template
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(htmlLang(locale))}">`)
    .replace(/<meta name="description"[^>]*>\s*/, "")
    .replace(/<title>[^<]*<\/title>/, () => headHtml(fullHead, url.origin, url.pathname))
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${body}</div>\n    <script type="application/json" id="${STATE_ELEMENT_ID}">${scriptSafeJson(apollo.client.extract())}</script>`,
    );
  return { status: context.statusCode, html };
};
