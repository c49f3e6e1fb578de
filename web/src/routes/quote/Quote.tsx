import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { splitLocale } from "@brevia/routes";
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import type { Apollo } from "../../app/apollo";
import { QuotePageQuery } from "./quote.query";

// With the page (one chunk; see library-highlights/Highlights.tsx).
export function pageLoader({ client, preloadQuery }: Apollo) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const { locale } = splitLocale(new URL(request.url).pathname);
    const variables = { id: params.id ?? "", language: locale };
    const result = await client.query({ query: QuotePageQuery, variables });
    // An unknown, deleted or no-longer-shared card is a 404 like any unknown page.
    if (!result.data?.quoteCard) throw data("This page could not be found", { status: 404 });
    return { queryRef: preloadQuery(QuotePageQuery, { variables }) };
  };
}

/**
 * /quote/:id (public): a highlight its reader shared, as a quote card: the quote (at most about 300
 * characters: the API cuts it, and never sends the text around it) and its book, with a link to it.
 */
export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof pageLoader>>>;
  const { data } = useReadQuery(queryRef);
  const card = data.quoteCard;
  if (!card) return null;
  const book = card.microbook;
  const title = book.edition?.title ?? book.slug;
  const author = book.author.name;
  return (
    <article className={`quote-card highlight-item--${card.colour.toLowerCase()}`} aria-labelledby="quote-title">
      <PageHead
        title={t`“${card.quote}” — ${title}, ${author} · Brevia`}
        description={t`A passage from ${title}, by ${author}, highlighted on Brevia.`}
      />
      <h1 id="quote-title" className="visually-hidden">
        <Trans>A quote from {title}</Trans>
      </h1>
      <blockquote lang={card.language}>
        <p>{card.quote}</p>
      </blockquote>
      <div className="quote-card__book">
        {book.edition && <img src={book.edition.coverUrl} srcSet={book.edition.coverSrcSet} sizes="80px" alt="" width={80} height={120} />}
        <p>
          <Trans>
            From <Link to={localize(`/microbook/${book.slug}`)}>{title}</Link>, by {author}
          </Trans>
          {book.edition?.subtitle && (
            <>
              <br />
              {book.edition.subtitle}
            </>
          )}
        </p>
      </div>
      <p>
        <Link className="button" to={localize(`/microbook/${book.slug}`)}>
          <Trans>Read the key ideas of {title}</Trans>
        </Link>
      </p>
    </article>
  );
}
