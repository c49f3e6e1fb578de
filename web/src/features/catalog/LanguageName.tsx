import { useLingui } from "@lingui/react/macro";
import type { Language } from "../../gql/graphql";

/** A content language's name in the interface language. */
export function LanguageName({ language }: { language: Language }) {
  const { t } = useLingui();
  const names: Record<Language, string> = { pt: t`Portuguese`, en: t`English`, es: t`Spanish` };
  return <>{names[language]}</>;
}
