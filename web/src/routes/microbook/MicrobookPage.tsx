import { useReadQuery } from "@apollo/client/react";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useLoaderData } from "react-router-dom";
import { MicrobookCard } from "../../features/catalog/MicrobookCard";
import { RichText } from "../../features/catalog/RichText";
import { LanguageName } from "../../features/catalog/LanguageName";
import { Narration } from "../../features/catalog/Narration";
import { PageHead } from "../../app/PageHead";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { ShareButton } from "../../features/discovery/ShareButton";
import { UpgradeButton } from "../../features/discovery/UpgradeModal";
import { ReaderStateButtons, VisitorStateButtons } from "../../features/library/ReadingStateButtons";
import { LazyReaderHighlights } from "../../features/highlights/LazyReaderHighlights";
import type { microbookLoader } from "./loader";

/** "Original published 1854", or for a year before the common era "… 180 BCE" in the reader's wording. */
export function PublishedYear({ year }: { year: number }) {
  if (year >= 0) return <Trans>Original published {year}</Trans>;
  const yearBce = -year;
  return <Trans>Original published {yearBce} BCE</Trans>;
}

/**
 * Sets the category colour through the CSSOM: a `style` attribute in the server's HTML would be
 * refused by the Content-Security-Policy (style-src 'self').
 */
function categoryColor(color: string) {
  return (element: HTMLElement | null) => element?.style.setProperty("--category", color);
}

export function Component() {
  const { t } = useLingui();
  const locale = useLocale();
  const localize = useLocalizedPath();
  const { queryRef, stateRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof microbookLoader>>>;
  const { data } = useReadQuery(queryRef);
  const [textSection, setTextSection] = useState<HTMLElement | null>(null);
  const book = data.microbook;
  const edition = book?.edition;
  const content = edition?.content ?? null;
  if (!book || !edition) return null;
  const count = edition.keyIdeaCount;
  return (
    <article className="microbook">
      <PageHead
        title={`${edition.title} · Brevia`}
        description={edition.subtitle}
        book={{
          slug: book.slug,
          title: edition.title,
          author: book.author.name,
          language: edition.language,
          category: book.category.name,
          publishedYear: book.publishedYear,
          audioSeconds: edition.audio?.durationSeconds ?? null,
        }}
      />
      <header className="microbook__header" ref={categoryColor(book.category.color)}>
        <img
          className="microbook__cover"
          src={edition.coverUrl}
          srcSet={edition.coverSrcSet}
          sizes="240px"
          alt=""
          width={240}
          height={360}
          fetchPriority="high"
        />
        <div>
          <p className="microbook__category">
            <Link to={localize(`/categories/${book.category.slug}`)}>{book.category.name}</Link>
          </p>
          {/* The interface speaks the reader's language; the book's own text is marked with its language. */}
          <h1 lang={edition.language}>{edition.title}</h1>
          <p className="microbook__subtitle" lang={edition.language}>
            {edition.subtitle}
          </p>
          <p className="microbook__author">{book.author.name}</p>
          <ul className="microbook__facts" aria-label={t`About this microbook`}>
            <li>
              <Trans>{edition.readingMinutes} min read</Trans>
            </li>
            <li>
              <Plural value={count} one="# key idea" other="# key ideas" />
            </li>
            {book.publishedYear !== null && (
              <li>
                <PublishedYear year={book.publishedYear} />
              </li>
            )}
          </ul>
          <ul className="microbook__availability" aria-label={t`Available as`}>
            <li>
              <Trans>Text</Trans>
            </li>
            {edition.audio && (
              <li>
                <Trans>Audio</Trans>
              </li>
            )}
            {book.languages.map((language) => (
              <li key={language}>
                <LanguageName language={language} />
              </li>
            ))}
          </ul>
          <div className="microbook__actions">
            {/* A signed-in reader reads in the reading view (their place and settings); a visitor reads the free book here. */}
            {content &&
              (stateRef ? (
                <Link className="button" to={localize(`/microbook/${book.slug}/read`)}>
                  <Trans>Start reading</Trans>
                </Link>
              ) : (
                <a className="button" href="#ideas-title">
                  <Trans>Start reading</Trans>
                </a>
              ))}
            {stateRef ? <ReaderStateButtons microbookId={book.id} stateRef={stateRef} /> : <VisitorStateButtons slug={book.slug} />}
            <ShareButton title={edition.title} />
          </div>
          {edition.language !== locale && (
            <p className="notice">
              <Trans>
                This microbook is not yet available in your language; it is shown in <LanguageName language={edition.language} />.
              </Trans>
            </p>
          )}
          {book.isFreeToday && (
            <p className="badge">
              <Trans>Free today</Trans>
            </p>
          )}
        </div>
      </header>

      {edition.audio && (
        <Narration microbookId={book.id} audio={edition.audio} url={content?.audioUrl ?? null} language={edition.language} />
      )}

      <section aria-labelledby="about-title">
        <h2 id="about-title">
          <Trans>What is it about?</Trans>
        </h2>
        <div lang={edition.language}>
          <RichText text={edition.about} />
        </div>
        <h3>
          <Trans>Who is it for?</Trans>
        </h3>
        <div lang={edition.language}>
          <RichText text={edition.audience} />
        </div>
        <h3>
          <Trans>About the author</Trans>
        </h3>
        <div lang={edition.language}>
          <RichText text={edition.authorBio} />
        </div>
      </section>

      <section aria-labelledby="ideas-title" className="key-ideas" ref={setTextSection}>
        <h2 id="ideas-title">
          <Trans>Key ideas</Trans>
        </h2>
        {!content && (
          <div className="notice notice--locked">
            <p>
              <Trans>This microbook is for Premium subscribers. Today's free microbook is open to everyone.</Trans>
            </p>
            <UpgradeButton />
          </div>
        )}
        {content ? (
          <>
            <div lang={edition.language} data-reader-chapter="intro">
              <RichText text={content.introduction} />
            </div>
            <ol className="key-ideas__list" lang={edition.language}>
              {content.keyIdeas.map((idea) => (
                <li key={idea.position} data-reader-chapter={idea.position}>
                  <h3>{idea.title}</h3>
                  <RichText text={idea.body} />
                </li>
              ))}
            </ol>
          </>
        ) : (
          <ol className="key-ideas__list" lang={edition.language}>
            {edition.keyIdeas.map((idea) => (
              <li key={idea.position}>
                <h3>{idea.title}</h3>
              </li>
            ))}
          </ol>
        )}
      </section>
      {/* The reader's highlights: select text to highlight it; theirs are marked and listed (signed in, text open). */}
      {content && stateRef && <LazyReaderHighlights slug={book.slug} editionId={edition.id} container={textSection} />}

      {book.similar.length > 0 && (
        <section aria-labelledby="similar-title">
          <h2 id="similar-title">
            <Trans>Similar microbooks</Trans>
          </h2>
          <div className="card-grid">
            {book.similar.map((other) => (
              <MicrobookCard key={other.id} microbook={other} />
            ))}
          </div>
        </section>
      )}
    </article>
  );
}
