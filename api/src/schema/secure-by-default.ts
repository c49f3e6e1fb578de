import type { GraphQLSchema } from "graphql";

/**
 * Root fields (Query, Mutation, Subscription) that declare no auth scope. Every root field must
 * say who may call it: `authScopes: { public: true }` for everyone, or a real scope.
 */
export function rootFieldsWithoutAuth(schema: GraphQLSchema): string[] {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return roots.flatMap((root) =>
    root
      ? Object.values(root.getFields())
          .filter((field) => {
            const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions;
            const scopes = options?.authScopes;
            return !scopes || (typeof scopes === "object" && Object.keys(scopes).length === 0);
          })
          .map((field) => `${root.name}.${field.name}`)
      : [],
  );
}
