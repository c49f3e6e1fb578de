import { lazy, type ComponentType } from "react";
import { isChunkLoadError, reloadOnceForChunkError } from "../chunk-reload";

// The route error element (./ErrorPage.tsx) is a chunk of its own: a page that went well (nearly every
// page a visitor lands on) never needs its code. The server's renderer hands it over at once
// (provideErrorPage); the browser loads it before hydrating a page the server rendered as an error
// (start.tsx, loadErrorPage), and through React.lazy when a navigation meets an error.
let page: ComponentType | undefined;

/** The server's renderer gives the error page it imported, so error pages render at once. */
export function provideErrorPage(errorPage: ComponentType) {
  page = errorPage;
}

/** The error page's code (once); the app awaits it before hydrating a page rendered as an error. */
export const loadErrorPage = () =>
  import("./ErrorPage").then((module) => {
    page = module.ErrorPage;
    return module.ErrorPage;
  });

// A release that replaced the chunk: reload once (as the error page itself does for a page's chunk).
const LazyErrorPage = lazy(() =>
  loadErrorPage().then(
    (errorPage) => ({ default: errorPage }),
    (error: unknown) => {
      if (isChunkLoadError(error)) reloadOnceForChunkError();
      throw error;
    },
  ),
);

export function ErrorPage() {
  const Page = page ?? LazyErrorPage;
  return <Page />;
}
