import { Prisma } from "../generated/prisma/client.js";

/** Each statement shape seen (a handful: the SQL is written in the source), made one line once, not per request. */
const shapes = new Map<string, string[]>();

/**
 * A statement written across lines in the source, as one line: logs and the SQL snapshots show it so.
 * Whitespace runs become one space; the values stay parameters.
 */
export function oneLine(query: Prisma.Sql): Prisma.Sql {
  const shape = query.strings.join("\u0000");
  let strings = shapes.get(shape);
  if (!strings) {
    strings = query.strings.map((part, i) => (i === 0 ? part.trimStart() : part).replace(/\s+/g, " "));
    shapes.set(shape, strings);
  }
  return new Prisma.Sql(strings, query.values);
}
