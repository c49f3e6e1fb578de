import type { Messages } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { lazy, Suspense, useEffect, useState, type ComponentProps } from "react";
import type { Locale } from "@brevia/routes";
import type { ReaderHighlights as Component } from "./ReaderHighlights";

// The account catalogue (web/lingui.config.ts puts this feature's messages there), in the page's language.
const ACCOUNT_MESSAGES = {
  pt: () => import("../../locales/account/pt.po"),
  en: () => import("../../locales/account/en.po"),
  es: () => import("../../locales/account/es.po"),
} satisfies Record<Locale, () => Promise<{ messages: Messages }>>;

const ReaderHighlights = lazy(() => import("./ReaderHighlights").then((module) => ({ default: module.ReaderHighlights })));

/**
 * ReaderHighlights, loaded in the browser once the page has hydrated, with its messages (the account
 * catalogue) in the page's language: a page that mounts it for a signed-in reader does not carry its
 * code, and the server's HTML and the first render agree.
 */
export function LazyReaderHighlights(props: ComponentProps<typeof Component>) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [ready, setReady] = useState<Locale | null>(null);
  useEffect(() => {
    let live = true;
    void ACCOUNT_MESSAGES[locale]().then(({ messages }) => {
      i18n.load(locale, messages);
      if (live) setReady(locale);
    });
    return () => {
      live = false;
    };
  }, [i18n, locale]);
  if (ready !== locale) return null;
  return (
    <Suspense fallback={null}>
      <ReaderHighlights {...props} />
    </Suspense>
  );
}
