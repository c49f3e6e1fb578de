import { z } from "zod";
import { builder } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";

/** The reading view's font sizes: 0 (smallest) to FONT_STEPS - 1 (largest). */
export const FONT_STEPS = 5;
/** The player's speeds: 0.75× to 2× in steps of 0.25 (the web's speed menu offers these). */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

const ReaderThemeEnum = builder.enumType("ReaderTheme", {
  values: {
    LIGHT: { description: "Dark text on white." },
    DARK: { description: "Light text on near-black." },
    SEPIA: { description: "Brown text on warm paper." },
  } as const,
});

const ReaderLineWidthEnum = builder.enumType("ReaderLineWidth", {
  description: "The text column's measure: about 55, 66 or 80 characters a line.",
  values: { NARROW: {}, MEDIUM: {}, WIDE: {} } as const,
});

type Settings = {
  fontStep: number;
  theme: "LIGHT" | "DARK" | "SEPIA" | null;
  lineWidth: "NARROW" | "MEDIUM" | "WIDE";
  playbackRate: number;
};
const DEFAULTS: Settings = { fontStep: 1, theme: null, lineWidth: "MEDIUM", playbackRate: 1 };

const ReaderSettings = builder.objectRef<Settings>("ReaderSettings").implement({
  description:
    "The reading view's and the player's settings, kept in the reader's account so every device shows the text and plays the narration the same way.",
  fields: (t) => ({
    fontStep: t.exposeInt("fontStep", { description: `Font size step, 0 (smallest) to ${FONT_STEPS - 1} (largest).` }),
    fontSteps: t.int({ description: "How many font size steps there are.", resolve: () => FONT_STEPS }),
    theme: t.field({
      type: ReaderThemeEnum,
      nullable: true,
      description: "Null until the reader chooses: follow the device's light or dark preference (prefers-color-scheme).",
      resolve: (s) => s.theme,
    }),
    lineWidth: t.field({ type: ReaderLineWidthEnum, resolve: (s) => s.lineWidth }),
    playbackRate: t.exposeFloat("playbackRate", {
      description: "The player's speed: 0.75 to 2 in steps of 0.25 (1 until the reader changes it).",
    }),
    playbackRates: t.floatList({ description: "The speeds the player offers, slowest first.", resolve: () => [...PLAYBACK_RATES] }),
  }),
});

builder.prismaObjectFields("User", (t) => ({
  readerSettings: t.field({
    type: ReaderSettings,
    description: "The reading view's settings (defaults until the reader changes one).",
    select: { readerSettings: { select: { fontStep: true, theme: true, lineWidth: true, playbackRate: true } } },
    resolve: (user) => (user as { readerSettings?: Settings | null }).readerSettings ?? DEFAULTS,
  }),
}));

builder.mutationField("updateReaderSettings", (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: "User",
    description:
      "Changes the reading view's and the player's settings; omitted ones stay as they are. Answers the reader (its readerSettings).",
    errors: { types: [InputValidationError] },
    args: {
      fontStep: t.arg.int({ required: false, description: `0 (smallest) to ${FONT_STEPS - 1} (largest).` }),
      theme: t.arg({ type: ReaderThemeEnum, required: false }),
      lineWidth: t.arg({ type: ReaderLineWidthEnum, required: false }),
      playbackRate: t.arg.float({ required: false, description: "The player's speed: 0.75 to 2 in steps of 0.25." }),
    },
    validate: z.object({
      fontStep: z
        .number()
        .int()
        .min(0, { message: "OUT_OF_RANGE" })
        .max(FONT_STEPS - 1, { message: "OUT_OF_RANGE" })
        .nullish(),
      playbackRate: z
        .number()
        .refine((rate) => (PLAYBACK_RATES as readonly number[]).includes(rate), { message: "OUT_OF_RANGE" })
        .nullish(),
      theme: z.unknown().optional(),
      lineWidth: z.unknown().optional(),
    }),
    resolve: async (query, _root, args, ctx) => {
      const changes = {
        ...(args.fontStep != null ? { fontStep: args.fontStep } : {}),
        ...(args.theme ? { theme: args.theme } : {}),
        ...(args.lineWidth ? { lineWidth: args.lineWidth } : {}),
        ...(args.playbackRate != null ? { playbackRate: args.playbackRate } : {}),
      };
      await ctx.prisma.readerSettings.upsert({
        where: { userId: ctx.viewer.id },
        create: { userId: ctx.viewer.id, ...changes },
        update: changes,
      });
      return ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: ctx.viewer.id } });
    },
  }),
);
