// Mono speech PCM to an Ogg Opus file (RFC 7845), with libopus compiled to WebAssembly (`opusscript`)
// and a small Ogg muxer here: no native tool needed to narrate.
import OpusScript from "opusscript";

/** Opus works at 8/12/16/24/48 kHz; 16 kHz (wideband) holds everything espeak-ng's voices say. */
export const OPUS_RATE = 16_000;
const FRAME = OPUS_RATE / 50; // 20 ms frames
/** Granule positions always count 48 kHz samples, whatever the input rate. */
const GRANULE_PER_SAMPLE = 48_000 / OPUS_RATE;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) & 0xff) ^ byte]!) >>> 0;
  return crc;
}

class OggWriter {
  private sequence = 0;
  readonly pages: Uint8Array[] = [];
  constructor(private readonly serial: number) {}

  /** One page holding whole packets (each < 255 × 255 bytes here). */
  page(packets: Uint8Array[], granule: bigint, flags: number) {
    const lacing: number[] = [];
    for (const packet of packets) {
      let left = packet.length;
      while (left >= 255) {
        lacing.push(255);
        left -= 255;
      }
      lacing.push(left);
    }
    const bodyLength = packets.reduce((sum, p) => sum + p.length, 0);
    const page = new Uint8Array(27 + lacing.length + bodyLength);
    const view = new DataView(page.buffer);
    page.set([0x4f, 0x67, 0x67, 0x53], 0); // "OggS"
    page[5] = flags;
    view.setBigInt64(6, granule, true);
    view.setUint32(14, this.serial, true);
    view.setUint32(18, this.sequence++, true);
    page[26] = lacing.length;
    page.set(lacing, 27);
    let at = 27 + lacing.length;
    for (const packet of packets) {
      page.set(packet, at);
      at += packet.length;
    }
    view.setUint32(22, oggCrc(page), true);
    this.pages.push(page);
  }
}

function opusHead(preSkip: number, inputRate: number): Uint8Array {
  const head = new Uint8Array(19);
  const view = new DataView(head.buffer);
  head.set(new TextEncoder().encode("OpusHead"), 0);
  head[8] = 1; // version
  head[9] = 1; // mono
  view.setUint16(10, preSkip, true);
  view.setUint32(12, inputRate, true);
  return head;
}

function opusTags(comments: string[]): Uint8Array {
  const encoder = new TextEncoder();
  const vendor = encoder.encode("Brevia narrate (libopus via opusscript)");
  const entries = comments.map((c) => encoder.encode(c));
  const size = 8 + 4 + vendor.length + 4 + entries.reduce((sum, e) => sum + 4 + e.length, 0);
  const tags = new Uint8Array(size);
  const view = new DataView(tags.buffer);
  tags.set(encoder.encode("OpusTags"), 0);
  let at = 8;
  view.setUint32(at, vendor.length, true);
  tags.set(vendor, at + 4);
  at += 4 + vendor.length;
  view.setUint32(at, entries.length, true);
  at += 4;
  for (const entry of entries) {
    view.setUint32(at, entry.length, true);
    tags.set(entry, at + 4);
    at += 4 + entry.length;
  }
  return tags;
}

/** Windowed-sinc low-pass and resample to OPUS_RATE (espeak-ng speaks at 22,050 Hz). */
export function resample(samples: Int16Array, fromRate: number): Int16Array {
  if (fromRate === OPUS_RATE) return samples;
  const ratio = fromRate / OPUS_RATE;
  const cutoff = Math.min(1, 1 / ratio) * 0.95;
  const half = 12; // taps each side (in input samples): enough to keep aliasing of sibilants out
  // The output grid meets the input grid again every `period` outputs (320 for 22,050 → 16,000): one filter per phase.
  const period = OPUS_RATE / gcd(fromRate, OPUS_RATE);
  const filters = Array.from({ length: period }, (_, phase) => {
    const centre = phase * ratio;
    const first = Math.ceil(centre - half);
    const taps: number[] = [];
    for (let j = first; j <= Math.floor(centre + half); j++) {
      const x = j - centre;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * cutoff * x) / (Math.PI * cutoff * x);
      taps.push(sinc * (0.5 + 0.5 * Math.cos((Math.PI * x) / (half + 1))));
    }
    const sum = taps.reduce((a, b) => a + b, 0);
    return { first: first - Math.floor(centre), taps: Float64Array.from(taps, (t) => t / sum) };
  });
  const length = Math.floor(samples.length / ratio);
  const out = new Int16Array(length);
  for (let i = 0; i < length; i++) {
    const { first, taps } = filters[i % period]!;
    const base = Math.floor(i * ratio) + first;
    let sum = 0;
    for (let k = 0; k < taps.length; k++) {
      const j = base + k;
      if (j >= 0 && j < samples.length) sum += samples[j]! * taps[k]!;
    }
    out[i] = Math.max(-32768, Math.min(32767, Math.round(sum)));
  }
  return out;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export type OpusOptions = { bitrate: number; comments: string[]; complexity?: number };

