import { PothosValidationError } from "@pothos/core";

/**
 * A connection's largest page, as a `maxSize` that refuses bigger requests instead of silently
 * returning fewer rows: `first: 500` on a 50-row connection is the client's mistake, said as one
 * (BAD_USER_INPUT). Negative sizes are refused by Pothos itself.
 */
export function pageSizeAtMost(max: number) {
  return (args: { first?: number | null; last?: number | null }) => {
    const asked = args.first ?? args.last;
    if (asked != null && asked > max) throw new PothosValidationError(`Page size must be at most ${max}, got ${asked}`);
    return max;
  };
}

/**
 * Null without a database query, for input that cannot name anything (a malformed slug). Reading the
 * selection tells the Prisma plugin it was not forgotten (its unused-query check would fail the field).
 */
export function noRow(query: object): null {
  void { ...query };
  return null;
}
