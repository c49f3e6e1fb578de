import { readFile } from "node:fs/promises";
import { isNonNullType, isObjectType, isUnionType, type GraphQLNamedType, type GraphQLObjectType } from "graphql";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBuilder } from "../builder.js";
import { ROOT_DIR } from "../paths.js";
import { schema } from "./index.js";
import { printSchemaFile } from "./printable.js";
import { rootFieldsWithoutAuth } from "./secure-by-default.js";

describe("secure by default", () => {
  it("every root field of the Brevia schema declares its auth scope", () => {
    expect(rootFieldsWithoutAuth(schema)).toEqual([]);
  });

  it("rejects a root field that declares no auth scope", () => {
    const builder = createBuilder();
    builder.queryType({
      fields: (t) => ({
        open: t.string({ authScopes: { public: true }, resolve: () => "ok" }),
        membersOnly: t.string({ authScopes: { signedIn: true }, resolve: () => "ok" }),
        forgotten: t.string({ resolve: () => "leak" }),
      }),
    });
    builder.mutationType({ fields: (t) => ({ alsoForgotten: t.boolean({ resolve: () => true }) }) });
    expect(rootFieldsWithoutAuth(builder.toSchema())).toEqual(["Query.forgotten", "Mutation.alsoForgotten"]);
  });
});

// Which types may carry premium text, and through which fields only: features/access/premium-text.test.ts.
describe("the premium gate", () => {
  it("EditionContent checks access itself too", () => {
    const type = schema.getType("EditionContent");
    const options = (type?.extensions as { pothosOptions?: { authScopes?: unknown } } | undefined)?.pothosOptions;
    expect(typeof options?.authScopes).toBe("function");
  });
});

describe("one error vocabulary", () => {
  const errorInterface = () => schema.getType("Error");
  const implementsError = (type: GraphQLNamedType) => isObjectType(type) && type.getInterfaces().some((i) => i.name === "Error");

  it("every mutation answers a union of its one success type and typed errors", () => {
    const shapes = Object.values(schema.getMutationType()!.getFields()).map((field) => {
      const type = isNonNullType(field.type) ? field.type.ofType : field.type;
      if (!isUnionType(type)) return `${field.name}: not a union (${String(field.type)})`;
      const successes = type.getTypes().filter((member) => !implementsError(member));
      return successes.length === 1 ? `${field.name}: ok` : `${field.name}: ${successes.length} success types`;
    });
    expect(shapes.filter((shape) => !shape.endsWith(": ok"))).toEqual([]);
    expect(shapes.length).toBeGreaterThan(20);
  });

  it("every error type implements Error with a code, and no success wraps its data", () => {
    expect(errorInterface()).toBeDefined();
    const typeNames = Object.keys(schema.getTypeMap());
    expect(typeNames.filter((name) => /^Mutation\w+Success$/.test(name))).toEqual([]);
    const errorTypes = Object.values(schema.getTypeMap()).filter(implementsError);
    expect(errorTypes.length).toBeGreaterThan(10);
    for (const type of errorTypes)
      expect(Object.keys((type as GraphQLObjectType).getFields()), type.name).toEqual(expect.arrayContaining(["code", "message"]));
    // Named for what went wrong, not for where: every type whose name ends in Error implements the interface.
    expect(typeNames.filter((name) => name.endsWith("Error") && name !== "Error" && !implementsError(schema.getType(name)!))).toEqual([]);
  });
});

describe("schema.graphql", () => {
  it("is the printed Pothos schema (run `pnpm schema:print` when this fails)", async () => {
    const committed = await readFile(path.join(ROOT_DIR, "schema.graphql"), "utf8");
    expect(committed).toBe(printSchemaFile());
  });
});
