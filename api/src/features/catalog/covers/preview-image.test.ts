import { Resvg } from "@resvg/resvg-js";
import { describe, expect, it } from "vitest";
import { editionPreviewSvg, PREVIEW_RENDER_OPTIONS, PreviewCache, previewKey, renderPreviewPng } from "./preview-image.js";

const cover = { title: "Walden", author: "Henry David Thoreau", color: "#3d5a80", categoryName: "Filosofia & Ética" };

describe("link-preview images", () => {
  it("draw their text with the shipped fonts, whatever the machine has", () => {
    // No system font is loaded: text that draws at all was drawn with the fonts in api/assets/fonts.
    for (const family of ["'Liberation Sans'", "'Liberation Serif'"]) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="80"><text x="10" y="50" font-family="${family}" font-size="40" font-weight="700">Brevia</text></svg>`;
      const box = new Resvg(svg, PREVIEW_RENDER_OPTIONS).innerBBox();
      expect(box?.width, family).toBeGreaterThan(100);
    }
  });

  it("escape the catalogue's text in the drawing", () => {
    const svg = editionPreviewSvg({ ...cover, title: `<script>&"'` });
    expect(svg).toContain("&lt;script&gt;&amp;&quot;&apos;");
    expect(svg).not.toContain("<script>");
  });

  it("draw the same image for the same edition, and key it by its drawing", async () => {
    const svg = editionPreviewSvg(cover);
    const [a, b] = await Promise.all([renderPreviewPng(svg), renderPreviewPng(svg)]);
    expect(a.equals(b)).toBe(true);
    expect(previewKey(svg)).toBe(previewKey(editionPreviewSvg({ ...cover })));
    expect(previewKey(svg)).not.toBe(previewKey(editionPreviewSvg({ ...cover, color: "#b04a0f" })));
  });
});

describe("PreviewCache", () => {
  const image = (bytes: number) => async () => Buffer.alloc(bytes);

  it("renders an image once, even for requests at the same time", async () => {
    const cache = new PreviewCache(1000);
    let renders = 0;
    const render = async () => {
      renders++;
      return Buffer.alloc(10);
    };
    const [first, second] = await Promise.all([cache.get("a", render), cache.get("a", render)]);
    expect([first.hit, second.hit, renders]).toEqual([false, false, 1]);
    expect((await cache.get("a", render)).hit).toBe(true);
    expect(renders).toBe(1);
  });

  it("drops the least recently used images past its size", async () => {
    const cache = new PreviewCache(25);
    await cache.get("a", image(10));
    await cache.get("b", image(10));
    await cache.get("a", image(10)); // a is now the most recently used
    await cache.get("c", image(10)); // 30 bytes: b goes
    expect((await cache.get("a", image(10))).hit).toBe(true);
    expect((await cache.get("b", image(10))).hit).toBe(false);
  });

  it("keeps nothing of a rendering that failed", async () => {
    const cache = new PreviewCache(100);
    await expect(cache.get("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect((await cache.get("a", image(10))).hit).toBe(false);
  });
});
