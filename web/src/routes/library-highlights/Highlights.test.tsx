import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Locale } from "@brevia/routes";
import { mockApollo, renderWithApi, accountI18n } from "../../test/mock-api";
import { Component as LibraryHighlightsPage, pageLoader } from "./Highlights";

// /library/highlights with the API mocked: the reader's highlights newest first, a detached one said so,
// the search sent to the API, and a deletion leaving the list and the count at once.

const book = (slug: string, title: string) => ({
  __typename: "Microbook",
  id: `book-${slug}`,
  slug,
  author: { __typename: "Author", id: `author-${slug}`, name: "Henry David Thoreau" },
  edition: { __typename: "MicrobookEdition", id: `edition-${slug}`, title },
});
const node = (id: string, fields: Record<string, unknown>) => ({
  __typename: "Highlight",
  id,
  colour: "YELLOW",
  note: null,
  quote: "",
  keyIdeaPosition: 0,
  startOffset: 0,
  endOffset: 1,
  detached: false,
  sharePath: null,
  createdAt: "2026-11-30T10:00:00.000Z",
  edition: null,
  microbook: book("walden", "Walden"),
  ...fields,
});
const HIGHLIGHTS = [
  node("h-2", { quote: "Simplify, simplify.", note: "The whole book in two words", colour: "GREEN" }),
  node("h-1", { quote: "An old quote", detached: true, microbook: book("civil-disobedience", "Civil Disobedience") }),
];

function renderPage(locale: Locale, search = "") {
  const apollo = mockApollo({
    LibraryHighlights: (variables) => {
      const found = variables.search
        ? HIGHLIGHTS.filter((h) => (h.note as string | null)?.includes(variables.search as string))
        : HIGHLIGHTS;
      return {
        __typename: "Query",
        viewer: {
          __typename: "Viewer",
          id: "reader",
          highlights: {
            __typename: "ViewerHighlightsConnection",
            totalCount: found.length,
            pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
            edges: found.map((h) => ({ __typename: "ViewerHighlightsConnectionEdge", node: h })),
          },
        },
      };
    },
    DeleteHighlight: (variables) => ({ __typename: "Mutation", deleteHighlight: { __typename: "DeletedHighlight", id: variables.id } }),
  });
  const prefix = locale === "pt" ? "" : `/${locale}`;
  const view = renderWithApi(
    apollo,
    [{ path: `${prefix}/library/highlights`, loader: pageLoader(apollo), Component: LibraryHighlightsPage }],
    {
      path: `${prefix}/library/highlights${search}`,
      locale,
      i18n: accountI18n(locale),
    },
  );
  return { apollo, ...view };
}

describe("/library/highlights", () => {
  it("lists the reader's highlights with book, note, colour and detached state; exports all", async () => {
    renderPage("en");
    expect(await screen.findByRole("heading", { level: 1, name: "Your highlights" })).toBeTruthy();
    expect(screen.getByText("2 highlights")).toBeTruthy();
    const [first, second] = screen.getAllByRole("article");
    expect(within(first!).getByRole("link", { name: "Walden" }).getAttribute("href")).toBe("/en/microbook/walden");
    expect(within(first!).getByText("The whole book in two words")).toBeTruthy();
    expect((within(first!).getByRole("combobox", { name: "Colour" }) as HTMLSelectElement).value).toBe("GREEN");
    expect(within(second!).getByText(/no longer in it/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Markdown" }).getAttribute("href")).toBe("/account/highlights.md?lang=en");
    expect(screen.getByRole("link", { name: "CSV (Readwise)" }).getAttribute("href")).toBe("/account/highlights.csv?lang=en");
  });

  it("sends the search to the API and says how many match", async () => {
    const { apollo } = renderPage("es", "?q=whole");
    expect(await screen.findByText("1 subrayado coincide con “whole”")).toBeTruthy();
    expect(apollo.operations.find((o) => o.name === "LibraryHighlights")?.variables).toMatchObject({ search: "whole" });
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("deletes a highlight: it leaves the list and the count at once", async () => {
    renderPage("pt");
    const [first] = await screen.findAllByRole("article");
    await userEvent.click(within(first!).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));
    expect(screen.getByText("1 destaque")).toBeTruthy();
    expect(screen.queryByText("Simplify, simplify.")).toBeNull();
  });
});
