import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { READER_CHAPTER_ATTRIBUTE, ReaderText } from "./ReaderText";

// The contract the highlights layer (and any layer over the text) relies on.
describe("ReaderText", () => {
  const keyIdeas = [
    { position: 0, title: "First", body: "One *quiet* paragraph.\n\nA **second** one." },
    { position: 1, title: "Second", body: "Only one here." },
  ];

  it("puts each key idea's paragraphs, in order, in [data-reader-chapter=position], its title outside; the introduction in 'intro'", () => {
    const { container } = render(
      <ReaderText introduction={"Intro text.\n\nMore intro."} keyIdeas={keyIdeas} language="en" introductionTitle="Introduction" />,
    );
    const chapter = (name: string) => container.querySelector(`[${READER_CHAPTER_ATTRIBUTE}="${name}"]`)!;
    expect([...chapter("intro").children].map((p) => [p.tagName, p.textContent])).toEqual([
      ["P", "Intro text."],
      ["P", "More intro."],
    ]);
    expect([...chapter("0").children].map((p) => p.textContent)).toEqual(["One quiet paragraph.", "A second one."]);
    expect(chapter("0").querySelector("em")!.textContent).toBe("quiet");
    expect(chapter("0").querySelector("strong")!.textContent).toBe("second");
    expect(chapter("0").textContent).not.toContain("First");
    expect(chapter("0").previousElementSibling!.textContent).toBe("First");
    expect([...chapter("1").children].map((p) => p.textContent)).toEqual(["Only one here."]);
    expect(container.querySelectorAll(`[${READER_CHAPTER_ATTRIBUTE}]`)).toHaveLength(3);
  });

  it("mounts children inside the text's container, after the chapters", () => {
    const { container } = render(
      <ReaderText introduction="Intro." keyIdeas={keyIdeas} language="en" introductionTitle="Introduction">
        <aside data-testid="layer">layer</aside>
      </ReaderText>,
    );
    const text = container.querySelector(".reader__text")!;
    expect(text.lastElementChild!.getAttribute("data-testid")).toBe("layer");
    expect(text.getAttribute("lang")).toBe("en");
  });
});
