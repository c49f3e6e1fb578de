import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Locale } from "@brevia/routes";
import { testI18n, withI18n } from "../../test/render";
import { PublishedYear } from "./MicrobookPage";

const shown = (year: number, locale: Locale) => render(withI18n(<PublishedYear year={year} />, testI18n(locale))).container.textContent;

describe("the year a book was first published", () => {
  it("is worded in the reader's language, before the common era too", () => {
    expect(shown(1854, "en")).toBe("Original published 1854");
    expect(shown(-180, "en")).toBe("Original published 180 BCE");
    expect(shown(1854, "pt")).toBe("Original publicado em 1854");
    expect(shown(-180, "pt")).toBe("Original publicado em 180 a.C.");
    expect(shown(-180, "es")).toBe("Original publicado en el 180 a. C.");
  });
});
