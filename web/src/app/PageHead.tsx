import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { createContext, useContext, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { applyHead, type BookHead, type PageHeadData } from "./head";
import type { ListPosition } from "@brevia/routes/page-links";

export const DEFAULT_DESCRIPTION = msg`Brevia: the key ideas of great non-fiction in 12 minutes, to read or to listen.`;

/** On the server, where PageHead writes the page's title and description for the HTML head. */
export const HeadCollectorContext = createContext<{ collect(head: PageHeadData): void } | null>(null);

/**
 * The page's title and description, and for a microbook page its book (link preview and JSON-LD).
 * A page of a paged list passes its `list` position: its canonical address keeps `?page=N` and the head
 * links the previous and next pages. Renders nothing (so server and browser markup agree): the server collects them into the HTML head
 * it sends; in the browser they are applied after each navigation.
 */
export function PageHead({
  title,
  description,
  book,
  list,
}: {
  title: string;
  description?: string | null;
  book?: BookHead;
  list?: ListPosition;
}) {
  const { i18n } = useLingui();
  const collector = useContext(HeadCollectorContext);
  const { pathname } = useLocation();
  const text = description || i18n._(DEFAULT_DESCRIPTION);
  collector?.collect({ title, description: text, ...(book ? { book } : {}), ...(list ? { list } : {}) });
  // New objects each render: compared by value.
  const bookKey = book ? JSON.stringify(book) : "";
  const listKey = list ? JSON.stringify(list) : "";
  useEffect(() => {
    applyHead(
      document,
      {
        title,
        description: text,
        ...(bookKey ? { book: JSON.parse(bookKey) as BookHead } : {}),
        ...(listKey ? { list: JSON.parse(listKey) as ListPosition } : {}),
      },
      location.origin,
      pathname,
    );
  }, [title, text, pathname, bookKey, listKey]);
  return null;
}
