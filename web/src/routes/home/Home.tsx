import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "react-router-dom";
import { MicrobookCard } from "../../features/catalog/MicrobookCard";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import type { homeLoader } from "./loader";

export function Component() {
  const { t } = useLingui();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof homeLoader>>>;
  const { data } = useReadQuery(queryRef);
  const localize = useLocalizedPath();
  const free = data.freeMicrobookToday;
  return (
    <>
      <PageHead title={t`Brevia: great non-fiction in 12 minutes`} />
      <section className="hero">
        <h1>
          <Trans>The key ideas of great books, in 12 minutes</Trans>
        </h1>
        <p>
          <Trans>Read or listen to microbooks in Portuguese, English and Spanish.</Trans>
        </p>
      </section>
      {free?.edition && (
        <section className="free-today" aria-labelledby="free-today-title">
          <h2 id="free-today-title">
            <Trans>Today's free microbook</Trans>
          </h2>
          <div className="free-today__body">
            <img src={free.edition.coverUrl} alt="" width={180} height={270} />
            <div>
              <h3 lang={free.edition.language}>
                <Link to={localize(`/microbook/${free.slug}`)}>{free.edition.title}</Link>
              </h3>
              <p className="free-today__author">{free.author.name}</p>
              <p lang={free.edition.language}>{free.edition.subtitle}</p>
              <Link className="button" to={localize(`/microbook/${free.slug}`)}>
                <Trans>Read it free today</Trans>
              </Link>
            </div>
          </div>
        </section>
      )}
      <section aria-labelledby="latest-title">
        <h2 id="latest-title">
          <Trans>Latest microbooks</Trans>
        </h2>
        <div className="card-grid">
          {data.latestMicrobooks.nodes.map((book) => (
            <MicrobookCard key={book.id} microbook={book} />
          ))}
        </div>
      </section>
    </>
  );
}
