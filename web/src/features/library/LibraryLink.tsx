import { Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";

/**
 * A link to the reader's library, for pages only a signed-in reader sees (the settings, a reader's
 * buttons on a microbook page). Its words live in the errors catalogue, which those pages load, so the
 * visitors' home page does not carry them.
 */
export function LibraryLink({ className }: { className?: string }) {
  const localize = useLocalizedPath();
  return (
    <Link className={className} to={localize("/library")}>
      <Trans>Your library</Trans>
    </Link>
  );
}
