import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ApolloProvider } from "@apollo/client/react";
import { I18nProvider } from "@lingui/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@brevia/routes";
import { ToastProvider } from "../../app/shell/toasts";
import { mockApollo } from "../../test/mock-api";
import { testI18n } from "../../test/render";
import { chapterText, rangeFor, selectionIn } from "./chapter-text";
import { ReaderHighlights } from "./ReaderHighlights";

// The reader's side of highlights on a fake reader DOM that honours the contract: each key idea's
// paragraphs inside [data-reader-chapter="<position>"], the introduction in [data-reader-chapter="intro"].
const CHAPTER_0 = ["Thoreau went to the woods.", "He wished to live deliberately, and to front only the essential facts."];
const TEXT_0 = CHAPTER_0.join("\n\n");

function readerDom() {
  const container = document.createElement("div");
  container.innerHTML = `
    <div data-reader-chapter="intro"><p>An introduction.</p></div>
    <section data-reader-chapter="0"><h3>Simplify</h3><p>Thoreau went to the <em>woods</em>.</p><p>He wished to live <strong>deliberately</strong>, and to front only the essential facts.</p></section>
    <section data-reader-chapter="1"><h3>Solitude</h3><p>I never found the companion that was so companionable as solitude.</p></section>`;
  document.body.append(container);
  return container;
}

const book = {
  __typename: "Microbook",
  id: "book-1",
  slug: "walden",
  author: { __typename: "Author", id: "author-1", name: "Henry David Thoreau" },
  edition: { __typename: "MicrobookEdition", id: "edition-1", title: "Walden" },
};
const highlight = (id: string, fields: Record<string, unknown>) => ({
  __typename: "Highlight",
  id,
  colour: "YELLOW",
  note: null,
  detached: false,
  sharePath: null,
  createdAt: "2026-11-30T10:00:00.000Z",
  edition: { __typename: "MicrobookEdition", id: "edition-1", title: "Walden" },
  microbook: book,
  ...fields,
});
const SOLITUDE = highlight("h-1", {
  keyIdeaPosition: 1,
  startOffset: 44,
  endOffset: 53,
  quote: "solitude.",
  colour: "BLUE",
  note: "Alone, not lonely",
});

function renderReader(locale: Locale = "en", { canHighlight = true } = {}) {
  const container = readerDom();
  const apollo = mockApollo({
    BookHighlights: () => ({
      __typename: "Query",
      microbook: { ...book, viewerAccess: { __typename: "MicrobookViewerAccess", canHighlight }, viewerHighlights: [SOLITUDE] },
    }),
    CreateHighlight: (variables) =>
      ({
        __typename: "Mutation",
        createHighlight: highlight("h-2", {
          keyIdeaPosition: variables.keyIdeaPosition,
          startOffset: variables.startOffset,
          endOffset: (variables.startOffset as number) + (variables.quote as string).length,
          quote: variables.quote,
          colour: variables.colour,
          note: variables.note ?? null,
        }),
      }) as Record<string, unknown>,
  });
  const view = render(
    <ApolloProvider client={apollo.client}>
      <I18nProvider i18n={testI18n(locale)}>
        <ToastProvider>
          <MemoryRouter>
            <ReaderHighlights slug="walden" editionId="edition-1" container={container} />
          </MemoryRouter>
        </ToastProvider>
      </I18nProvider>
    </ApolloProvider>,
  );
  return { ...view, apollo, container };
}

/** Selects `quote` in a chapter as a reader's mouse would, and lets the component see it. */
function select(container: Element, chapter: string, quote: string) {
  const element = container.querySelector(`[data-reader-chapter="${chapter}"]`)!;
  const text = chapterText(element);
  const at = text.indexOf(quote);
  const range = rangeFor(container, {
    keyIdeaPosition: chapter === "intro" ? null : Number(chapter),
    startOffset: at,
    endOffset: at + quote.length,
    quote,
  })!;
  const selection = document.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  act(() => void document.dispatchEvent(new Event("selectionchange")));
}

