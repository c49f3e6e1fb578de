import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook } from "../../test/factories.js";

const db = useTestDatabase();

const UPGRADE = /* GraphQL */ `
  {
    catalogueStats {
      microbooks
      categories
      languages
      narrated
    }
    testimonials {
      nodes {
        author
        quote
        source
      }
    }
    faq {
      nodes {
        question
        answer
      }
    }
  }
`;

describe("the upgrade modal's content", () => {
  it("states the catalogue's own numbers, and the testimonials and FAQ in the interface language", async () => {
    const [a, b] = [await buildCategory(db.prisma), await buildCategory(db.prisma)];
    await buildCategory(db.prisma); // empty: not counted
    await buildMicrobook(db.prisma, { categoryId: a.id, languages: ["en", "es"] });
    await buildMicrobook(db.prisma, { categoryId: b.id, languages: ["en"] });
    await buildMicrobook(db.prisma, { categoryId: b.id, languages: [] }); // unpublished
    await db.prisma.testimonial.create({
      data: {
        slug: "steele",
        author: "Richard Steele",
        translations: {
          create: [
            { language: "en", quote: "Reading is to the mind what exercise is to the body.", source: "The Tatler (1710)" },
            {
              language: "es",
              quote: "La lectura es para la mente lo que el ejercicio es para el cuerpo.",
              source: "The Tatler (1710); traducción",
            },
          ],
        },
      },
    });
    await db.prisma.faqEntry.create({
      data: {
        slug: "what",
        translations: {
          create: [
            { language: "en", question: "What?", answer: "{microbooks} microbooks in {categories} categories, {languages} languages." },
            {
              language: "es",
              question: "¿Qué?",
              answer: "{microbooks} microlibros en {categories} categorías, {languages} idiomas, {narrated} narrados.",
            },
          ],
        },
      },
    });
    const { data, errors } = await run<{
      catalogueStats: Record<string, number>;
      testimonials: { nodes: { author: string; quote: string; source: string }[] };
      faq: { nodes: { question: string; answer: string }[] };
    }>(db, UPGRADE, {}, { acceptLanguage: "es" });
    expect(errors).toBeUndefined();
    expect(data?.catalogueStats).toEqual({ microbooks: 2, categories: 2, languages: 2, narrated: 0 });
    expect(data?.testimonials.nodes).toEqual([
      {
        author: "Richard Steele",
        quote: "La lectura es para la mente lo que el ejercicio es para el cuerpo.",
        source: "The Tatler (1710); traducción",
      },
    ]);
    expect(data?.faq.nodes).toEqual([{ question: "¿Qué?", answer: "2 microlibros en 2 categorías, 2 idiomas, 0 narrados." }]);
  });
});
