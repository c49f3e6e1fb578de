import SchemaBuilder from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import ValidationPlugin from "@pothos/plugin-validation";
import { GraphQLError, GraphQLScalarType } from "graphql";
import type { Context } from "./context.js";
import PrismaTypes, { getDatamodel } from "./generated/pothos-types.js";

export type AuthScopes = {
  /** Anyone, signed in or not: root fields say so explicitly. */
  public: boolean;
  signedIn: boolean;
  premium: boolean;
};

export type BuilderTypes = {
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: AuthScopes;
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    DateTime: { Input: Date; Output: Date };
  };
};

/** A fresh builder with Brevia's plugins and options (the schema test builds its own). */
export function createBuilder() {
  return new SchemaBuilder<BuilderTypes>({
    defaultFieldNullability: false,
    plugins: [ScopeAuthPlugin, ErrorsPlugin, ValidationPlugin, PrismaPlugin, RelayPlugin, DataloaderPlugin, ComplexityPlugin],
    scopeAuth: {
      authScopes: (ctx) => ({
        public: true,
        signedIn: ctx.viewer !== null,
        premium: ctx.viewer?.isPremium ?? false,
      }),
      unauthorizedError: (_parent, context) =>
        new GraphQLError(context.viewer ? "Not allowed" : "Sign in required", {
          extensions: { code: context.viewer ? "FORBIDDEN" : "UNAUTHENTICATED" },
        }),
    },
    errors: { defaultTypes: [], unsafelyHandleInputErrors: true },
    prisma: {
      client: (ctx) => ctx.prisma,
      dmmf: getDatamodel(),
      exposeDescriptions: true,
      filterConnectionTotalCount: true,
      onUnusedQuery: process.env.NODE_ENV === "production" ? null : "error",
    },
    relay: {
      clientMutationId: "omit",
      cursorType: "String",
      nodesOnConnection: true,
      nodeQueryOptions: { authScopes: { public: true } },
      nodesQueryOptions: { authScopes: { public: true } },
    },
    complexity: {
      defaultComplexity: 1,
      defaultListMultiplier: 10,
      limit: { complexity: 2000, depth: 12, breadth: 200 },
    },
  });
}

export const builder = createBuilder();

builder.queryType({});
builder.mutationType({});
builder.addScalarType(
  "DateTime",
  new GraphQLScalarType({
    name: "DateTime",
    description: "An ISO-8601 date and time in UTC.",
    serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
    parseValue: (value) => new Date(String(value)),
  }),
);
