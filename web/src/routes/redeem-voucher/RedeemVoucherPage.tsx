import { useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { SessionViewerQuery } from "../../features/accounts/accounts.graphql";
import { VoucherForm } from "../../features/commerce/VoucherForm";

/** /redeem-voucher (anyone): a signed-in reader activates the code here; a visitor signs up or logs in, and comes back with it. */
export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { data } = useQuery(SessionViewerQuery, { fetchPolicy: "cache-first" });
  const [code, setCode] = useState("");
  const next = `/redeem-voucher-internal${code.trim() ? `?code=${encodeURIComponent(code.trim())}` : ""}`;
  return (
    <section className="auth-page" aria-labelledby="redeem-title">
      <PageHead title={t`Activate a code · Brevia`} description={t`Activate a Brevia gift or promotion code.`} />
      <h1 id="redeem-title">
        <Trans>Activate a code</Trans>
      </h1>
      {data?.viewer ? (
        <VoucherForm />
      ) : (
        <>
          <label htmlFor="redeem-visitor-code">{t`Code`}</label>
          <input id="redeem-visitor-code" value={code} autoComplete="off" onChange={(event) => setCode(event.target.value)} />
          <p>
            <Trans>To activate it, create your account or log in:</Trans>
          </p>
          <p className="auth-form__switch">
            <Link className="button" to={`${localize("/signup")}?next=${encodeURIComponent(localize(next))}`}>
              {t`Create account and activate`}
            </Link>{" "}
            <Link to={`${localize("/login")}?next=${encodeURIComponent(localize(next))}`}>{t`Log in and activate`}</Link>
          </p>
        </>
      )}
    </section>
  );
}
