// The `espeak-ng` package (eSpeak NG in WebAssembly) ships no types: an Emscripten module factory.
declare module "espeak-ng" {
  const ESpeakNg: (options: Record<string, unknown>) => Promise<unknown>;
  export default ESpeakNg;
}
