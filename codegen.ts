import { createHash } from "node:crypto";
import type { CodegenConfig } from "@graphql-codegen/cli";
import { addTypenameSelectionDocumentTransform } from "@graphql-codegen/client-preset";

/**
 * An operation's text as the server runs it: without Apollo Client's client-only `@unmask` (Apollo
 * removes it before sending; the client preset strips @client and @connection from persisted
 * documents, not @unmask, and the server's schema does not know it).
 */
const serverText = (text: string) => text.replace(/ @unmask(\([^)]*\))?/g, "");
const sha256 = (text: string) => `sha256:${createHash("sha256").update(serverText(text)).digest("hex")}`;

// Types every operation in web/src as a TypedDocumentNode, so Apollo's own hooks infer their
// result and variable types. Run `pnpm codegen` after changing schema.graphql or a document.
const config: CodegenConfig = {
  schema: "schema.graphql",
  documents: ["web/src/**/*.{ts,tsx}", "!web/src/gql/**/*"],
  ignoreNoDocuments: false,
  generates: {
    "web/src/gql/": {
      preset: "client",
      // Apollo Client masks fragment data at runtime (dataMasking in web/src/app/apollo.ts); the types
      // match it: an operation's result hides its fragments' fields, read them with useFragment.
      // persisted-documents.json maps each operation's sha256 to its text: the server accepts those
      // hashes (api/src/http/persisted-operations.ts) and the web sends only the hash, by GET.
      // __typename is added here, as Apollo's cache adds it, so the registered text is what runs.
      presetConfig: {
        fragmentMasking: false,
        persistedDocuments: { mode: "embedHashInDocument", hashPropertyName: "hash", hashAlgorithm: sha256 },
      },
      // The registered texts are the server's (see serverText), each under the sha256 the web sends.
      hooks: {
        beforeOneFileWrite: (file: string, content: string) =>
          file.endsWith("persisted-documents.json")
            ? JSON.stringify(
                Object.fromEntries(
                  Object.entries(JSON.parse(content) as Record<string, string>).map(([hash, text]) => [hash, serverText(text)]),
                ),
                null,
                2,
              )
            : content,
      },
      documentTransforms: [addTypenameSelectionDocumentTransform],
      config: {
        inlineFragmentTypes: "mask",
        customDirectives: { apolloUnmask: true },
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false },
        scalars: { DateTime: "string" },
      },
    },
    // Which types belong to each abstract type the documents spread a fragment on (Error: every typed error), for Apollo's cache
    // (possibleTypes in web/src/app/apollo.ts): a fragment `on Error` then matches them all.
    "web/src/gql/possible-types.ts": {
      plugins: ["./web/build/fragment-possible-types.mjs"],
    },
  },
};

export default config;
