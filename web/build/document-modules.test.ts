import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Plugin } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { documentModules } from "./document-modules";

const gqlDir = mkdtempSync(path.join(tmpdir(), "brevia-gql-"));
afterAll(() => rmSync(gqlDir, { recursive: true, force: true }));
writeFileSync(
  path.join(gqlDir, "graphql.ts"),
  [
    "export type Query = { a: string };",
    'export const HomePageDocument = {"kind":"Document","definitions":[]} as unknown as DocumentNode<HomePageQuery, HomePageQueryVariables>;',
    'export const MarkReadDocument = {"kind":"Document","__meta__":{"hash":"sha256:x"}} as unknown as DocumentNode<MarkReadMutation, MarkReadMutationVariables>;',
    'export const Card_BookFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition"}]} as unknown as DocumentNode<Card_BookFragment, unknown>;',
  ].join("\n"),
);

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const plugin = documentModules(gqlDir) as Plugin & Record<"transform" | "load" | "resolveId", Hook>;
const source = path.join(path.sep, "app", "src", "routes", "home", "loader.ts");

describe("one module per GraphQL document", () => {
  it("imports each document from a module holding it alone", () => {
    const out = plugin.transform(
      `import { HomePageDocument, MarkReadDocument } from "../../gql/graphql";\nuse(HomePageDocument);`,
      source,
    ) as {
      code: string;
    };
    expect(out.code).toBe(
      'import { HomePageDocument } from "\\u0000gql-document:HomePageDocument";\n' +
        'import { MarkReadDocument } from "\\u0000gql-document:MarkReadDocument";\nuse(HomePageDocument);',
    );
    expect(plugin.resolveId("\0gql-document:MarkReadDocument")).toBe("\0gql-document:MarkReadDocument");
    expect(plugin.load("\0gql-document:MarkReadDocument")).toBe(
      'export const MarkReadDocument = {"kind":"Document","__meta__":{"hash":"sha256:x"}};',
    );
  });

  it("gives a fragment's document (what useFragment reads) a module of its own too", () => {
    const out = plugin.transform(`import { Card_BookFragmentDoc } from "../../gql/graphql";`, source) as { code: string };
    expect(out.code).toBe('import { Card_BookFragmentDoc } from "\\u0000gql-document:Card_BookFragmentDoc";');
    expect(plugin.load("\0gql-document:Card_BookFragmentDoc")).toBe(
      'export const Card_BookFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition"}]};',
    );
  });

  it("leaves other imports from the generated module alone, and fails on an unknown document", () => {
    expect(plugin.transform(`import { HomePageDocument, Query } from "../../gql/graphql";`, source)).toBeNull();
    expect(() => plugin.load("\0gql-document:NoSuchDocument")).toThrow("No document NoSuchDocument");
  });
});
