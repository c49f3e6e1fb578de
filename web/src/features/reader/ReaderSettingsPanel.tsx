import { useMutation } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { errorMessage, isError } from "../../app/errors/error-messages";
import { useToast } from "../../app/shell/toasts";
import type { ReaderLineWidth, ReaderTheme } from "../../gql/graphql";
import { UpdateReaderSettingsMutation } from "./reader.graphql";

export type ReaderSettingsValue = { fontStep: number; fontSteps: number; theme: ReaderTheme | null; lineWidth: ReaderLineWidth };

/** Text size, theme and line length: kept in the account (every device), shown at once (optimistic). */
export function ReaderSettingsPanel({ viewerId, settings }: { viewerId: string; settings: ReaderSettingsValue }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [update] = useMutation(UpdateReaderSettingsMutation);

  async function change(changes: Partial<Pick<ReaderSettingsValue, "fontStep" | "theme" | "lineWidth">>) {
    const next = { ...settings, ...changes };
    try {
      const { data } = await update({
        variables: changes,
        optimisticResponse: {
          __typename: "Mutation",
          updateReaderSettings: { __typename: "Viewer", id: viewerId, readerSettings: { __typename: "ReaderSettings", ...next } },
        },
      });
      const answer = data?.updateReaderSettings;
      if (answer && isError(answer)) toast.show(errorMessage(i18n, answer.code), "error");
    } catch {
      toast.show(errorMessage(i18n, null), "error");
    }
  }

  const themes: { value: ReaderTheme; label: string }[] = [
    { value: "LIGHT", label: t`Light` },
    { value: "DARK", label: t`Dark` },
    { value: "SEPIA", label: t`Sepia` },
  ];
  const size = settings.fontStep + 1;
  const sizes = settings.fontSteps;
  return (
    <div className="reader__settings" role="group" aria-label={t`Reading settings`}>
      <div className="reader__setting" role="group" aria-label={t`Text size`}>
        <button
          type="button"
          className="button button--quiet"
          disabled={settings.fontStep <= 0}
          onClick={() => void change({ fontStep: settings.fontStep - 1 })}
        >
          <span aria-hidden="true">A−</span>
          <span className="visually-hidden">{t`Smaller text`}</span>
        </button>
        <output aria-live="polite">
          <Trans>
            Size {size} of {sizes}
          </Trans>
        </output>
        <button
          type="button"
          className="button button--quiet"
          disabled={settings.fontStep >= settings.fontSteps - 1}
          onClick={() => void change({ fontStep: settings.fontStep + 1 })}
        >
          <span aria-hidden="true">A+</span>
          <span className="visually-hidden">{t`Larger text`}</span>
        </button>
      </div>
      <fieldset className="reader__setting">
        <legend>
          <Trans>Theme</Trans>
        </legend>
        {themes.map((theme) => (
          <label key={theme.value}>
            <input
              type="radio"
              name="reader-theme"
              value={theme.value}
              checked={settings.theme === theme.value}
              onChange={() => void change({ theme: theme.value })}
            />
            {theme.label}
          </label>
        ))}
      </fieldset>
      <label className="reader__setting">
        <Trans>Line length</Trans>
        <select value={settings.lineWidth} onChange={(event) => void change({ lineWidth: event.target.value as ReaderLineWidth })}>
          <option value="NARROW">{t`Narrow`}</option>
          <option value="MEDIUM">{t`Medium`}</option>
          <option value="WIDE">{t`Wide`}</option>
        </select>
      </label>
    </div>
  );
}
