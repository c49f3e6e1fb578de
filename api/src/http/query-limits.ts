import type { ApolloServerPlugin } from "@apollo/server";
import { complexityFromQuery } from "@pothos/plugin-complexity";
import { GraphQLError, Kind, type ASTNode, type FragmentDefinitionNode, type SelectionSetNode, type ValidationRule } from "graphql";
import type { Context } from "../context.js";

/**
 * Limits on what one GraphQL request may ask for. The web's largest operation (the microbook page)
 * uses about 150 tokens, 60 fields, depth 6 and no aliases; the limits leave the mobile app room.
 * Every rejection is a client error: HTTP 400 with code QUERY_TOO_COMPLEX (or GRAPHQL_PARSE_FAILED for
 * the token limit), decided before any resolver runs, logged once at warn.
 */
export const QUERY_LIMITS = {
  /** Parsing stops here (graphql-js `maxTokens`): a huge document costs no more than this to reject. */
  tokens: 2_000,
  /** Aliased fields, `__typename` included, counted through fragments. */
  aliases: 20,
  /** Field selections, counted through fragments as often as they are spread. */
  fields: 400,
  depth: 12,
  breadth: 200,
  complexity: 2_000,
} as const;

export const QUERY_TOO_COMPLEX = "QUERY_TOO_COMPLEX";

function tooComplex(message: string, nodes?: ASTNode | readonly ASTNode[]) {
  return new GraphQLError(message, { nodes, extensions: { code: QUERY_TOO_COMPLEX, http: { status: 400 } } });
}

/**
 * Counts aliases and fields of every operation, expanding fragment spreads (each fragment is counted
 * once and multiplied by its spreads, so a fragment "bomb" is measured, not walked). A static rule:
 * Apollo caches the result with the validated document.
 */
export const aliasAndFieldLimitRule: ValidationRule = (context) => {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const memo = new Map<string, { fields: number; aliases: number }>();
  const visiting = new Set<string>();

  function count(selectionSet: SelectionSetNode | undefined): { fields: number; aliases: number } {
    const total = { fields: 0, aliases: 0 };
    for (const selection of selectionSet?.selections ?? []) {
      let part: { fields: number; aliases: number };
      if (selection.kind === Kind.FIELD) {
        const inner = count(selection.selectionSet);
        part = { fields: 1 + inner.fields, aliases: (selection.alias ? 1 : 0) + inner.aliases };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        part = count(selection.selectionSet);
      } else {
        const name = selection.name.value;
        // Cycles and unknown fragments are reported by graphql's own rules.
        if (visiting.has(name) || !fragments.has(name)) continue;
        if (!memo.has(name)) {
          visiting.add(name);
          memo.set(name, count(fragments.get(name)!.selectionSet));
          visiting.delete(name);
        }
        part = memo.get(name)!;
      }
      total.fields += part.fields;
      total.aliases += part.aliases;
    }
    return total;
  }

  return {
    OperationDefinition(operation) {
      const { fields, aliases } = count(operation.selectionSet);
      if (aliases > QUERY_LIMITS.aliases) {
        context.reportError(tooComplex(`Query has ${aliases} aliases; at most ${QUERY_LIMITS.aliases} are allowed`, operation));
      } else if (fields > QUERY_LIMITS.fields) {
        context.reportError(tooComplex(`Query selects ${fields} fields; at most ${QUERY_LIMITS.fields} are allowed`, operation));
      }
      return false;
    },
  };
};

/**
 * Depth, breadth and complexity (list fields weigh their page size, from the variables) checked once
 * per request after the operation is resolved and before execution, with Pothos' own calculation.
 */
export function queryComplexityPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, operation, request, schema, contextValue }) {
          if (!operation) return;
          // Measure the operation that will run (Pothos measures a document's first operation).
          const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
          let measured: { complexity: number; depth: number; breadth: number };
          try {
            measured = complexityFromQuery(
              { ...document, definitions: [operation, ...fragments] },
              { schema, ctx: contextValue, variables: request.variables ?? {} },
            );
          } catch (error) {
            // Variables that do not fit their types: the client's mistake, said as such.
            throw new GraphQLError(error instanceof Error ? error.message : "Invalid variables", {
              extensions: { code: "BAD_USER_INPUT", http: { status: 400 } },
            });
          }
          const { complexity, depth, breadth } = measured;
          const over =
            depth > QUERY_LIMITS.depth
              ? `depth ${depth} (max ${QUERY_LIMITS.depth})`
              : breadth > QUERY_LIMITS.breadth
                ? `breadth ${breadth} (max ${QUERY_LIMITS.breadth})`
                : complexity > QUERY_LIMITS.complexity
                  ? `complexity ${complexity} (max ${QUERY_LIMITS.complexity})`
                  : null;
          if (over) throw tooComplex(`Query exceeds the maximum ${over}`);
        },
      };
    },
  };
}
