// eSpeak NG compiled to WebAssembly (the `espeak-ng` npm package): narration needs nothing but npm.
// The package only exposes "run the command line once"; instantiating its 18 MB module costs ~200 ms,
// far more than a sentence takes to speak. So one instance serves a whole narration: its `_main` is
// called again for each sentence. musl's getopt keeps `optind` between calls (it is not reachable
// from here to reset), so each call's options are placed where the previous call's parsing stopped,
// behind padding arguments getopt never looks at.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import ESpeakNg from "espeak-ng";

/** PCM speech: 16-bit mono samples at `sampleRate`. */
export type Speech = { samples: Int16Array; sampleRate: number };

/** What a narration needs from a synthesiser (tests pass a fake one of known lengths). */
export interface Synthesiser {
  speak(text: string, voice: VoiceSettings): Promise<Speech>;
  /** What the synthesiser will say, as phonemes (the per-language sample checks read this). */
  phonemes(text: string, voice: VoiceSettings): Promise<string>;
  close(): void;
}

export type VoiceSettings = { voice: string; wordsPerMinute: number; pitch: number; wordGapMs?: number };

type EspeakModule = {
  _main(argc: number, argv: number): number;
  HEAPU8: Uint8Array;
  HEAPU32: Uint32Array;
  FS: { writeFile(path: string, data: string): void; readFile(path: string): Uint8Array; unlink(path: string): void };
};
type EspeakExports = { malloc(size: number): number; free(pointer: number): void };
type EspeakFactory = (options: Record<string, unknown>) => Promise<EspeakModule>;
/** The part of the WebAssembly API used here (the project's TypeScript libs do not declare it). */
type WasmModule = object;
type WasmInstance = { exports: Record<string, unknown> };
const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      compile(bytes: Uint8Array): Promise<WasmModule>;
      instantiate(module: WasmModule, imports: object): Promise<WasmInstance>;
    };
  }
).WebAssembly;

let wasmModule: Promise<WasmModule> | undefined;
function compiledModule(): Promise<WasmModule> {
  const require = createRequire(import.meta.url);
  const file = require.resolve("espeak-ng").replace(/espeak-ng\.js$/, "espeak-ng.wasm");
  wasmModule ??= readFile(file).then((bytes) => Wasm.compile(bytes));
  return wasmModule;
}

/** Reads a RIFF/WAVE file's 16-bit mono PCM (espeak-ng writes a plain 44-byte header). */
export function readWav(bytes: Uint8Array): Speech {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sampleRate = view.getUint32(24, true);
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === "data") {
      // espeak-ng writes 0x7fffffff as the size when it streams; the file's end is the real end.
      const length = Math.min(size, bytes.length - offset - 8) >> 1;
      const samples = new Int16Array(length);
      for (let i = 0; i < length; i++) samples[i] = view.getInt16(offset + 8 + 2 * i, true);
      return { samples, sampleRate };
    }
    offset += 8 + size + (size & 1);
  }
  throw new Error("espeak-ng wrote a WAV file without audio data");
}

export async function createEspeak(): Promise<Synthesiser> {
  const compiled = await compiledModule();
  let exports: EspeakExports | undefined;
  const factory = ESpeakNg as unknown as EspeakFactory;
  const quiet = () => {};
  const es = await factory({
    arguments: ["--version"],
    print: quiet,
    printErr: quiet,
    instantiateWasm(imports: object, done: (instance: WasmInstance, module: WasmModule) => void) {
      void Wasm.instantiate(compiled, imports).then((instance) => {
        exports = instance.exports as unknown as EspeakExports;
        done(instance, compiled);
      });
      return {};
    },
  });
  if (!exports) throw new Error("espeak-ng did not start");
  const { malloc, free } = exports;
  const encoder = new TextEncoder();
  const padding = malloc(2);
  es.HEAPU8.set([120, 0], padding);
  // "--version" was argv[1], so getopt stops at index 2.
  let optind = 2;

  const run = (args: string[]) => {
    const all = ["espeak-ng", ...args];
    const count = optind + all.length - 1;
    const argv = malloc(4 * (count + 1));
    const owned = all.map((arg) => {
      const bytes = encoder.encode(`${arg}\0`);
      const pointer = malloc(bytes.length);
      es.HEAPU8.set(bytes, pointer);
      return pointer;
    });
    const slots = [owned[0]!, ...Array<number>(optind - 1).fill(padding), ...owned.slice(1)];
    slots.forEach((pointer, i) => (es.HEAPU32[(argv >> 2) + i] = pointer));
    es.HEAPU32[(argv >> 2) + count] = 0;
    try {
      const status = es._main(count, argv);
      if (status !== 0) throw new Error(`espeak-ng exited with status ${status}`);
    } finally {
      owned.forEach(free);
      free(argv);
    }
    // Every argument is an option or its value except the last (the text file is given with -f, so none).
    optind = count;
  };
  const options = (v: VoiceSettings) => [
    "-v",
    v.voice,
    "-s",
    String(v.wordsPerMinute),
    "-p",
    String(v.pitch),
    ...(v.wordGapMs ? ["-g", String(Math.round(v.wordGapMs / 10))] : []),
  ];

  return {
    speak(text, voice) {
      es.FS.writeFile("in.txt", text);
      run([...options(voice), "-w", "out.wav", "-f", "in.txt"]);
      const speech = readWav(es.FS.readFile("out.wav"));
      es.FS.unlink("out.wav");
      return Promise.resolve(speech);
    },
    phonemes(text, voice) {
      es.FS.writeFile("in.txt", text);
      run([...options(voice), "-q", "-x", "--phonout", "out.txt", "-f", "in.txt"]);
      const bytes = es.FS.readFile("out.txt");
      es.FS.unlink("out.txt");
      return Promise.resolve(new TextDecoder().decode(bytes).trim());
    },
    close() {
      free(padding);
    },
  };
}
