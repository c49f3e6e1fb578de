import { Trans } from "@lingui/react/macro";

/** Where the reader's data downloads from (the API's route; the session cookie says whose). */
export const ACCOUNT_EXPORT_URL = "/account/export.json";

/** A plain download link: works with the keyboard and before the page's script has loaded. */
export function DataExport() {
  return (
    <section className="settings-section" aria-labelledby="data-title">
      <h2 id="data-title">
        <Trans>Your data</Trans>
      </h2>
      <p>
        <Trans>
          Download a copy of everything Brevia keeps about you: your profile, devices, reading, highlights and notes, onboarding answers and
          subscription, as a JSON file.
        </Trans>
      </p>
      <a className="button" href={ACCOUNT_EXPORT_URL} download>
        <Trans>Download my data</Trans>
      </a>
    </section>
  );
}
