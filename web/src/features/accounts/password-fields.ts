import { useLingui } from "@lingui/react/macro";
import type { CredentialField } from "./CredentialForm";

/** New password and its confirmation, as every password form asks them. */
export function useNewPasswordFields(): CredentialField[] {
  const { t } = useLingui();
  return [
    { name: "password", label: t`New password`, type: "password", autoComplete: "new-password", hint: t`At least 6 characters.` },
    { name: "passwordConfirmation", label: t`Confirm new password`, type: "password", autoComplete: "new-password" },
  ];
}
