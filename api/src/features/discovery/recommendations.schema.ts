import { builder } from "../../builder.js";
import { Microbook } from "../catalog/catalog.schema.js";
import { microbooksInOrder } from "./microbook-lists.js";
import { resolvePage } from "./paging.js";
import { recommendedMicrobookIds } from "./recommendations.js";

type RecommendationPage = Awaited<ReturnType<typeof resolvePage<{ id: string }>>> & { personalized: boolean };

const RecommendationConnection = builder.connectionObject(
  { type: Microbook, name: "RecommendationConnection" },
  { name: "RecommendationEdge" },
);
builder.objectFields(RecommendationConnection, (t) => ({
  personalized: t.boolean({
    description: "Whether the reader's goals or reading shaped this page (false: the most read books, for lack of signals).",
    resolve: (connection) => (connection as unknown as RecommendationPage).personalized,
  }),
}));

builder.prismaObjectFields("User", (t) => ({
  recommendations: t.connection(
    {
      type: Microbook,
      description:
        "Books for this reader, best first: from their onboarding goals, and from what they favourited, read or chose " +
        "(same categories, same authors, the catalogue's similar books); never a book already in their library. " +
        "Private to the reader, never cached.",
      select: { id: true },
      resolve: async (user, args, ctx, info) => {
        let personalized = false;
        // Only the reader's own: the Viewer object is only ever the signed-in reader, but say it here too.
        const page = await resolvePage(args, { defaultSize: 12, maxSize: 50 }, async ({ offset, limit }) => {
          if (user.id !== ctx.viewer?.id) return [];
          const ranked = await recommendedMicrobookIds(ctx, user.id, { offset, limit });
          personalized = ranked.personalized;
          return microbooksInOrder(ctx, info, ranked.ids);
        });
        return Object.assign(page, { personalized });
      },
    },
    RecommendationConnection,
  ),
}));
