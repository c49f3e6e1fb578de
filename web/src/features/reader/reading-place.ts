import type { Place } from "./position-sync";

/**
 * Where the reader is in the text: the key idea under the reading line (30 % down the window) and how
 * far through it that line is. The end of the last key idea counts only once the reader has scrolled
 * to it (a book short enough to fit the window is not "finished" on opening).
 */
const READING_LINE = 0.3;
const clamp = (value: number) => Math.min(1, Math.max(0, value));

function sections(text: HTMLElement): HTMLElement[] {
  return Array.from(text.querySelectorAll<HTMLElement>("[data-reader-section]"));
}

export function measurePlace(text: HTMLElement, scrolled: boolean): Place {
  const all = sections(text);
  const line = window.innerHeight * READING_LINE;
  let keyIdea = 0;
  let keyIdeaOffset = 0;
  for (const section of all) {
    const rect = section.getBoundingClientRect();
    if (rect.top > line) break;
    keyIdea = Number(section.dataset.readerSection);
    keyIdeaOffset = rect.height > 0 ? clamp((line - rect.top) / rect.height) : 0;
  }
  const last = all.at(-1);
  if (scrolled && last) {
    const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    const lastEndVisible = last.getBoundingClientRect().bottom <= window.innerHeight + 1;
    if (lastEndVisible && (atBottom || keyIdea === Number(last.dataset.readerSection))) {
      return { keyIdea: Number(last.dataset.readerSection), keyIdeaOffset: 1 };
    }
  }
  return { keyIdea, keyIdeaOffset: Math.round(keyIdeaOffset * 10_000) / 10_000 };
}

/** Scrolls so that the reading line is at `place` (the start of a key idea for offset 0). */
export function scrollToPlace(text: HTMLElement, place: Place) {
  const section = sections(text).find((s) => Number(s.dataset.readerSection) === place.keyIdea);
  if (!section) return;
  const rect = section.getBoundingClientRect();
  const top = window.scrollY + rect.top + rect.height * place.keyIdeaOffset - window.innerHeight * READING_LINE;
  // At the start of a key idea, its heading sits just below the top, not under the reading line.
  const target = place.keyIdeaOffset === 0 ? window.scrollY + rect.top - 16 : top;
  window.scrollTo({ top: Math.max(0, target), behavior: "instant" });
}
