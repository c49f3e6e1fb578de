import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, TEST_MEDIA_URL_SECRET } from "../../../test/execute.js";
import { buildMicrobook, buildReader, makeFreeToday } from "../../../test/factories.js";
import { useTestServer } from "../../../test/http.js";
import { audioUrlExpiry } from "../../access/access.policy.js";
import { audioDir, storeCatalogAudio } from "./audio-store.js";
import { narrationScript } from "../narrate/script.js";
import { scriptSentences } from "../narrate/sentences.js";
import { createMediaUrlSigner } from "./media-urls.js";
import type { ReadAlongTimings } from "./timings.js";

let mediaDir: string;
/** Stand-in bytes for a narration: the route serves any file; real Opus is checked below. */
const AUDIO = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "brevia-media-"));
  await mkdir(audioDir(mediaDir), { recursive: true });
  await writeFile(path.join(audioDir(mediaDir), "narrated.en.opus"), AUDIO);
});
afterAll(() => rm(mediaDir, { recursive: true, force: true }));
const server = useTestServer({ env: () => ({ NODE_ENV: "test", LOG_LEVEL: "silent", MEDIA_DIR: mediaDir }) });
const { db } = server;

const AUDIO_QUERY = /* GraphQL */ `
  query ($slug: String!) {
    microbook(slug: $slug) {
      edition(language: en) {
        access
        audio {
          durationSeconds
          mimeType
          chapters {
            title
            startSeconds
          }
        }
        content {
          audioUrl
        }
      }
    }
  }
`;
type AudioAnswer = {
  microbook: {
    edition: {
      access: string;
      audio: { durationSeconds: number; mimeType: string; chapters: { title: string; startSeconds: number }[] } | null;
      content: { audioUrl: string | null } | null;
    };
  };
};

async function narratedMicrobook(slug: string) {
  const book = await buildMicrobook(db.prisma, { slug });
  await db.prisma.audioTrack.create({
    data: {
      editionId: book.editions[0]!.id,
      fileName: "narrated.en.opus",
      mimeType: "audio/ogg; codecs=opus",
      byteSize: AUDIO.length,
      durationSeconds: 600.5,
      chapters: [
        { title: "Introduction", startSeconds: 0 },
        { title: "Idea 1", startSeconds: 61.2 },
      ],
    },
  });
  return book;
}

describe("MicrobookEdition.audio and content.audioUrl", () => {
  it("says whether a synthetic voice or a person reads, and who", async () => {
    const book = await narratedMicrobook("voices-book");
    const query = `query ($slug: String!) { microbook(slug: $slug) { edition(language: en) { audio { synthetic narratorName } } } }`;
    type Answer = { microbook: { edition: { audio: { synthetic: boolean; narratorName: string | null } } } };
    const synthetic = await run<Answer>(db, query, { slug: "voices-book" });
    expect(synthetic.data?.microbook.edition.audio).toEqual({ synthetic: true, narratorName: null });
    await db.prisma.audioTrack.update({ where: { editionId: book.editions[0]!.id }, data: { synthetic: false, narratorName: "Ana Lima" } });
    const human = await run<Answer>(db, query, { slug: "voices-book" });
    expect(human.data?.microbook.edition.audio).toEqual({ synthetic: false, narratorName: "Ana Lima" });
  });

  it("shows a locked narration's length and chapters but no URL", async () => {
    await narratedMicrobook("locked-book");
    await makeFreeToday(db.prisma, (await buildMicrobook(db.prisma)).id);
    const { data, errors } = await run<AudioAnswer>(db, AUDIO_QUERY, { slug: "locked-book" });
    expect(errors).toBeUndefined();
    expect(data!.microbook.edition.access).toBe("LOCKED");
    expect(data!.microbook.edition.audio).toEqual({
      durationSeconds: 600.5,
      mimeType: "audio/ogg; codecs=opus",
      chapters: [
        { title: "Introduction", startSeconds: 0 },
        { title: "Idea 1", startSeconds: 61.2 },
      ],
    });
    expect(data!.microbook.edition.content).toBeNull();
  });

  it("signs a URL for today's free microbook, and answers null for an edition without narration", async () => {
    const book = await narratedMicrobook("free-book");
    await makeFreeToday(db.prisma, book.id);
    const { data } = await run<AudioAnswer>(db, AUDIO_QUERY, { slug: "free-book" });
    expect(data!.microbook.edition.content!.audioUrl).toMatch(/^\/audio\/narrated\.en\.opus\?expires=\d+&sig=[\w-]+$/);

    await buildMicrobook(db.prisma, { slug: "silent-book" });
    const silent = await run<AudioAnswer>(db, AUDIO_QUERY, { slug: "silent-book" });
    expect(silent.data!.microbook.edition.audio).toBeNull();
    expect(silent.data!.microbook.edition.content).toBeNull();
  });
});

