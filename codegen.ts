import type { CodegenConfig } from "@graphql-codegen/cli";
import { addTypenameSelectionDocumentTransform } from "@graphql-codegen/client-preset";

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
        persistedDocuments: { mode: "embedHashInDocument", hashPropertyName: "hash", hashAlgorithm: "sha256" },
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
    // Which types implement each interface and belong to each union (Error: every typed error), for
    // Apollo's cache (possibleTypes in web/src/app/apollo.ts): a fragment `on Error` then matches them all.
    "web/src/gql/possible-types.ts": {
      plugins: ["fragment-matcher"],
      config: { module: "es2015", apolloClientVersion: 3, useExplicitTyping: true, deterministic: true },
    },
  },
};

export default config;
