import { Trans, useLingui } from "@lingui/react/macro";
import { useToast } from "../../app/shell/toasts";

/**
 * Shares the page's address: the Web Share API where the browser has it (phones), else copies the link
 * and says so. Rendered alike on the server and in the browser; it only acts on a click.
 */
export function ShareButton({ title }: { title: string }) {
  const { t } = useLingui();
  const toast = useToast();
  async function share() {
    const url = `${location.origin}${location.pathname}`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.show(t`Link copied: ${url}`);
    } catch {
      toast.show(t`The link could not be copied. Here it is: ${url}`, "error");
    }
  }
  return (
    <div className="share">
      <button type="button" onClick={() => void share()}>
        <Trans>Share</Trans>
      </button>
    </div>
  );
}
