import { useQueryRefHandlers, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { PageHead } from "../../app/PageHead";
import { SessionsList } from "../../features/accounts/SessionsList";
import type { settingsLoader } from "./loader";

/** /settings (ensureAuthenticated). For now: the reader's signed-in devices. */
export function Component() {
  const { t } = useLingui();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof settingsLoader>>>;
  const { data } = useReadQuery(queryRef);
  const { refetch } = useQueryRefHandlers(queryRef);
  const localize = useLocalizedPath();
  return (
    <section className="settings-page" aria-labelledby="settings-title">
      <PageHead title={t`Settings · Brevia`} />
      <h1 id="settings-title">
        <Trans>Settings</Trans>
      </h1>
      {data.viewer && (
        <p>
          <Trans>Signed in as {data.viewer.email}</Trans>
        </p>
      )}
      <nav aria-label={t`Account`} className="settings-page__links">
        <Link to={localize("/update-profile")}>{t`Change email or password`}</Link>
      </nav>
      <SessionsList sessions={data.viewer?.sessions ?? []} onChange={() => refetch()} />
    </section>
  );
}