afterEach(() => {
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("the reader's DOM as the API counts it", () => {
  it("reads a chapter's text as its paragraphs joined by a blank line, emphasis as plain text", () => {
    const container = readerDom();
    expect(chapterText(container.querySelector('[data-reader-chapter="0"]')!)).toBe(TEXT_0);
  });

  it("turns a selection across an emphasis into the chapter, offsets and quote, and back into a range", () => {
    const container = readerDom();
    const quote = "live deliberately, and";
    const range = rangeFor(container, {
      keyIdeaPosition: 0,
      startOffset: TEXT_0.indexOf(quote),
      endOffset: TEXT_0.indexOf(quote) + quote.length,
      quote,
    })!;
    expect(range.toString()).toBe(quote);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    expect(selectionIn(container, document.getSelection())).toEqual({
      keyIdeaPosition: 0,
      startOffset: TEXT_0.indexOf(quote),
      endOffset: TEXT_0.indexOf(quote) + quote.length,
      quote,
    });
  });

  it("finds a highlight whose offsets are stale by its quote, nearest to them", () => {
    const container = readerDom();
    const range = rangeFor(container, { keyIdeaPosition: 0, startOffset: 3, endOffset: 9, quote: "woods." });
    expect(range?.toString()).toBe("woods.");
    expect(rangeFor(container, { keyIdeaPosition: 0, startOffset: 3, endOffset: 9, quote: "not in the text" })).toBeNull();
    expect(rangeFor(container, { keyIdeaPosition: 7, startOffset: 0, endOffset: 4, quote: "gone" })).toBeNull();
  });

  it("ignores a selection that spans two chapters", () => {
    const container = readerDom();
    const range = document.createRange();
    range.setStart(container.querySelector('[data-reader-chapter="0"] p')!.firstChild!, 0);
    range.setEnd(container.querySelector('[data-reader-chapter="1"] p')!.firstChild!, 5);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    expect(selectionIn(container, document.getSelection())).toBeNull();
  });
});

describe("ReaderHighlights", () => {
  it("lists the book's highlights, and says the browser cannot mark them when it lacks the Custom Highlight API", async () => {
    renderReader("en");
    const list = await screen.findByRole("region", { name: "Your highlights in this book" });
    expect(within(list).getByText("solitude.")).toBeTruthy();
    expect(within(list).getByText("Alone, not lonely")).toBeTruthy();
    expect(within(list).getByRole("link", { name: "Markdown" }).getAttribute("href")).toBe("/account/highlights.md?lang=en&book=walden");
    expect(within(list).getByRole("link", { name: "CSV (Readwise)" }).getAttribute("href")).toBe(
      "/account/highlights.csv?lang=en&book=walden",
    );
    if (!("highlights" in CSS)) expect(within(list).getByText(/cannot mark highlights in the text/)).toBeTruthy();
  });

  it("paints highlights with CSS.highlights, one entry per colour, over the quote's text and no new element", async () => {
    const registry = new Map<string, { ranges: Range[] }>();
    vi.stubGlobal(
      "Highlight",
      class {
        ranges: Range[];
        constructor(...ranges: Range[]) {
          this.ranges = ranges;
        }
      },
    );
    vi.stubGlobal("CSS", { highlights: registry });
    const { container } = renderReader("en");
    const html = container.innerHTML;
    await waitFor(() => expect(registry.get("brevia-blue")?.ranges.map(String)).toEqual(["solitude."]));
    expect(registry.has("brevia-yellow")).toBe(false);
    expect(container.innerHTML).toBe(html);
  });

  it("offers a toolbar on a selection and saves a highlight in the chosen colour, shown at once", async () => {
    const { apollo, container } = renderReader("en");
    await screen.findByRole("region", { name: "Your highlights in this book" });
    select(container, "0", "to front only the essential facts");
    const toolbar = await screen.findByRole("toolbar", { name: "Highlight the selected text (Alt+H)" });
    await userEvent.click(within(toolbar).getByRole("button", { name: "Highlight in Green" }));
    const create = apollo.operations.find((o) => o.name === "CreateHighlight");
    expect(create?.variables).toEqual({
      editionId: "edition-1",
      keyIdeaPosition: 0,
      startOffset: TEXT_0.indexOf("to front only"),
      quote: "to front only the essential facts",
      colour: "GREEN",
      note: null,
    });
    const list = screen.getByRole("region", { name: "Your highlights in this book" });
    await within(list).findByText("to front only the essential facts");
    expect(screen.queryByRole("toolbar")).toBeNull();
  });

  it("is usable with the keyboard: Alt+H to the toolbar, arrows between its buttons, a note, Escape to close", async () => {
    const { apollo, container } = renderReader("pt");
    await screen.findByRole("region", { name: "Seus destaques neste livro" });
    select(container, "intro", "introduction");
    const toolbar = await screen.findByRole("toolbar");
    fireEvent.keyDown(document, { key: "h", altKey: true });
    const buttons = within(toolbar).getAllByRole("button");
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(buttons[0]!, { key: "ArrowRight" });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: "End" });
    await userEvent.click(within(toolbar).getByRole("button", { name: "Adicionar nota" }));
    await userEvent.type(within(toolbar).getByLabelText("Nota"), "Para reler");
    await userEvent.click(within(toolbar).getByRole("button", { name: "Salvar com a nota, em Rosa" }));
    expect(apollo.operations.find((o) => o.name === "CreateHighlight")?.variables).toMatchObject({
      keyIdeaPosition: null,
      quote: "introduction",
      colour: "PINK",
      note: "Para reler",
    });

    select(container, "1", "companion");
    const again = await screen.findByRole("toolbar");
    fireEvent.keyDown(within(again).getAllByRole("button")[0]!, { key: "Escape" });
    expect(screen.queryByRole("toolbar")).toBeNull();
  });

  it("offers no toolbar when the access policy refuses highlighting this book", async () => {
    const { container } = renderReader("en", { canHighlight: false });
    await screen.findByRole("region", { name: "Your highlights in this book" });
    select(container, "0", "woods");
    expect(screen.queryByRole("toolbar")).toBeNull();
  });
});
