import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { runField } from "../../test/execute.js";
import { buildMicrobook, buildReader } from "../../test/factories.js";
import { detachEditionHighlights, reanchorEdition } from "./highlights.service.js";

const db = useTestDatabase();

const BEFORE = "Thoreau went to the woods because he wished to live deliberately.";
const QUOTE = "He wanted to front only the essential facts of life.";
const AFTER = "He did not wish to discover, when he came to die, that he had not lived.";

/** A premium reader's highlight of QUOTE (written with `typo` in the catalogue) in key idea 0. */
async function highlighted(quote = QUOTE) {
  const book = await buildMicrobook(db.prisma, { languages: ["en"], keyIdeas: 1 });
  const edition = book.editions[0]!;
  const body = `${BEFORE} ${quote}\n\n${AFTER}`;
  await db.prisma.keyIdea.update({ where: { editionId_position: { editionId: edition.id, position: 0 } }, data: { body } });
  const { token } = await buildReader(db.prisma, { plan: "premium" });
  await runField(
    db,
    `mutation ($e: ID!, $s: Int!, $q: String!) { createHighlight(editionId: $e, keyIdeaPosition: 0, startOffset: $s, quote: $q) { __typename } }`,
    { e: encodeGlobalID("MicrobookEdition", edition.id), s: body.indexOf(quote), q: quote },
    { sessionToken: token },
  );
  const edit = (text: string) =>
    db.prisma.keyIdea.update({ where: { editionId_position: { editionId: edition.id, position: 0 } }, data: { body: text } });
  const row = () => db.prisma.highlight.findFirstOrThrow({ where: { microbookId: book.id } });
  return { editionId: edition.id, edit, row };
}

describe("re-anchoring an edition's highlights after an import changed its text", () => {
  it("follows the quote below a paragraph inserted above it, once", async () => {
    const { editionId, edit, row } = await highlighted();
    const original = await row();
    await edit(`A paragraph the editors added.\n\n${BEFORE} ${QUOTE}\n\n${AFTER}`);
    expect(await reanchorEdition(db.prisma, editionId)).toEqual({ moved: 1, detached: 0 });
    const moved = await row();
    expect(moved).toMatchObject({ quote: QUOTE, startOffset: original.startOffset + 32, detachedAt: null });
    expect(moved.textVersion).not.toBe(original.textVersion);
    // Already on the new version: nothing to do.
    expect(await reanchorEdition(db.prisma, editionId)).toEqual({ moved: 0, detached: 0 });
  });

  it("takes the corrected text when a typo inside the quote is fixed", async () => {
    const typo = QUOTE.replace("essential", "esential");
    const { editionId, edit, row } = await highlighted(typo);
    await edit(`${BEFORE} ${QUOTE}\n\n${AFTER}`);
    expect(await reanchorEdition(db.prisma, editionId)).toEqual({ moved: 1, detached: 0 });
    expect(await row()).toMatchObject({ quote: QUOTE, detachedAt: null });
  });

  it("keeps a highlight whose sentence was deleted, detached, with its original quote", async () => {
    const { editionId, edit, row } = await highlighted();
    const original = await row();
    await edit(`${BEFORE}\n\n${AFTER}`);
    expect(await reanchorEdition(db.prisma, editionId, new Date("2026-12-01T12:00:00Z"))).toEqual({ moved: 0, detached: 1 });
    expect(await row()).toMatchObject({
      quote: QUOTE,
      startOffset: original.startOffset,
      textVersion: original.textVersion,
      detachedAt: new Date("2026-12-01T12:00:00Z"),
    });
  });

  it("keeps the highlights of a withdrawn edition, detached", async () => {
    const { editionId, row } = await highlighted();
    await detachEditionHighlights(db.prisma, [editionId]);
    await db.prisma.microbookEdition.delete({ where: { id: editionId } });
    expect(await row()).toMatchObject({ quote: QUOTE, editionId: null, detachedAt: expect.any(Date) });
  });
});
