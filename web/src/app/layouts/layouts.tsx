import { Trans, useLingui } from "@lingui/react/macro";
import { Outlet } from "react-router-dom";
import { BottomNav } from "../shell/deferred-shell";
import { Footer, Header } from "./Header";

/** The app's usual frame: header with navigation, the page, footer; on phones the bottom bar. */
export function DefaultLayout() {
  return (
    <>
      <Header />
      <main id="main" className="page">
        <Outlet />
      </main>
      <Footer />
      <BottomNav />
    </>
  );
}

/** Nothing around the page: onboarding steps and full-screen flows. */
export function EmptyLayout() {
  return (
    <main id="main" className="page page--empty">
      <Outlet />
    </main>
  );
}

/** Public pages reached from outside (checkout links): brand and language only, no app navigation. */
export function PublicLayout() {
  return (
    <>
      <Header minimal />
      <main id="main" className="page page--public">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}

/** Pages that sell the subscription: the usual frame (bottom bar included) with a call to start the free trial. */
export function SubscriptionCallLayout() {
  const { t } = useLingui();
  return (
    <>
      <Header />
      <aside className="subscription-call" aria-label={t`Premium`}>
        <Trans>Try Premium free for 7 days: every microbook, to read and to listen.</Trans>
      </aside>
      <main id="main" className="page">
        <Outlet />
      </main>
      <Footer />
      <BottomNav />
    </>
  );
}
