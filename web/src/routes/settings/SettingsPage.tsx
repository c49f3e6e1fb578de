import { useQueryRefHandlers, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { PageHead } from "../../app/PageHead";
import { LibraryLink } from "../../features/library/LibraryLink";
import { SessionsList } from "../../features/accounts/SessionsList";
import { DataExport } from "../../features/settings/DataExport";
import { DeleteAccount } from "../../features/settings/DeleteAccount";
import { LanguageForm } from "../../features/settings/LanguageForm";
import { ProfileForm } from "../../features/settings/ProfileForm";
import { SubscriptionSettings } from "../../features/commerce/SubscriptionSettings";
import type { settingsLoader } from "./loader";

/** /settings (ensureAuthenticated): profile, languages, signed-in devices, a copy of one's data, and deleting the account. */
export function Component() {
  const { t } = useLingui();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof settingsLoader>>>;
  const { data } = useReadQuery(queryRef);
  const { refetch } = useQueryRefHandlers(queryRef);
  const localize = useLocalizedPath();
  return (
    <section className="settings-page" aria-labelledby="settings-title">
      <PageHead title={t`Settings · Brevia`} description={t`Your Brevia profile, languages, devices and data.`} />
      <h1 id="settings-title">
        <Trans>Settings</Trans>
      </h1>
      {data.viewer && (
        <p>
          <Trans>Signed in as {data.viewer.email}</Trans>
        </p>
      )}
      {data.viewer && <ProfileForm viewer={data.viewer} />}
      {data.viewer && <LanguageForm viewer={data.viewer} />}
      {data.viewer && <SubscriptionSettings />}
      <nav aria-label={t`Account`} className="settings-page__links">
        <Link to={localize("/update-profile")}>{t`Change email or password`}</Link>
        <LibraryLink />
      </nav>
      <SessionsList sessions={data.viewer?.sessions ?? []} onChange={() => refetch()} />
      {data.viewer && <DataExport />}
      {data.viewer && <DeleteAccount viewer={data.viewer} />}
    </section>
  );
}
