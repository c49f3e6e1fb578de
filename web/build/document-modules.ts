import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const PREFIX = "\0gql-document:";

/**
 * One module per GraphQL document. Codegen's babel optimizer turns each graphql(`…`) into an import
 * from src/gql/graphql.ts, one module holding every document: the bundler cannot split a module, so
 * every page's (and every signed-in reader's) documents would ship with the home page. This rewrites
 * `import { XDocument } from ".../gql/graphql"` into an import of a module holding XDocument alone; a
 * fragment's document (`Component_typeFragmentDoc`, which useFragment reads) likewise.
 */
export function documentModules(gqlDir: string): Plugin {
  const generated = path.join(gqlDir, "graphql.ts");
  const importFrom = /import\s*\{([^}]*)\}\s*from\s*["']([^"']*gql\/graphql(?:\.ts|\.js)?)["'];?/g;
  let documents: Map<string, string> | undefined;
  const documentSource = (name: string) => {
    documents ??= new Map(
      [
        ...readFileSync(generated, "utf8").matchAll(
          /^export const (\w+(?:Document|FragmentDoc)) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm,
        ),
      ].map((match) => [match[1]!, match[2]!]),
    );
    return documents.get(name);
  };
  return {
    name: "brevia-document-modules",
    enforce: "post",
    buildStart() {
      documents = undefined;
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? source : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      const source = documentSource(name);
      if (!source) throw new Error(`No document ${name} in ${generated}`);
      return `export const ${name} = ${source};`;
    },
    transform(code, id) {
      if (!id.includes(`${path.sep}src${path.sep}`) || id.startsWith(gqlDir)) return null;
      let changed = false;
      const result = code.replace(importFrom, (statement, names: string) => {
        const imported = names
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean);
        // Only plain document imports are rewritten; anything else keeps the generated module.
        if (!imported.every((name) => /^\w+(?:Document|FragmentDoc)$/.test(name) && documentSource(name))) return statement;
        changed = true;
        return imported.map((name) => `import { ${name} } from ${JSON.stringify(PREFIX + name)};`).join("\n");
      });
      return changed ? { code: result, map: null } : null;
    },
  };
}
