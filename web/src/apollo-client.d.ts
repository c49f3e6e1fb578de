// Tells Apollo Client's types that codegen's operation types are masked (see codegen.ts).
import type { GraphQLCodegenDataMasking } from "@apollo/client/masking";

declare module "@apollo/client" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the documented augmentation
  export interface TypeOverrides extends GraphQLCodegenDataMasking.TypeOverrides {}
}
