import { Trans, useLingui } from "@lingui/react/macro";
import { Component as ReactComponent, type ErrorInfo, type ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router-dom";
import { isChunkLoadError, reloadOnceForChunkError } from "../chunk-reload";
import { Footer, Header } from "../layouts/Header";
import { NotFound } from "../../routes/not-found/NotFound";
import { PageHead } from "../PageHead";
import { useLocalizedPath } from "../useLocale";

/** Status and message of whatever went wrong: a loader's response or a thrown error. */
export function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error))
    return {
      status: error.status || 500,
      message: typeof error.data === "string" && error.data ? error.data : error.statusText || "Error",
    };
  const status = typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 500;
  return { status, message: "Error" };
}

function GenericError({ status, message }: { status: number; message: string }) {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <PageHead title={t`Error · Brevia`} />
      <p className="error-page__status">{status}</p>
      <h1 id="error-title">{message === "Error" ? t`Error` : message}</h1>
      <p>
        <Trans>Something went wrong on our side. Please try again in a moment.</Trans>
      </p>
      <Link to={localize("/")}>
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}

/** Last resort when the error page itself fails: static markup, no data, a plain link home. */
export function FallbackErrorPage() {
  return (
    <main className="page error-page">
      <h1>Error</h1>
      <p>
        <a href="/">Brevia</a>
      </p>
    </main>
  );
}

class FallbackBoundary extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("The error page failed", error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <FallbackErrorPage /> : this.props.children;
  }
}

/** Route error element: the not-found page for 404s, the generic error page for the rest. */
export function ErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadOnceForChunkError()) return null;
  const { status, message } = describeError(error);
  if (status >= 500) console.error(error);
  return (
    <FallbackBoundary>
      <Header />
      <main id="main" className="page">
        {status === 404 ? <NotFound /> : <GenericError status={status} message={message} />}
      </main>
      <Footer />
    </FallbackBoundary>
  );
}
