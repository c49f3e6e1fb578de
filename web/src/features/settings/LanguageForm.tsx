import { msg } from "@lingui/core/macro";
import { useMutation } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { writeLocaleCookie } from "../../app/locale-cookie";
import { localizePath, LOCALES, type Locale } from "@brevia/routes";
import { useToast } from "../../app/shell/toasts";
import { useLocale } from "../../app/useLocale";
import type { Language } from "../../gql/graphql";
import { UpdateSettingsMutation } from "./settings.graphql";
import { errorOf, unexpectedError } from "../../app/errors/error-messages";

/** Each language's name in itself, as the language switcher shows them. */
const NAMES: Record<Locale, string> = { pt: "Português", en: "English", es: "Español" };
const SAVED = msg`Your language settings are saved.`;

/**
 * The interface language (the app's own words; it switches at once, remembered in the locale cookie
 * like the language switcher does) and the content language (which edition of a microbook to show).
 */
export function LanguageForm({ viewer }: { viewer: { contentLanguage: Language } }) {
  const { i18n } = useLingui();
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const pageLocale = useLocale();
  const [update, { loading }] = useMutation(UpdateSettingsMutation);
  const [error, setError] = useState("");

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const interfaceLanguage = String(form.get("interfaceLanguage")) as Locale;
    const contentLanguage = String(form.get("contentLanguage")) as Language;
    try {
      const answer = (await update({ variables: { interfaceLanguage, contentLanguage } })).data?.updateSettings;
      if (!answer) throw new Error("Not saved");
      const refused = errorOf(i18n, answer);
      if (refused) return setError(refused);
      setError("");
      if (interfaceLanguage !== pageLocale) {
        writeLocaleCookie(interfaceLanguage);
        // This page in the new language: the router switches the catalogue before the page loads again.
        await navigate(localizePath(interfaceLanguage, "/settings"), { replace: true });
      }
      toast.show(i18n._(SAVED));
    } catch {
      setError(unexpectedError(i18n));
    }
  }

  return (
    <section className="settings-section" aria-labelledby="languages-title">
      <h2 id="languages-title">
        <Trans>Languages</Trans>
      </h2>
      <form className="settings-form" onSubmit={(e) => void submit(e)} aria-busy={loading}>
        <div className="field">
          <label htmlFor={`${id}-interface`}>
            <Trans>Interface language</Trans>
          </label>
          <select id={`${id}-interface`} name="interfaceLanguage" defaultValue={pageLocale}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {NAMES[locale]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-content`}>
            <Trans>Content language</Trans>
          </label>
          <select id={`${id}-content`} name="contentLanguage" defaultValue={viewer.contentLanguage} aria-describedby={`${id}-content-hint`}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {NAMES[locale]}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${id}-content-hint`}>
            <Trans>Microbooks are shown in this language when they have an edition in it.</Trans>
          </p>
        </div>
        <p className="auth-form__error" role="alert">
          {error}
        </p>
        <button className="button" type="submit" disabled={loading}>
          <Trans>Save languages</Trans>
        </button>
      </form>
    </section>
  );
}
