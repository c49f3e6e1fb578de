// Component tests of pages with their own queries and mutations: an Apollo client whose answers are
// given per operation name (as the API would send them), recording each operation it is asked.
import { ApolloLink, type InMemoryCache } from "@apollo/client";
import errorTypes from "../gql/possible-types";
import { ApolloProvider } from "@apollo/client/react";
import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render } from "@testing-library/react";
import { of } from "rxjs";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { createApollo, type Apollo } from "../app/apollo";
import type { Locale } from "@brevia/routes";
import { ToastProvider } from "../app/shell/toasts";
import { messages as accountEn } from "../locales/account/en.po";
import { messages as accountEs } from "../locales/account/es.po";
import { messages as accountPt } from "../locales/account/pt.po";
import { testI18n } from "./render";

const accountCatalogues = { pt: accountPt, en: accountEn, es: accountEs };

/** The app's i18n in a language, with the account pages' catalogue too (their routes load it). */
export function accountI18n(locale: Locale) {
  const i18n = testI18n(locale);
  i18n.load(locale, accountCatalogues[locale]);
  return i18n;
}

type Answer = (variables: Record<string, unknown>) => Record<string, unknown>;
export type Operation = { name: string; variables: Record<string, unknown> };

export function mockApollo(answers: Record<string, Answer>): Apollo & { operations: Operation[] } {
  const operations: Operation[] = [];
  const link = new ApolloLink((operation) => {
    operations.push({ name: operation.operationName ?? "", variables: operation.variables });
    const answer = answers[operation.operationName ?? ""];
    if (!answer) throw new Error(`No mocked answer for ${operation.operationName}`);
    return of({ data: answer(operation.variables) });
  });
  const apollo = createApollo(link);
  // As on a page that loaded the error registry (page-catalogues.ts): the cache knows the error types.
  (apollo.client.cache as InMemoryCache).policies.addPossibleTypes(errorTypes.possibleTypes);
  return Object.assign(apollo, { operations });
}

/**
 * Routes in a memory router, inside the app's providers (this Apollo client, the language's i18n, toasts).
 * The i18n has every catalogue unless one is given (e.g. the main catalogue only, for loaders that load theirs).
 */
export function renderWithApi(
  apollo: Apollo,
  routes: RouteObject[],
  { path = "/", locale = "en" as Locale, i18n = accountI18n(locale) }: { path?: string; locale?: Locale; i18n?: I18n } = {},
) {
  const router = createMemoryRouter([{ hydrateFallbackElement: <div />, children: routes }], { initialEntries: [path] });
  const view = render(
    <ApolloProvider client={apollo.client}>
      <I18nProvider i18n={i18n}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </I18nProvider>
    </ApolloProvider>,
  );
  return { router, ...view };
}
