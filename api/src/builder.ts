import SchemaBuilder from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import DataloaderPlugin from "@pothos/plugin-dataloader";
import ErrorsPlugin from "@pothos/plugin-errors";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin, { AuthScopeFailureType, type AuthFailure } from "@pothos/plugin-scope-auth";
import ValidationPlugin from "@pothos/plugin-validation";
import { GraphQLError, GraphQLObjectType, GraphQLScalarType, type GraphQLSchema } from "graphql";
import type { Context } from "./context.js";
import type { Viewer } from "./features/accounts/viewer.js";
import { argsAfterAuthPlugin } from "./schema/plugins/args-after-auth.js";
import PrismaTypes, { getDatamodel } from "./generated/pothos-types.js";

export type AuthScopes = {
  /** Anyone, signed in or not: root fields say so explicitly. */
  public: boolean;
  /** A reader with a session. `t.withAuth({ signedIn: true })` hands resolvers a non-null viewer. */
  signedIn: boolean;
  /** A signed-in person whose role is ADMIN (the admin console); `npm run admin:grant -- <email>`. */
  admin: boolean;
  /** Not signed in: signing up and logging in (ensureUnauthenticated in the API). */
  visitor: boolean;
};

/** The context of a field only a signed-in reader reaches: the viewer is there. */
export type SignedInContext = Context & { viewer: Viewer };

/**
 * What each scope guarantees about the context, for `t.withAuth(...)`. Premium is not a scope: what a
 * reader may do with a microbook is the access policy's decision (features/access), per microbook.
 */
type AuthContexts = { signedIn: SignedInContext; admin: SignedInContext };

export type BuilderTypes = {
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: AuthScopes;
  AuthContexts: AuthContexts;
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    DateTime: { Input: Date; Output: Date };
  };
};

/** The scopes an auth failure names (any/all failures nest the ones they combine). */
function failedScopes(failure: AuthFailure): string[] {
  if (failure.kind === AuthScopeFailureType.AuthScope) return [failure.scope];
  if (failure.kind === AuthScopeFailureType.AnyAuthScopes || failure.kind === AuthScopeFailureType.AllAuthScopes) {
    return failure.failures.flatMap(failedScopes);
  }
  return [];
}

function isNodeType(schema: GraphQLSchema, typename: string): boolean {
  const type = schema.getType(typename);
  return type instanceof GraphQLObjectType && type.getInterfaces().some((i) => i.name === "Node");
}

/** The most ids one `nodes(ids:)` loads. */
export const MAX_NODE_IDS = 100;

/** A fresh builder with Brevia's plugins and options (the schema test builds its own). */
export function createBuilder() {
  return new SchemaBuilder<BuilderTypes>({
    defaultFieldNullability: false,
    // Order matters: auth wraps everything, then typed errors, then argument mapping (validation, ids).
    plugins: [
      ScopeAuthPlugin,
      ErrorsPlugin,
      argsAfterAuthPlugin,
      ValidationPlugin,
      PrismaPlugin,
      RelayPlugin,
      DataloaderPlugin,
      ComplexityPlugin,
    ],
    scopeAuth: {
      authScopes: (ctx) => ({
        public: true,
        signedIn: ctx.viewer !== null,
        admin: ctx.viewer?.role === "ADMIN",
        visitor: ctx.viewer === null,
      }),
      unauthorizedError: (_parent, context, _info, result) => {
        if (failedScopes(result.failure).includes("visitor")) {
          return new GraphQLError("Already signed in", { extensions: { code: "ALREADY_SIGNED_IN" } });
        }
        return new GraphQLError(context.viewer ? "Not allowed" : "Sign in required", {
          extensions: { code: context.viewer ? "FORBIDDEN" : "UNAUTHENTICATED" },
        });
      },
    },
    // Input errors become typed results only after auth scopes pass: a visitor is told to sign in,
    // not what is wrong with their input.
    // Every mutation answers one shape: a union of its own success type and the typed errors it may
    // give (each implementing Error with a stable code), never a wrapper around its data.
    errors: { defaultTypes: [], directResult: true },
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
      // A well-formed id of a type that is not a node names nothing: null, like an unknown id.
      nodeQueryOptions: {
        authScopes: { public: true },
        resolve: (_root, args, _ctx, info, resolveNode) => (isNodeType(info.schema, args.id.typename) ? resolveNode(args.id) : null),
      },
      nodesQueryOptions: {
        authScopes: { public: true },
        resolve: (_root, args, _ctx, info, resolveNodes) => {
          // Checked before anything loads: a client mistake (400), not a megabyte of answer.
          if (args.ids.length > MAX_NODE_IDS) {
            throw new GraphQLError(`nodes takes at most ${MAX_NODE_IDS} ids (${args.ids.length} given)`, {
              extensions: { code: "BAD_USER_INPUT" },
            });
          }
          args.ids.forEach((id, i) => {
            if (id && !isNodeType(info.schema, id.typename)) (args.ids as unknown[])[i] = null;
          });
          return resolveNodes(args.ids);
        },
      },
    },
    complexity: {
      defaultComplexity: 1,
      defaultListMultiplier: 10,
      // Limits are checked once per request, before execution, by http/query-limits.ts (a coded
      // 400), not by the plugin's per-root-field check (one 500 and stack trace per field).
      disabled: true,
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
