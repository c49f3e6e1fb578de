import type { FragmentType } from "@apollo/client";
import { useSuspenseFragment } from "@apollo/client/react";
import { graphql } from "../../gql";

export const BookChoice_microbook = graphql(`
  fragment BookChoice_microbook on Microbook {
    id
    author {
      id
      name
    }
    edition {
      id
      language
      title
      coverUrl
      coverSrcSet
    }
  }
`);

/**
 * One book to choose at the end of the onboarding: a checkbox whose label is the cover, title and author.
 * The box sits beside the title, under the cover, so it hides nothing drawn on the cover (its category).
 */
export function BookChoice({
  microbook: from,
  checked,
  onChange,
}: {
  microbook: FragmentType<typeof BookChoice_microbook>;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const { data: microbook } = useSuspenseFragment({ fragment: BookChoice_microbook, from });
  if (!microbook.edition) return null;
  const { language, title, coverUrl, coverSrcSet } = microbook.edition;
  return (
    <li className={`book-choice${checked ? " book-choice--checked" : ""}`}>
      <label className="book-choice__label">
        <img
          className="book-choice__cover"
          src={coverUrl}
          srcSet={coverSrcSet}
          sizes="100px"
          alt=""
          width={100}
          height={150}
          loading="lazy"
        />
        <span className="book-choice__caption">
          <input
            className="book-choice__input"
            type="checkbox"
            name="microbookIds"
            value={microbook.id}
            checked={checked}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
          <span className="book-choice__text">
            <span className="book-choice__title" lang={language}>
              {title}
            </span>
            <span className="book-choice__author">{microbook.author.name}</span>
          </span>
        </span>
      </label>
    </li>
  );
}
