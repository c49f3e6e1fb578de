/** 75 → "1:15"; 3725 → "1:02:05". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const mmss = `${h ? String(m).padStart(2, "0") : m}:${String(rest).padStart(2, "0")}`;
  return h ? `${h}:${mmss}` : mmss;
}

/** Index of the chapter playing at `time` (chapters in order of their start). */
export function chapterAt(chapters: readonly { startSeconds: number }[], time: number): number {
  let index = 0;
  chapters.forEach((chapter, i) => {
    if (chapter.startSeconds <= time) index = i;
  });
  return index;
}
