import { useMutation } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router-dom";
import { errorMessage, isError } from "../../app/errors/error-messages";
import { useLocalizedPath } from "../../app/useLocale";
import { SendToKindleMutation } from "./library.graphql";

/**
 * Send to Kindle and Download EPUB, for a reader the API's access policy lets download (canDownload).
 * Amazon delivers only mail from senders the reader approved: the address is said beside the button.
 * With no Kindle email, the answer's message leads to the settings where it is set.
 */
export function KindleActions({ microbookId, slug, sender }: { microbookId: string; slug: string; sender: string }) {
  const { i18n } = useLingui();
  const localize = useLocalizedPath();
  const [send, { loading }] = useMutation(SendToKindleMutation);
  const [outcome, setOutcome] = useState<{ sentTo: string } | { code: string | null } | null>(null);

  async function sendToKindle() {
    try {
      const { data } = await send({ variables: { microbookId } });
      const result = data?.sendToKindle;
      if (result?.__typename === "KindleDelivery") return setOutcome({ sentTo: result.to });
      setOutcome({ code: result && isError(result) ? result.code : null });
    } catch {
      setOutcome({ code: null });
    }
  }

  return (
    <div className="kindle-actions">
      <button type="button" className="button button--secondary" disabled={loading} onClick={() => void sendToKindle()}>
        <Trans>Send to Kindle</Trans>
      </button>
      <a className="button button--secondary" href={`/epub/${encodeURIComponent(slug)}.epub`} download>
        <Trans>Download EPUB</Trans>
      </a>
      <p className="kindle-actions__hint">
        <Trans>
          Kindle accepts books only from senders you approve: add {sender} to your Approved Personal Document E-mail List in your Amazon
          account.
        </Trans>
      </p>
      <div role="status" aria-live="polite">
        {outcome && "sentTo" in outcome && (
          <p>
            <Trans>Sent to {outcome.sentTo}. It appears on your Kindle in a few minutes.</Trans>
          </p>
        )}
        {outcome && "code" in outcome && outcome.code === "KINDLE_EMAIL_MISSING" && (
          <p>
            <Trans>
              Add your Kindle email in <Link to={localize("/settings")}>your settings</Link> to send books to your Kindle.
            </Trans>
          </p>
        )}
        {outcome && "code" in outcome && outcome.code !== "KINDLE_EMAIL_MISSING" && <p>{errorMessage(i18n, outcome.code)}</p>}
      </div>
    </div>
  );
}
