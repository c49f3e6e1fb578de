/** A problem in one catalogue file, located for the writer who has to fix it. */
export type CatalogIssue = { file: string; line: number; problem: string };

export class CatalogValidationError extends Error {
  /** `warnings`: problems that would not block the catalogue on their own (printed before the issues). */
  constructor(
    readonly issues: CatalogIssue[],
    readonly warnings: CatalogIssue[] = [],
  ) {
    super(`${issues.length} problem(s) in the catalogue:\n${issues.map(formatIssue).join("\n")}`);
    this.name = "CatalogValidationError";
  }
}

export function formatIssue(issue: CatalogIssue): string {
  return `${issue.file}:${issue.line}: ${issue.problem}`;
}
