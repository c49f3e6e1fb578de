import { forwardRef, type ReactNode } from "react";
import { RichText } from "../catalog/RichText";

/**
 * The reader's text, and the DOM contract other layers (highlights) rely on:
 * - the introduction's paragraphs are inside `[data-reader-chapter="intro"]`;
 * - each key idea's body is inside `[data-reader-chapter="<0-based position>"]`, as its paragraphs
 *   in order: the text exactly as stored, with only *italic* and **bold** turned into elements. Its
 *   title is the heading just before that element, outside it.
 * - `children` are mounted inside the text's container, after the chapters (a layer such as the
 *   highlights can position itself over the text from there). Selection is left alone.
 */
export const READER_CHAPTER_ATTRIBUTE = "data-reader-chapter";

export type ReaderKeyIdea = { position: number; title: string; body: string };

/** The element id of a key idea's section (its heading's is `${id}-title`). */
export const chapterId = (position: number) => `key-idea-${position}`;

export const ReaderText = forwardRef<
  HTMLDivElement,
  { introduction: string; keyIdeas: readonly ReaderKeyIdea[]; language: string; introductionTitle: string; children?: ReactNode }
>(function ReaderText({ introduction, keyIdeas, language, introductionTitle, children }, ref) {
  return (
    <div className="reader__text" ref={ref} lang={language}>
      <section className="reader__intro" aria-labelledby="reader-intro-title">
        <h2 id="reader-intro-title">{introductionTitle}</h2>
        <div {...{ [READER_CHAPTER_ATTRIBUTE]: "intro" }}>
          <RichText text={introduction} />
        </div>
      </section>
      {keyIdeas.map((idea) => (
        <section
          key={idea.position}
          id={chapterId(idea.position)}
          className="reader__chapter"
          data-reader-section={idea.position}
          aria-labelledby={`${chapterId(idea.position)}-title`}
        >
          {/* Focused (not tabbable) when the reader jumps here, so screen readers follow. */}
          <h2 id={`${chapterId(idea.position)}-title`} tabIndex={-1}>
            {idea.title}
          </h2>
          <div {...{ [READER_CHAPTER_ATTRIBUTE]: String(idea.position) }}>
            <RichText text={idea.body} />
          </div>
        </section>
      ))}
      {children}
    </div>
  );
});
