import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { unexpectedError, type FieldErrors } from "../../app/errors/error-messages";

export type CredentialField = {
  name: string;
  label: string;
  type: "email" | "password";
  autoComplete: string;
  hint?: string;
  required?: boolean;
};

/**
 * A form of email and password fields, as AuthForm does it: visible labels, native controls,
 * errors tied to their field and announced, focus on the first problem. `onSubmit` answers with the
 * errors to show (null: done; the page shows what happened next).
 */
export function CredentialForm({
  fields,
  submitLabel,
  onSubmit,
  notice,
  children,
}: {
  fields: CredentialField[];
  submitLabel: string;
  onSubmit(values: Record<string, string>): Promise<FieldErrors | null>;
  /** A success message, announced (role="status"). */
  notice?: string | null;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    const first = fields.find((field) => errors[field.name]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus();
    else if (errors.form) formErrorRef.current?.focus();
  }, [errors, fields]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((field) => [field.name, String(data.get(field.name) ?? "")]));
    setBusy(true);
    try {
      const found = await onSubmit(values);
      setErrors(found ?? {});
      // Done: passwords are not left in the form.
      if (!found) formRef.current?.querySelectorAll<HTMLInputElement>('input[type="password"]').forEach((input) => (input.value = ""));
    } catch {
      setErrors({ form: unexpectedError(i18n) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <p className="auth-form__error" role="alert" tabIndex={-1} ref={formErrorRef}>
        {errors.form ?? ""}
      </p>
      <p className="auth-form__notice" role="status">
        {notice ?? ""}
      </p>
      {fields.map((field) => {
        const describedBy = [errors[field.name] ? `${id}-${field.name}-error` : null, field.hint ? `${id}-${field.name}-hint` : null]
          .filter(Boolean)
          .join(" ");
        return (
          <div className="field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required={field.required ?? true}
              aria-invalid={errors[field.name] ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
            {field.hint && (
              <p className="field__hint" id={`${id}-${field.name}-hint`}>
                {field.hint}
              </p>
            )}
            {errors[field.name] && (
              <p className="field__error" id={`${id}-${field.name}-error`} role="alert">
                {errors[field.name]}
              </p>
            )}
          </div>
        );
      })}
      <button className="button" type="submit" disabled={busy}>
        {submitLabel}
      </button>
      {children}
    </form>
  );
}
