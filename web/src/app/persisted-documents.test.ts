import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { MarkReadDocument, MicrobookPageDocument } from "../gql/graphql";
import manifest from "../gql/persisted-documents.json" with { type: "json" };

// The operations the web registers with the server (codegen's persisted-documents.json): the server
// runs each text as registered, so each must be valid against its schema, under the sha256 the web sends.
const schema = buildSchema(readFileSync(new URL("../../../schema.graphql", import.meta.url), "utf8"));
const hashOf = (document: unknown) => (document as { __meta__: { hash: string } }).__meta__.hash;

describe("the registered operations", () => {
  it("are valid against schema.graphql: no client-only directive (@unmask, @client) reaches the server", () => {
    const entries = Object.entries(manifest as Record<string, string>);
    expect(entries.length).toBeGreaterThan(10);
    for (const [hash, text] of entries) {
      expect(
        validate(schema, parse(text)).map((error) => error.message),
        hash,
      ).toEqual([]);
      expect(`sha256:${createHash("sha256").update(text).digest("hex")}`).toBe(hash);
    }
  });

  it("hold each document the web sends under its hash, errors selected through MutationError", () => {
    const texts = manifest as Record<string, string>;
    expect(texts[hashOf(MicrobookPageDocument)]).toMatch(/\bquery MicrobookPage\(/);
    expect(texts[hashOf(MarkReadDocument)]).toMatch(/\.\.\.MutationError[ }]/);
    expect(texts[hashOf(MarkReadDocument)]).toMatch(/fragment MutationError on Error/);
  });
});
