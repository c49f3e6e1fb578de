import { Trans } from "@lingui/react/macro";

/** Every screen of the local provider says no real payment happens. */
export function TestModeBadge() {
  return (
    <p className="test-mode" role="note">
      <strong>TEST MODE</strong> <Trans>No real payment is made. Use the card 4242 4242 4242 4242, any future date and any 3 digits.</Trans>
    </p>
  );
}
