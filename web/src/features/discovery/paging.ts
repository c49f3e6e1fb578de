import { data } from "react-router-dom";

/** Microbooks per listing page. */
export const PAGE_SIZE = 24;

/** The not-found answer a loader throws: the route shows the not-found page with status 404. */
export function notFound(): never {
  throw data("This page could not be found", { status: 404 });
}

/** The page a `?page=N` address asks for: 1 without one; not-found for anything but a whole number from 1. */
export function pageFromUrl(url: URL): number {
  const raw = url.searchParams.get("page");
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(raw)) notFound();
  return Number(raw);
}

/** How many pages `total` items fill (at least one, so an empty list still has its page). */
export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}
