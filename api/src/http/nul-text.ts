import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, Kind, visit, type DocumentNode } from "graphql";

/**
 * PostgreSQL's text cannot hold U+0000: a string carrying it would fail deep inside a write, as an
 * internal error. It is refused at the door instead, for variables and literals alike, with the
 * client's code (BAD_USER_INPUT, HTTP 400), before any resolver runs.
 */
export const NUL_TEXT_MESSAGE = "Text may not contain the NUL character (U+0000).";

export function hasNulText(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(hasNulText);
  if (value && typeof value === "object") return Object.entries(value).some(([key, item]) => key.includes("\u0000") || hasNulText(item));
  return false;
}

/**
 * Apollo hands every request of one operation the same parsed document (its document cache), so the
 * walk over it is done once per document, not once per request: a list page's document is long.
 */
const nulTextByDocument = new WeakMap<DocumentNode, boolean>();

function documentHasNulText(document: DocumentNode): boolean {
  const known = nulTextByDocument.get(document);
  if (known !== undefined) return known;
  const found = walkForNulText(document);
  nulTextByDocument.set(document, found);
  return found;
}

function walkForNulText(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.STRING](node) {
      if (node.value.includes("\u0000")) found = true;
    },
  });
  return found;
}

export function nulTextPlugin<Context extends object>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ request, document }) {
          if (hasNulText(request.variables) || documentHasNulText(document)) {
            throw new GraphQLError(NUL_TEXT_MESSAGE, { extensions: { code: "BAD_USER_INPUT", http: { status: 400 } } });
          }
        },
      };
    },
  };
}
