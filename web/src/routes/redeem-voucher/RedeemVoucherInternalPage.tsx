import { Trans, useLingui } from "@lingui/react/macro";
import { PageHead } from "../../app/PageHead";
import { VoucherForm } from "../../features/commerce/VoucherForm";

/** /redeem-voucher-internal (signed in): activate a code. */
export function Component() {
  const { t } = useLingui();
  return (
    <section className="auth-page" aria-labelledby="redeem-title">
      <PageHead title={t`Activate a code · Brevia`} description={t`Activate a Brevia gift or promotion code.`} />
      <h1 id="redeem-title">
        <Trans>Activate a code</Trans>
      </h1>
      <VoucherForm />
    </section>
  );
}
