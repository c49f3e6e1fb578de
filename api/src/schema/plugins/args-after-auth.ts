import SchemaBuilder, { BasePlugin, type PothosOutputFieldConfig, type SchemaTypes } from "@pothos/core";
import type { GraphQLFieldResolver } from "graphql";

/**
 * Pothos runs a field's argument mappers (input validation, global-ID decoding) before any plugin's
 * resolver wrapper, so before scope-auth: a visitor sending bad input to a signed-in mutation would
 * learn what is wrong with it instead of being told to sign in. This plugin takes the mappers off the
 * field and runs them inside the resolver chain, after scope-auth and inside plugin-errors (so an
 * InputValidationError still becomes the field's typed result).
 *
 * Order matters: list it after ScopeAuth and Errors, before Validation and Relay (which add mappers).
 */
type ArgMapper = (args: Record<string, unknown>, ctx: object, info: unknown) => unknown;
const MAPPERS = "breviaArgsAfterAuth";

export class ArgsAfterAuthPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    if (!fieldConfig.argMappers.length) return fieldConfig;
    return { ...fieldConfig, argMappers: [], extensions: { ...fieldConfig.extensions, [MAPPERS]: fieldConfig.argMappers } };
  }

  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types["Context"], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types["Context"], object> {
    const mappers = fieldConfig.extensions?.[MAPPERS] as ArgMapper[] | undefined;
    if (!mappers?.length) return resolver;
    return async (parent, args, context, info) => {
      let mapped = args as Record<string, unknown>;
      for (const mapper of mappers) mapped = (await mapper(mapped, context, info)) as Record<string, unknown>;
      return resolver(parent, mapped, context, info);
    };
  }
}

export const argsAfterAuthPlugin = "argsAfterAuth" as const;
SchemaBuilder.registerPlugin(argsAfterAuthPlugin, ArgsAfterAuthPlugin);

// Pothos registers plugins by augmenting its global namespace; there is no module form.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      argsAfterAuth: ArgsAfterAuthPlugin<Types>;
    }
  }
}
