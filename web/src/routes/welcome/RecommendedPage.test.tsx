import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { welcomeRecommendedLoader } from "./loader";
import { Component as RecommendedPage } from "./RecommendedPage";

const book = (n: number) => ({
  __typename: "Microbook",
  id: `book-${n}`,
  author: { __typename: "Author", id: `author-${n}`, name: `Author ${n}` },
  edition: {
    __typename: "MicrobookEdition",
    id: `edition-${n}`,
    language: "en",
    title: `Book ${n}`,
    coverUrl: `/covers/${n}.webp`,
    coverSrcSet: `/covers/${n}.webp 450w`,
  },
});

function setUp(locale: "en" | "pt" | "es" = "en") {
  const apollo = mockApollo({
    WelcomeRecommended: () => ({
      viewer: {
        __typename: "Viewer",
        id: "reader",
        onboardingBooks: [],
        recommendations: { __typename: "RecommendationConnection", nodes: [1, 2, 3, 4].map(book) },
      },
    }),
    ChooseOnboardingBooks: (variables) =>
      (variables.microbookIds as string[]).length < 3
        ? {
            chooseOnboardingBooks: {
              __typename: "InvalidInputError",
              issues: [{ __typename: "InputIssue", path: ["microbookIds"], code: "TOO_FEW_BOOKS" }],
            },
          }
        : { chooseOnboardingBooks: { __typename: "Onboarding" } },
  });
  const prefix = locale === "pt" ? "" : `/${locale}`;
  const view = renderWithApi(
    apollo,
    [
      { path: `${prefix}/welcome/recommended`, loader: welcomeRecommendedLoader(apollo), Component: RecommendedPage },
      { path: prefix || "/", element: <h1>Home</h1> },
    ],
    { path: `${prefix}/welcome/recommended`, locale },
  );
  return { apollo, ...view };
}

describe("/welcome/recommended", () => {
  it("refuses 2 books with the spec's message, then takes 3 (keyboard only) and goes home", async () => {
    const user = userEvent.setup();
    const { apollo, router } = setUp();
    await screen.findByRole("heading", { name: "Choose your first books" });
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes.map((box) => box.closest("li")?.textContent)).toEqual([
      "Book 1Author 1",
      "Book 2Author 2",
      "Book 3Author 3",
      "Book 4Author 4",
    ]);

    // Space ticks the focused box; Tab moves on.
    boxes[0]!.focus();
    await user.keyboard(" ");
    await user.tab();
    await user.keyboard(" ");
    expect(screen.getByText("2 chosen")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Finish" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Please choose at least 3 books."));
    expect(document.activeElement).toBe(screen.getByRole("alert"));
    expect(router.state.location.pathname).toBe("/en/welcome/recommended");

    await user.click(screen.getByRole("checkbox", { name: /Book 3/ }));
    await user.click(screen.getByRole("button", { name: "Finish" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en"));
    const chosen = apollo.operations.filter((op) => op.name === "ChooseOnboardingBooks").map((op) => op.variables.microbookIds);
    expect(chosen).toEqual([
      ["book-1", "book-2"],
      ["book-1", "book-2", "book-3"],
    ]);
    expect(await screen.findByText("Welcome to Brevia! Your recommendations are ready.")).toBeTruthy();
  });

  it("says the rule in Portuguese and Spanish", async () => {
    for (const [locale, message] of [
      ["pt", "Por favor, escolha pelo menos 3 livros."],
      ["es", "Por favor, elige al menos 3 libros."],
    ] as const) {
      const user = userEvent.setup();
      const view = setUp(locale);
      await screen.findAllByRole("checkbox");
      await user.click(screen.getByRole("button", { name: locale === "pt" ? "Concluir" : "Terminar" }));
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(message));
      view.unmount();
    }
  });
});
