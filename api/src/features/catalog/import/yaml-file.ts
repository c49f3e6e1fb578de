import { isMap, isScalar, LineCounter, parseDocument, type Document } from "yaml";
import type { CatalogIssue } from "./errors.js";

/** A parsed YAML text that can say on which line a value sits. */
export class YamlFile {
  private constructor(
    readonly file: string,
    private readonly doc: Document.Parsed,
    private readonly lines: LineCounter,
    private readonly lineOffset: number,
  ) {}

  /** Parses `text`; `lineOffset` is how many lines precede it in the file (front matter). */
  static parse(file: string, text: string, issues: CatalogIssue[], lineOffset = 0): YamlFile | null {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
    if (doc.errors.length) {
      for (const error of doc.errors) {
        const pos = error.linePos?.[0]?.line ?? lines.linePos(error.pos[0]).line;
        issues.push({
          file,
          line: pos + lineOffset,
          problem: `invalid YAML: ${error.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "")}`,
        });
      }
      return null;
    }
    return new YamlFile(file, doc, lines, lineOffset);
  }

  value(): unknown {
    return this.doc.toJS();
  }

  /** The line of the value at `path` (keys and indexes), or of its nearest existing parent. */
  lineOf(path: (string | number)[]): number {
    let node: unknown = this.doc.contents;
    let found = node;
    for (const key of path) {
      if (!node || typeof node !== "object" || !("get" in node)) break;
      const next = (node as { get(k: unknown, keepScalar: boolean): unknown }).get(key, true);
      if (next === undefined) {
        if (isMap(node)) {
          const pair = node.items.find((p) => isScalar(p.key) && p.key.value === key);
          if (pair?.key && isScalar(pair.key)) found = pair.key;
        }
        break;
      }
      node = next;
      found = next;
    }
    const range = (found as { range?: [number, number, number] } | null)?.range;
    return (range ? this.lines.linePos(range[0]).line : 1) + this.lineOffset;
  }
}
