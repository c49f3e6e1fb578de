import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui as useLinguiContext } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Component as ReactComponent, lazy, Suspense, useEffect, useMemo, type ErrorInfo, type ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { isChunkLoadError, mayReloadForChunkError, reloadOnceForChunkError } from "../chunk-reload";
import { Footer, Header } from "../layouts/Header";
import { PageHead } from "../PageHead";
import { DEFAULT_LOCALE, LOCALES, localizePath, type Locale } from "@brevia/routes";
import { useLocalizedPath } from "../useLocale";

const NotFound = lazy(() => import("../../routes/not-found/NotFound").then((m) => ({ default: m.NotFound })));

/** Status and message of whatever went wrong: a loader's response or a thrown error (null: the default "Error"). */
export function describeError(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error))
    return {
      status: error.status || 500,
      message: typeof error.data === "string" && error.data ? error.data : error.statusText || null,
    };
  const status = typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 500;
  return { status, message: null };
}

function GenericError({ status, message }: { status: number; message: string | null }) {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <PageHead title={t`Error · Brevia`} />
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{message ?? t`Error`}</h1>
      <p>
        <Trans>Something went wrong on our side. Please try again in a moment.</Trans>
      </p>
      <Link to={localize("/")}>
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}

/**
 * Last resort when the error page itself fails: static markup, no data, a plain link home. It takes
 * the i18n instance as a prop (no context, router or query), so it renders whatever else broke.
 */
export function FallbackErrorPage({ i18n }: { i18n: I18n }) {
  const locale = (LOCALES as readonly string[]).includes(i18n.locale) ? (i18n.locale as Locale) : DEFAULT_LOCALE;
  return (
    <main id="main" className="page error-page">
      <h1>{i18n._(msg`Error`)}</h1>
      <p>
        <a href={localizePath(locale, "/")}>{i18n._(msg`Go to the home page`)}</a>
      </p>
    </main>
  );
}

class FallbackBoundary extends ReactComponent<{ i18n: I18n; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("The error page failed", error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <FallbackErrorPage i18n={this.props.i18n} /> : this.props.children;
  }
}

/**
 * Route error element: the not-found page for 404s, the generic error page for the rest. A code
 * chunk that failed to load reloads the page once (at most once a minute) from an effect; while it
 * reloads nothing is shown, and when the guard refuses, the error page is.
 */
export function ErrorPage() {
  const error = useRouteError();
  const { i18n } = useLinguiContext();
  // Decided once for this error (reading the guard has no side effect); the reload itself waits for the effect.
  const reloading = useMemo(() => isChunkLoadError(error) && mayReloadForChunkError(), [error]);
  const { status, message } = describeError(error);
  useEffect(() => {
    if (reloading) reloadOnceForChunkError();
    else if (status >= 500) console.error(error);
  }, [reloading, status, error]);
  if (reloading) return null;
  return (
    <FallbackBoundary i18n={i18n}>
      <Header />
      <main id="main" className="page">
        {status === 404 ? (
          // Rendered whole on the server (it waits for everything); the browser fetches it only for a 404.
          <Suspense fallback={null}>
            <NotFound />
          </Suspense>
        ) : (
          <GenericError status={status} message={message} />
        )}
      </main>
      <Footer />
    </FallbackBoundary>
  );
}