describe("GET /audio/{file}", () => {
  const signer = createMediaUrlSigner(TEST_MEDIA_URL_SECRET);
  const inAnHour = () => new Date(Date.now() + 3_600_000);

  it("serves a signed URL whole, and a byte range with 206 Partial Content", async () => {
    const url = signer.audioUrl("narrated.en.opus", inAnHour());
    const whole = await server.app.inject(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/ogg; codecs=opus");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(whole.rawPayload.equals(AUDIO)).toBe(true);

    const part = await server.app.inject({ url, headers: { range: "bytes=1000-1099" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 1000-1099/${AUDIO.length}`);
    expect(part.rawPayload.equals(AUDIO.subarray(1000, 1100))).toBe(true);

    const tail = await server.app.inject({ url, headers: { range: "bytes=-10" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(AUDIO.subarray(-10))).toBe(true);

    const outside = await server.app.inject({ url, headers: { range: `bytes=${AUDIO.length + 10}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers["content-range"]).toBe(`bytes */${AUDIO.length}`);

    const etag = whole.headers.etag as string;
    expect((await server.app.inject({ url, headers: { "if-none-match": etag } })).statusCode).toBe(304);
  });

  it("refuses unsigned, tampered, reused-for-another-file and expired URLs with 403", async () => {
    const good = signer.audioUrl("narrated.en.opus", inAnHour());
    const sig = new URL(good, "http://x").searchParams.get("sig")!;
    const expires = new URL(good, "http://x").searchParams.get("expires")!;
    for (const url of [
      "/audio/narrated.en.opus",
      `/audio/narrated.en.opus?expires=${expires}&sig=${sig.slice(0, -2)}AA`,
      `/audio/narrated.en.opus?expires=${Number(expires) + 3600}&sig=${sig}`,
      `/audio/other.en.opus?expires=${expires}&sig=${sig}`,
      signer.audioUrl("narrated.en.opus", new Date(Date.now() - 1000)),
      createMediaUrlSigner("another-secret-another-secret-another-secret").audioUrl("narrated.en.opus", inAnHour()),
    ]) {
      const response = await server.app.inject(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.body).toContain("not valid or has expired");
    }
  });

  it("answers 404 for a name that is not a narration and for a signed file that does not exist", async () => {
    expect((await server.app.inject("/audio/..%2Fsecret.en.opus?expires=9999999999&sig=x")).statusCode).toBe(404);
    expect((await server.app.inject(signer.audioUrl("missing.en.opus", inAnHour()))).statusCode).toBe(404);
  });
});

describe("read-along timings (content.timingsUrl and GET /audio/{file}.timings.json)", () => {
  const signer = createMediaUrlSigner(TEST_MEDIA_URL_SECRET);
  const TIMINGS_QUERY = `query ($slug: String!) { microbook(slug: $slug) { edition(language: en) { content { audioUrl timingsUrl } } } }`;
  type Answer = { microbook: { edition: { content: { audioUrl: string | null; timingsUrl: string | null } | null } } };

  /** A narrated book whose track carries timings of its text, as catalog:narrate records them. */
  async function timedMicrobook(slug: string) {
    const book = await narratedMicrobook(slug);
    const edition = await db.prisma.microbookEdition.findUniqueOrThrow({
      where: { id: book.editions[0]!.id },
      select: { language: true, title: true, introduction: true, keyIdeas: { orderBy: { position: "asc" } } },
    });
    const script = narrationScript({ ...edition, language: "en" });
    const sentences = scriptSentences(script, "en").map((s, i) => ({
      id: i + 1,
      section: s.section,
      startMs: i * 2000,
      endMs: i * 2000 + 1500,
      from: s.from,
      to: s.to,
    }));
    await db.prisma.audioTrack.update({ where: { editionId: book.editions[0]!.id }, data: { sentences } });
    return { book, sentences };
  }
  const timingsOf = async (sessionToken?: string, slug = "timed-book") =>
    (await run<Answer>(db, TIMINGS_QUERY, { slug }, { sessionToken })).data!.microbook.edition.content;

  it("gives a premium reader a signed, expiring URL of small cacheable JSON, mapped onto the reader's text", async () => {
    const { sentences } = await timedMicrobook("timed-book");
    await makeFreeToday(db.prisma, (await buildMicrobook(db.prisma)).id);
    const { token } = await buildReader(db.prisma, { plan: "premium" });
    const content = (await timingsOf(token))!;
    expect(content.timingsUrl).toMatch(/^\/audio\/narrated\.en\.timings\.json\?expires=\d+&sig=[\w-]+$/);
    // Same expiry as the audio's.
    expect(new URL(content.timingsUrl!, "http://x").searchParams.get("expires")).toBe(
      new URL(content.audioUrl!, "http://x").searchParams.get("expires"),
    );

    const response = await server.app.inject(content.timingsUrl!);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    const timings = response.json<ReadAlongTimings>();
    expect(timings.sentences.map((s) => [s.part, s.chapter, s.startMs])).toEqual(
      sentences.map((s, i) => [
        s.section === 0
          ? i === 0
            ? "title"
            : "text"
          : s.from === sentences.find((t) => t.section === s.section)!.from
            ? "heading"
            : "text",
        s.section === 0 ? null : s.section - 1,
        s.startMs,
      ]),
    );
    const intro = timings.sentences.find((s) => s.part === "text" && s.chapter === null)!;
    const book = await db.prisma.microbookEdition.findFirstOrThrow({ where: { microbook: { slug: "timed-book" } } });
    expect(book.introduction.slice(intro.from, intro.to)).toBe(book.introduction);
    expect(response.body.length).toBeLessThan(2000);

    const again = await server.app.inject({ url: content.timingsUrl!, headers: { "if-none-match": response.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it("opens them for today's free microbook, like its audio", async () => {
    const { book } = await timedMicrobook("timed-book");
    await makeFreeToday(db.prisma, book.id);
    const content = await timingsOf(undefined);
    expect((await server.app.inject(content!.timingsUrl!)).statusCode).toBe(200);
  });

  it("gives a free reader neither premium audio nor its timings, by GraphQL or by URL", async () => {
    await timedMicrobook("timed-book");
    await makeFreeToday(db.prisma, (await buildMicrobook(db.prisma)).id);
    const { token } = await buildReader(db.prisma, { plan: "free" });
    expect(await timingsOf(token)).toBeNull();
    expect(await timingsOf(undefined)).toBeNull();
    const lapsed = await buildReader(db.prisma, { plan: "lapsed" });
    expect(await timingsOf(lapsed.token)).toBeNull();
    // The Audio type (public: length and chapters) has no way to the timings.
    const audioFields = await run<{ __type: { fields: { name: string }[] } }>(db, `{ __type(name: "Audio") { fields { name } } }`);
    expect(audioFields.data!.__type.fields.map((f) => f.name)).not.toContain("sentences");

    const inAnHour = new Date(Date.now() + 3_600_000);
    const good = new URL(signer.timingsUrl("narrated.en.opus", inAnHour), "http://x");
    const sig = good.searchParams.get("sig")!;
    const expires = good.searchParams.get("expires")!;
    const audioSig = new URL(signer.audioUrl("narrated.en.opus", inAnHour), "http://x").searchParams.get("sig")!;
    for (const url of [
      "/audio/narrated.en.timings.json",
      `/audio/narrated.en.timings.json?expires=${expires}&sig=${sig.slice(0, -2)}AA`,
      `/audio/narrated.en.timings.json?expires=${Number(expires) + 3600}&sig=${sig}`,
      // The audio's signature opens no timings, the timings' no audio.
      `/audio/narrated.en.timings.json?expires=${expires}&sig=${audioSig}`,
      `/audio/narrated.en.opus?expires=${expires}&sig=${sig}`,
      `/audio/other.en.timings.json?expires=${expires}&sig=${sig}`,
      signer.timingsUrl("narrated.en.opus", new Date(Date.now() - 1000)),
      createMediaUrlSigner("another-secret-another-secret-another-secret").timingsUrl("narrated.en.opus", inAnHour),
    ]) {
      const response = await server.app.inject(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain("startMs");
    }
    expect((await server.app.inject(good.pathname + good.search)).statusCode).toBe(200);
  });

  it("answers no sentences for a narration without timings, and 404 for a signed name that is not narrated", async () => {
    await narratedMicrobook("untimed-book");
    const inAnHour = new Date(Date.now() + 3_600_000);
    const untimed = await server.app.inject(signer.timingsUrl("narrated.en.opus", inAnHour));
    expect(untimed.statusCode).toBe(200);
    expect(untimed.json<ReadAlongTimings>().sentences).toEqual([]);
    expect((await server.app.inject(signer.timingsUrl("missing.en.opus", inAnHour))).statusCode).toBe(404);
  });
});

describe("audioUrlExpiry", () => {
  it("lasts hours, rounded to the hour; the free microbook's ends an hour after its day", () => {
    const noon = new Date("2026-11-22T12:20:00Z");
    expect(audioUrlExpiry("LOCKED", noon, "UTC")).toBeNull();
    expect(audioUrlExpiry("PREMIUM", noon, "UTC")!.toISOString()).toBe("2026-11-22T19:00:00.000Z");
    expect(audioUrlExpiry("FREE_TODAY", noon, "UTC")!.toISOString()).toBe("2026-11-22T19:00:00.000Z");
    const lateEvening = new Date("2026-11-22T22:40:00Z");
    expect(audioUrlExpiry("FREE_TODAY", lateEvening, "UTC")!.toISOString()).toBe("2026-11-23T01:00:00.000Z");
    expect(audioUrlExpiry("PREMIUM", lateEvening, "UTC")!.toISOString()).toBe("2026-11-23T05:00:00.000Z");
  });

  it("ends the free microbook's an hour after the service's midnight (America/Sao_Paulo by default)", () => {
    // 23:40 in São Paulo (UTC-3): its day ends at 03:00 UTC.
    const lateInSaoPaulo = new Date("2026-11-23T02:40:00Z");
    expect(audioUrlExpiry("FREE_TODAY", lateInSaoPaulo)!.toISOString()).toBe("2026-11-23T04:00:00.000Z");
  });
});

describe("storeCatalogAudio", () => {
  it("copies a catalogue's narration into the media folder once, then leaves it alone", async () => {
    // A catalogue folder holding one real Ogg Opus file (0.2 s of a 440 Hz tone, made with opusenc --bitrate 12).
    const catalogDir = fileURLToPath(new URL("../../../test/fixtures/catalog", import.meta.url));
    const catalog = { books: [{ editions: [{ audio: { fileName: "tone.en.opus" } }, {}] }] };
    const target = path.join(mediaDir, "stored");
    expect(await storeCatalogAudio(catalogDir, catalog, target)).toEqual({ copied: 1, unchanged: 0 });
    expect(await storeCatalogAudio(catalogDir, catalog, target)).toEqual({ copied: 0, unchanged: 1 });

    const copy = await readFile(path.join(audioDir(target), "tone.en.opus"));
    expect(copy.equals(await readFile(path.join(catalogDir, "audio", "tone.en.opus")))).toBe(true);
    // A real Ogg Opus stream: "OggS" capture pattern, then the OpusHead identification header.
    expect(copy.subarray(0, 4).toString("latin1")).toBe("OggS");
    expect(copy.subarray(0, 64).includes(Buffer.from("OpusHead"))).toBe(true);
  });
});
