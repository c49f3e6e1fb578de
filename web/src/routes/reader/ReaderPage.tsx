import { useApolloClient, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { UpgradeButton } from "../../features/discovery/UpgradeModal";
import { LazyReaderHighlights } from "../../features/highlights/LazyReaderHighlights";
import { LazyReadAlong } from "../../features/read-along/LazyReadAlong";
import { ReaderSettingsPanel } from "../../features/reader/ReaderSettingsPanel";
import { ReaderText } from "../../features/reader/ReaderText";
import { ReadingView } from "../../features/reader/ReadingView";
import type { readerLoader } from "./loader";

export { readerLoader } from "./loader";

/**
 * /microbook/:slug/read (signed in): the key ideas as chapters, with the reader's settings applied in
 * the server's HTML (theme, size, line length: no flash) and their place restored. A book the access
 * policy keeps from this reader shows the way to Premium, never its text.
 */
export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const client = useApolloClient();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof readerLoader>>>;
  const { data } = useReadQuery(queryRef);
  // The text's element, once mounted: the highlights layer selects and paints inside it.
  const [textElement, setTextElement] = useState<HTMLDivElement | null>(null);
  const book = data.microbook;
  const edition = book?.edition;
  const viewer = data.viewer;
  if (!book || !edition || !viewer) return null;
  const settings = viewer.readerSettings;
  const bookPath = localize(`/microbook/${book.slug}`);
  const content = book.viewerAccess.canRead ? edition.content : null;

  return (
    <div
      className="reader"
      data-theme={settings.theme?.toLowerCase() ?? "system"}
      data-font={settings.fontStep}
      data-width={settings.lineWidth.toLowerCase()}
    >
      <PageHead title={t`${edition.title} · Reading · Brevia`} description={edition.subtitle} />
      <header className="reader__header">
        <p>
          <Link to={bookPath}>
            <Trans>Back to the microbook</Trans>
          </Link>
        </p>
        <h1 lang={edition.language}>{edition.title}</h1>
        <p className="reader__author">{book.author.name}</p>
        {content && <ReaderSettingsPanel viewerId={viewer.id} settings={settings} />}
      </header>
      {content ? (
        <ReadingView
          client={client}
          microbookId={book.id}
          language={edition.language}
          keyIdeas={content.keyIdeas}
          saved={book.viewerPosition ?? null}
          alreadyRead={book.viewerState?.status === "READ"}
        >
          {(textRef) => (
            <ReaderText
              ref={(element) => {
                textRef.current = element;
                setTextElement(element);
              }}
              introduction={content.introduction}
              keyIdeas={content.keyIdeas}
              language={edition.language}
              introductionTitle={t`Introduction`}
            >
              {book.viewerAccess.canHighlight && <LazyReaderHighlights slug={book.slug} editionId={edition.id} container={textElement} />}
              {book.viewerAccess.canListen && content.timingsUrl && edition.audio && (
                <LazyReadAlong
                  container={textElement}
                  microbookId={book.id}
                  language={edition.language}
                  timingsUrl={content.timingsUrl}
                  chapters={edition.audio.chapters}
                  durationSeconds={edition.audio.durationSeconds}
                />
              )}
            </ReaderText>
          )}
        </ReadingView>
      ) : (
        <section className="reader__locked notice notice--locked" aria-labelledby="reader-locked-title">
          <h2 id="reader-locked-title">
            <Trans>This microbook is for Premium subscribers</Trans>
          </h2>
          <p>
            <Trans>Premium opens every microbook, to read and to listen to. Today's free microbook is open to everyone.</Trans>
          </p>
          <UpgradeButton />
          <ol className="reader__locked-ideas" lang={edition.language} aria-label={t`Key ideas`}>
            {edition.keyIdeas.map((idea) => (
              <li key={idea.position}>{idea.title}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
