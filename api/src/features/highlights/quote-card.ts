/** The most of a quote a public card shows. */
export const QUOTE_CARD_LENGTH = 300;

/** A quote as its public card shows it: whole when short, else cut at a word before the limit with "…". */
export function quoteCardText(quote: string): { text: string; truncated: boolean } {
  const whole = quote.trim();
  if (whole.length <= QUOTE_CARD_LENGTH) return { text: whole, truncated: false };
  const cut = whole.slice(0, QUOTE_CARD_LENGTH - 1);
  const atWord = cut.lastIndexOf(" ");
  return { text: `${(atWord > QUOTE_CARD_LENGTH / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`, truncated: true };
}
