import { useMutation } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useToast } from "../../app/shell/toasts";
import { UpdateSettingsMutation } from "./settings.graphql";
import { formErrorsOf, unexpectedError, type FieldErrors } from "../../app/errors/error-messages";
import { TextField } from "./TextField";

type Profile = { name: string; surname: string; kindleEmail: string | null };
const FIELDS = ["name", "surname", "kindleEmail"] as const;

/** Name, surname and Send-to-Kindle address; saved together, each error beside its field, focus on the first. */
export function ProfileForm({ viewer }: { viewer: Profile }) {
  const { t, i18n } = useLingui();
  const toast = useToast();
  const [update, { loading }] = useMutation(UpdateSettingsMutation);
  const [errors, setErrors] = useState<FieldErrors<(typeof FIELDS)[number]>>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const surnameRef = useRef<HTMLInputElement>(null);
  const kindleEmailRef = useRef<HTMLInputElement>(null);

  // A new set of errors: the first field with one takes the focus.
  useEffect(() => {
    if (errors.name) nameRef.current?.focus();
    else if (errors.surname) surnameRef.current?.focus();
    else if (errors.kindleEmail) kindleEmailRef.current?.focus();
  }, [errors]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const variables = {
      name: String(form.get("name") ?? ""),
      surname: String(form.get("surname") ?? ""),
      kindleEmail: String(form.get("kindleEmail") ?? ""),
    };
    try {
      const answer = (await update({ variables })).data?.updateSettings;
      if (!answer) throw new Error("No answer");
      const found = formErrorsOf(i18n, answer, FIELDS);
      if (found) return setErrors(found);
      setErrors({});
      toast.show(t`Your profile is saved.`);
    } catch {
      setErrors({ form: unexpectedError(i18n) });
    }
  }

  return (
    <section className="settings-section" aria-labelledby="profile-title">
      <h2 id="profile-title">
        <Trans>Profile</Trans>
      </h2>
      <form className="settings-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={loading}>
        <TextField
          ref={nameRef}
          label={t`Name`}
          name="name"
          autoComplete="given-name"
          required
          maxLength={80}
          defaultValue={viewer.name}
          error={errors.name}
        />
        <TextField
          ref={surnameRef}
          label={t`Surname`}
          name="surname"
          autoComplete="family-name"
          maxLength={80}
          defaultValue={viewer.surname}
          error={errors.surname}
        />
        <TextField
          ref={kindleEmailRef}
          label={t`Kindle email`}
          name="kindleEmail"
          type="email"
          autoComplete="off"
          defaultValue={viewer.kindleEmail ?? ""}
          hint={t`Your Send-to-Kindle address, ending in @kindle.com. Leave it empty to remove it.`}
          error={errors.kindleEmail}
        />
        <p className="auth-form__error" role="alert">
          {errors.form ?? ""}
        </p>
        <button className="button" type="submit" disabled={loading}>
          <Trans>Save profile</Trans>
        </button>
      </form>
    </section>
  );
}
