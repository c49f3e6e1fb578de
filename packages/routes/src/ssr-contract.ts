// What the API server and the web's server entry (web/src/entry-server.tsx, built to
// web/dist-server) agree on, owned by neither. Plain TypeScript with no React.

export type GraphQLRequest = { query: string; variables?: Record<string, unknown>; operationName?: string };
export type GraphQLResult = {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string; extensions?: Record<string, unknown> }[];
};
/** Runs one operation in the API process with the page request's session. */
export type ExecuteGraphQL = (request: GraphQLRequest) => Promise<GraphQLResult>;

export type PageRequest = {
  /** The page's absolute URL (origin from the request: canonical and alternate links use it). */
  url: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
};

/** A rendered page, or a route guard's redirect (status 3xx, `location` set, no html). */
export type RenderedPage = { status: number; html: string; modules?: string[]; location?: string };

/** What web/dist-server/entry-server.js exports. */
export type ServerEntry = {
  /** A first visit's redirect to the reader's language (and the cookie that remembers it), or null. */
  localeRedirect(request: PageRequest): { location: string; setCookie: string } | null;
  /**
   * Renders the page into the built index.html (`template`), with the status its route gives, and
   * the source modules (paths under web/, as Vite's manifest names them) of the code the page loads
   * besides the app: its route modules and its language's messages, to preload. A route guard's
   * redirect comes back as its status and `location`, with no HTML.
   */
  render(request: PageRequest & { execute: ExecuteGraphQL }, template: string): Promise<RenderedPage>;
};

/** The id of the <script type="application/json"> element that carries the Apollo cache state. */
export const STATE_ELEMENT_ID = "brevia-state";

/**
 * The id of the <script type="application/json"> element listing the URLs of the page's own chunks
 * (route modules, messages), which the browser's entry preloads beside the app's code after the
 * first paint (web/src/main.tsx).
 */
export const PRELOAD_ELEMENT_ID = "brevia-preload";
