import { afterEach, expect, it, vi } from "vitest";

afterEach(() => vi.unstubAllGlobals());

it("creates a number, plural and date formatter in the language it is sent, then ends; ends too on a language Intl rejects", async () => {
  const listeners: ((event: { data: unknown }) => void)[] = [];
  const close = vi.fn();
  vi.stubGlobal("addEventListener", (type: string, listener: (event: { data: unknown }) => void) => {
    if (type === "message") listeners.push(listener);
  });
  vi.stubGlobal("close", close);
  // The real formatters, recording which were made (vi.spyOn on a built-in constructor loses its prototype).
  const made: string[] = [];
  vi.stubGlobal("Intl", {
    NumberFormat: class extends Intl.NumberFormat {
      constructor(locale?: string) {
        super(locale);
        made.push(`number ${locale}`);
      }
    },
    PluralRules: class extends Intl.PluralRules {
      constructor(locale?: string) {
        super(locale);
        made.push(`plural ${locale}`);
      }
    },
    DateTimeFormat: class extends Intl.DateTimeFormat {
      constructor(locale?: string, options?: Intl.DateTimeFormatOptions) {
        super(locale, options);
        made.push(`date ${locale}`);
      }
    },
  });
  await import("./intl-warmup.worker");
  expect(listeners).toHaveLength(1);

  listeners[0]!({ data: "es" });
  expect(made).toEqual(["number es", "plural es", "date es"]);
  expect(close).toHaveBeenCalledTimes(1);
  // English also as the week labels write it (British).
  made.length = 0;
  listeners[0]!({ data: "en" });
  expect(made).toEqual(["number en", "plural en", "date en", "number en-GB", "plural en-GB", "date en-GB"]);
  expect(close).toHaveBeenCalledTimes(2);

  made.length = 0;
  listeners[0]!({ data: "not a language!" });
  expect(made).toEqual([]);
  expect(close).toHaveBeenCalledTimes(3);
});
