import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Locale } from "@brevia/routes";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { mainI18n } from "../../test/render";
import { microbookLoader } from "./loader";
import { Component as MicrobookPage } from "./MicrobookPage";

// A signed-in reader's favourite and read buttons on the microbook page, with the API mocked: what
// they show is what the API's access policy says (viewerAccess), and a refusal is said by its code.

/** The page's public answer (the same for every visitor): `open` when this reader gets the text. */
const page = (open: boolean) => ({
  __typename: "Query",
  microbook: {
    __typename: "Microbook",
    id: "book-1",
    slug: "walden",
    publishedYear: 1854,
    languages: ["en"],
    isFreeToday: open,
    author: { __typename: "Author", id: "author-1", name: "Henry David Thoreau" },
    category: { __typename: "Category", id: "category-1", slug: "ideas", name: "Ideas", color: "#336699" },
    edition: {
      __typename: "MicrobookEdition",
      id: "edition-1",
      language: "en",
      title: "Walden",
      subtitle: "Life in the woods",
      authorBio: "A writer.",
      about: "A cabin.",
      audience: "Everyone.",
      readingMinutes: 12,
      coverUrl: "/covers/walden.webp",
      coverSrcSet: "/covers/walden.webp 450w",
      access: open ? "FREE_TODAY" : "LOCKED",
      keyIdeaCount: 1,
      audio: null,
      keyIdeas: [{ __typename: "KeyIdea", position: 1, title: "Simplify" }],
      content: open
        ? {
            __typename: "EditionContent",
            introduction: "Why the woods.",
            audioUrl: null,
            keyIdeas: [{ __typename: "KeyIdeaText", position: 1, title: "Simplify", body: "Live simply." }],
          }
        : null,
    },
    similar: [],
  },
});

/** What the API's policy says this reader may do, with their state (not started unless said). */
type Access = { canMarkRead: boolean; status?: "NONE" | "READING" };
const viewerState = ({ status = "NONE", ...access }: Access) => ({
  __typename: "Query",
  microbook: {
    __typename: "Microbook",
    id: "book-1",
    viewerState: { __typename: "MicrobookViewerState", isFavourite: false, status, progress: status === "NONE" ? 0 : 0.4 },
    viewerAccess: { __typename: "MicrobookViewerAccess", canDownload: false, ...access },
  },
  kindleSenderEmail: "no-reply@brevia.invalid",
});

const LOCKED: Record<Locale, { message: string; markRead: string }> = {
  en: { message: "This microbook is for Premium subscribers.", markRead: "Mark as read" },
  pt: { message: "Este microbook é para assinantes Premium.", markRead: "Marcar como lido" },
  es: { message: "Este microlibro es para suscriptores Premium.", markRead: "Marcar como leído" },
};

/** The page of a book, for a signed-in reader; the state query answers each of `accesses` in turn (the last one after). */
function renderPage(locale: Locale, { open, accesses, search = "" }: { open: boolean; accesses: Access[]; search?: string }) {
  const apollo = mockApollo({
    MicrobookPage: () => page(open),
    SessionViewer: () => ({
      __typename: "Query",
      viewer: { __typename: "Viewer", id: "reader", email: "ana@example.com", name: "Ana", hasPassword: true },
    }),
    MicrobookViewerState: () => viewerState(accesses.length > 1 ? accesses.shift()! : accesses[0]!),
    // The day's free book changed since the page loaded: the API refuses the change as locked.
    MarkRead: () => ({
      __typename: "Mutation",
      markRead: { __typename: "MicrobookLockedError", code: "MICROBOOK_LOCKED", message: "This microbook is locked" },
    }),
  });
  const prefix = locale === "pt" ? "" : `/${locale}`;
  const path = `${prefix}/microbook/:slug`;
  // The page starts with the main catalogue only; its loader loads what a signed-in reader's buttons say.
  const i18n = mainI18n(locale);
  const view = renderWithApi(apollo, [{ path, loader: microbookLoader(apollo, i18n), Component: MicrobookPage }], {
    path: `${prefix}/microbook/walden${search}`,
    locale,
    i18n,
  });
  return { apollo, ...view };
}

const toasts = () => document.querySelector(".toast-region") as HTMLElement;

describe("the microbook page's read button, refused as locked by the API", () => {
  it.each(["pt", "en", "es"] as const)(
    "%s: the day's free book changed since the page loaded: markRead answers MicrobookLockedError; the reader is told it is for Premium, and the button follows the API again",
    async (locale) => {
      const user = userEvent.setup();
      const { message, markRead } = LOCKED[locale];
      // Loaded while free (the policy allowed marking it read); asked again after the refusal: locked now.
      const { apollo } = renderPage(locale, { open: true, accesses: [{ canMarkRead: true }, { canMarkRead: false }] });
      await user.click(await screen.findByRole("button", { name: markRead }));
      await waitFor(() => expect(within(toasts()).getByText(message)).toBeTruthy());
      expect(apollo.operations.filter((op) => op.name === "MarkRead")).toEqual([
        { name: "MarkRead", variables: { microbookId: "book-1", read: true } },
      ]);
      await waitFor(() => expect(screen.queryByRole("button", { name: markRead })).toBeNull());
    },
  );

  it.each(["pt", "en", "es"] as const)(
    "%s: back from signing up with ?intent=read on a locked book never started: the reader is told it is for Premium, no button to mark it read",
    async (locale) => {
      const { message, markRead } = LOCKED[locale];
      const { router } = renderPage(locale, { open: false, accesses: [{ canMarkRead: false }], search: "?intent=read" });
      await waitFor(() => expect(within(toasts()).getByText(message)).toBeTruthy());
      // The intent is done with: dropped from the address.
      await waitFor(() => expect(router.state.location.search).toBe(""));
      expect(screen.queryByRole("button", { name: markRead })).toBeNull();
    },
  );

  it("shows the read button when the policy allows it although the text is locked (a book the reader started while it was free)", async () => {
    renderPage("en", { open: false, accesses: [{ canMarkRead: true, status: "READING" }] });
    expect(await screen.findByRole("button", { name: "Mark as read" })).toBeTruthy();
    expect(screen.getByText("This microbook is for Premium subscribers. Today's free microbook is open to everyone.")).toBeTruthy();
  });
});