/** Encodes mono PCM at OPUS_RATE; the file decodes to exactly `samples.length` samples (pre-skip and end trim). */
export function encodeOggOpus(samples: Int16Array, { bitrate, comments, complexity = 10 }: OpusOptions): Uint8Array {
  const encoder = new OpusScript(OPUS_RATE, 1, OpusScript.Application.VOIP);
  try {
    encoder.setBitrate(bitrate);
    // OPUS_SET_SIGNAL(OPUS_SIGNAL_VOICE) and the encoder's lookahead (OPUS_GET_LOOKAHEAD is not reachable
    // through opusscript; libopus's SILK/hybrid lookahead at 16 kHz is 6.5 ms: 312 samples at 48 kHz).
    encoder.encoderCTL(4024, 3001);
    encoder.encoderCTL(4010, complexity); // OPUS_SET_COMPLEXITY
    const preSkip = 312;
    const ogg = new OggWriter(0x42726576);
    ogg.page([opusHead(preSkip, OPUS_RATE)], 0n, 0x02);
    ogg.page([opusTags(comments)], 0n, 0);

    // The decoder drops pre-skip samples at the start; pad the end so the last real sample is encoded.
    const padded = new Int16Array(Math.ceil((samples.length + preSkip / GRANULE_PER_SAMPLE) / FRAME) * FRAME);
    padded.set(samples);
    const total = BigInt(samples.length * GRANULE_PER_SAMPLE + preSkip);
    const frames = padded.length / FRAME;
    let pending: Uint8Array[] = [];
    let pendingBytes = 0;
    for (let f = 0; f < frames; f++) {
      const pcm = Buffer.from(padded.buffer, padded.byteOffset + f * FRAME * 2, FRAME * 2);
      pending.push(Uint8Array.from(encoder.encode(pcm, FRAME)));
      pendingBytes += pending.at(-1)!.length;
      const last = f === frames - 1;
      // Pages of about 1 s (50 frames) keep seeking precise and the page overhead small.
      if (last || pending.length === 50 || pendingBytes > 4000) {
        const granule = (f + 1) * FRAME * GRANULE_PER_SAMPLE;
        ogg.page(pending, last ? total : BigInt(granule), last ? 0x04 : 0);
        pending = [];
        pendingBytes = 0;
      }
    }
    const size = ogg.pages.reduce((sum, p) => sum + p.length, 0);
    const file = new Uint8Array(size);
    let at = 0;
    for (const page of ogg.pages) {
      file.set(page, at);
      at += page.length;
    }
    return file;
  } finally {
    encoder.delete();
  }
}

/** The duration an Ogg Opus file plays for: its last granule position less pre-skip, at 48 kHz. */
export function oggOpusDurationSeconds(file: Uint8Array): number {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const preSkip = view.getUint16(28 + 10, true); // OpusHead starts after the first page's 28-byte header
  for (let at = file.length - 27; at >= 0; at--) {
    if (file[at] === 0x4f && file[at + 1] === 0x67 && file[at + 2] === 0x67 && file[at + 3] === 0x53) {
      return (Number(view.getBigInt64(at + 6, true)) - preSkip) / 48_000;
    }
  }
  throw new Error("not an Ogg file");
}
