// The server's renderer, built with `vite build --ssr` into web/dist-server and loaded by the API
// (api/src/http/web-app.ts). It uses the browser's route table and loaders: react-router's static
// handler runs the page's loaders, whose queries run in the API process through inProcessLink.
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router-dom";
import { createApollo, inProcessLink } from "./app/apollo";
import { escapeHtml, headHtml, htmlLang, scriptSafeJson, type PageHeadData } from "./app/head";
import { createI18n } from "./app/i18n";
import { acceptLanguageTags, decideLocale, firstSupportedLocale, localeCookie, parseLocaleCookie } from "./app/locale-cookie";
import { DEFAULT_DESCRIPTION, HeadCollectorContext } from "./app/PageHead";
import { splitLocale } from "@brevia/routes";
import { createRoutes } from "./app/router";
import { STATE_ELEMENT_ID, type ServerEntry } from "@brevia/routes/ssr-contract";
import { NotFoundSuggestionQuery } from "./routes/not-found/NotFound";
import { provideShellParts } from "./app/shell/deferred-shell";
import * as shellParts from "./app/shell/shell-parts";
import { provideErrorPage } from "./app/shell/deferred-error-page";
import { ErrorPage } from "./app/shell/ErrorPage";

const RENDER_TIMEOUT_MS = 10_000;

// The header's and bottom bar's parts the browser loads later: rendered here with the page at once.
provideShellParts(shellParts);
provideErrorPage(ErrorPage);

/**
 * The route modules by source path (the routes' `lazy` imports resolve to these same module objects):
 * a page reports the modules it was rendered with, so the browser can preload their chunks.
 */
const routeModules = import.meta.glob<Record<string, unknown>>(["./routes/**/*.tsx", "!./routes/**/*.test.tsx"], { eager: true });
const sourceOfModule = new Map<unknown, string>(Object.entries(routeModules).map(([key, module]) => [module, `src/${key.slice(2)}`]));

/** Records the module each route's `lazy` import resolves to (the page's code), in `loaded`. */
function recordLazyModules(routes: RouteObject[], loaded: Set<unknown>): RouteObject[] {
  for (const route of routes) {
    const lazy = route.lazy;
    if (typeof lazy === "function") {
      route.lazy = async () => {
        const module = await lazy();
        loaded.add(module);
        return module;
      };
    }
    if (route.children) recordLazyModules(route.children, loaded);
  }
  return routes;
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
  const loaded = new Set<unknown>();
  const handler = createStaticHandler(recordLazyModules(createRoutes({ apollo, i18n, chooseLocale: async () => undefined }), loaded));
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
  // The page's code in the browser: its route modules and its language's messages (see i18n.ts).
  const modules = [...[...loaded].flatMap((module) => sourceOfModule.get(module) ?? []), `src/locales/${locale}.po`];
  return { status: context.statusCode, html, modules };
};
