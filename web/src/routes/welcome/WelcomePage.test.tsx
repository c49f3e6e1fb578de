import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { welcomeAnswersLoader } from "./loader";
import { Component as PreparingPage } from "./PreparingPage";
import { Component as WelcomePage } from "./WelcomePage";

function setUp(onboarding: object | null = null, path = "/en/welcome") {
  const apollo = mockApollo({
    WelcomeAnswers: () => ({ viewer: { __typename: "Viewer", id: "reader", onboarding } }),
    SaveOnboardingGoals: () => ({ saveOnboardingGoals: { __typename: "Onboarding" } }),
    SaveOnboardingAboutYou: () => ({ saveOnboardingAboutYou: { __typename: "Onboarding" } }),
  });
  const view = renderWithApi(
    apollo,
    [
      { path: "/en/welcome", loader: welcomeAnswersLoader(apollo), Component: WelcomePage },
      { path: "/en/welcome/preparing", loader: welcomeAnswersLoader(apollo), Component: PreparingPage },
      { path: "/en/welcome/recommended", element: <h1>Recommended</h1> },
    ],
    { path },
  );
  return { apollo, ...view };
}

describe("/welcome", () => {
  it("asks the goals, then about the reader, saving each, and moves the focus to each step's heading", async () => {
    const user = userEvent.setup();
    const { apollo, router } = setUp();
    expect(await screen.findByRole("heading", { name: "What do you want from reading?" })).toBeTruthy();
    expect(screen.getByText("Step 1 of 4")).toBeTruthy();
    await user.click(screen.getByLabelText("Understand money and the economy"));
    await user.click(screen.getByLabelText("Lead people and think strategically"));
    await user.click(screen.getByRole("button", { name: "Continue" }));

    const about = await screen.findByRole("heading", { name: "A little more about you" });
    await waitFor(() => expect(document.activeElement).toBe(about));
    expect(screen.getByText("Step 2 of 4")).toBeTruthy();
    expect(router.state.location.search).toBe("?step=2");
    await user.click(screen.getByLabelText("15 minutes"));
    await user.click(screen.getByLabelText("Listening"));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/welcome/preparing"));

    expect(apollo.operations.filter((op) => op.name.startsWith("Save"))).toEqual([
      { name: "SaveOnboardingGoals", variables: { goals: ["LEADERSHIP", "MONEY"] } },
      { name: "SaveOnboardingAboutYou", variables: { dailyMinutes: 15, format: "LISTEN" } },
    ]);
  });

  it("keeps the step in the address: a reload of step 2 shows step 2 with the saved answers, keeping where the reader was going", async () => {
    const user = userEvent.setup();
    const next = encodeURIComponent("/microbook/walden");
    const { router } = setUp(
      { __typename: "Onboarding", goals: ["MONEY"], dailyMinutes: 10, format: null },
      `/en/welcome?next=${next}&step=2`,
    );
    expect(await screen.findByRole("heading", { name: "A little more about you" })).toBeTruthy();
    expect(screen.getByText("Step 2 of 4")).toBeTruthy();
    expect((screen.getByLabelText("10 minutes") as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Skip this step" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/welcome/preparing"));
    expect(router.state.location.search).toBe(`?next=${next}`);
  });

  it("goes back to the goals from step 2 with the browser's Back", async () => {
    const user = userEvent.setup();
    const { router } = setUp();
    await user.click(await screen.findByRole("button", { name: "Skip this step" }));
    await screen.findByRole("heading", { name: "A little more about you" });
    await router.navigate(-1);
    expect(await screen.findByRole("heading", { name: "What do you want from reading?" })).toBeTruthy();
  });

  it("can skip each step without saving anything", async () => {
    const user = userEvent.setup();
    const { apollo, router } = setUp();
    await user.click(await screen.findByRole("button", { name: "Skip this step" }));
    await screen.findByRole("heading", { name: "A little more about you" });
    await user.click(screen.getByRole("button", { name: "Skip this step" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/welcome/preparing"));
    expect(apollo.operations.filter((op) => op.name.startsWith("Save"))).toEqual([]);
  });

  it("preparing: says what was understood and leads on to the recommendations", async () => {
    const user = userEvent.setup();
    const { router } = setUp({ __typename: "Onboarding", goals: ["MONEY"], dailyMinutes: 10, format: "BOTH" });
    await router.navigate("/en/welcome/preparing");
    expect(await screen.findByRole("heading", { name: "Preparing your recommendations" })).toBeTruthy();
    expect(screen.getByText("Understand money and the economy").closest("ul")?.className).toBe("welcome-summary");
    expect(screen.getByText("With 10 minutes a day, you can finish a microbook in a day or two.")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "See my recommendations" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/welcome/recommended"));
  });
});
