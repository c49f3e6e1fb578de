import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from "react";
import type { ReadAlong as Component } from "./ReadAlong";

const ReadAlong = lazy(() => import("./ReadAlong").then((module) => ({ default: module.ReadAlong })));

const noSubscription = () => () => undefined;

/**
 * ReadAlong, loaded in the browser once the reader's page has hydrated: the reader route's chunk carries only this
 * wrapper, the server's HTML and the first render agree, and its messages are the account catalogue's, which the
 * reader route loads (web/lingui.config.ts).
 */
export function LazyReadAlong(props: ComponentProps<typeof Component>) {
  // False in the server's HTML and while hydrating, true after: the lazy chunk loads in the browser only.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ReadAlong {...props} />
    </Suspense>
  );
}
