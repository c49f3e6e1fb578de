// Helpers of the component tests: the app's real catalogues, a data router in memory.
import { ApolloClient, ApolloLink } from "@apollo/client";
import { ApolloProvider } from "@apollo/client/react";
import { setupI18n, type I18n } from "@lingui/core";
import { of } from "rxjs";
import { I18nProvider } from "@lingui/react";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { messages as accountEn } from "../locales/account/en.po";
import { messages as accountEs } from "../locales/account/es.po";
import { messages as accountPt } from "../locales/account/pt.po";
import { messages as browseEn } from "../locales/browse/en.po";
import { messages as browseEs } from "../locales/browse/es.po";
import { messages as browsePt } from "../locales/browse/pt.po";
import { messages as credentialsEn } from "../locales/credentials/en.po";
import { messages as credentialsEs } from "../locales/credentials/es.po";
import { messages as credentialsPt } from "../locales/credentials/pt.po";
import { messages as errorsEn } from "../locales/errors/en.po";
import { messages as errorsEs } from "../locales/errors/es.po";
import { messages as errorsPt } from "../locales/errors/pt.po";
import { messages as en } from "../locales/en.po";
import { messages as es } from "../locales/es.po";
import { messages as pt } from "../locales/pt.po";
import type { Locale } from "@brevia/routes";
import { createApolloCache } from "../app/apollo";
import errorTypes from "../gql/possible-types";
import { ToastProvider } from "../app/shell/toasts";

// The main catalogue with the ones pages load on their own (page-catalogues.ts), as a page has them.
const catalogues = {
  pt: { ...pt, ...credentialsPt, ...accountPt, ...browsePt, ...errorsPt },
  en: { ...en, ...credentialsEn, ...accountEn, ...browseEn, ...errorsEn },
  es: { ...es, ...credentialsEs, ...accountEs, ...browseEs, ...errorsEs },
};

export function testI18n(locale: Locale = "en"): I18n {
  return setupI18n({ locale, messages: { [locale]: catalogues[locale] } });
}

/** The app's main catalogue only, as a page has it before its route loads the catalogues it needs (page-catalogues.ts). */
export function mainI18n(locale: Locale = "en"): I18n {
  return setupI18n({ locale, messages: { [locale]: { pt, en, es }[locale] } });
}

/** An Apollo client for the shell's own queries (the header's viewer): a visitor, no network. The app's Root
 * gives every page (the error page too) Apollo, i18n and toasts; so does this. */
export function testApollo(): ApolloClient {
  const cache = createApolloCache();
  // As on a page that loaded the error registry (page-catalogues.ts): the cache knows the error types.
  cache.policies.addPossibleTypes(errorTypes.possibleTypes);
  return new ApolloClient({ cache, link: new ApolloLink(() => of({ data: { viewer: null } })) });
}

export function withI18n(ui: ReactNode, i18n: I18n = testI18n()) {
  return (
    <ApolloProvider client={testApollo()}>
      <I18nProvider i18n={i18n}>
        <ToastProvider>{ui}</ToastProvider>
      </I18nProvider>
    </ApolloProvider>
  );
}

/** Renders routes in a memory router, inside the given language's i18n. */
export function renderRoutes(routes: RouteObject[], { path = "/", locale = "en" as Locale } = {}) {
  const router = createMemoryRouter([{ hydrateFallbackElement: <div />, children: routes }], { initialEntries: [path] });
  const i18n = testI18n(locale);
  const view = render(withI18n(<RouterProvider router={router} />, i18n));
  return { router, i18n, ...view };
}

/** act() around a synchronous change: React applies it before act returns, so its thenable needs no awaiting. */
export function actNow(change: () => void): void {
  void act(change);
}
