import { z } from "zod";
import { builder, type SignedInContext } from "../../builder.js";
import type { OnboardingGoal, ReadingFormat } from "../../generated/prisma/enums.js";
import { InputValidationError } from "../../schema/errors.js";
import { Microbook } from "../catalog/catalog.schema.js";
import { DAILY_MINUTES, MAX_CHOSEN_BOOKS, MIN_CHOSEN_BOOKS } from "./goals.js";

export const OnboardingGoalEnum = builder.enumType("OnboardingGoal", {
  description: "What a reader wants from reading (the goals survey); each maps to catalogue categories.",
  values: ["PRODUCTIVITY", "LEADERSHIP", "MONEY", "WELLBEING", "RELATIONSHIPS", "MEANING", "UNDERSTAND_THE_WORLD", "INSPIRATION"] as const,
});

export const ReadingFormatEnum = builder.enumType("ReadingFormat", {
  values: ["READ", "LISTEN", "BOTH"] as const,
});

builder.prismaObject("OnboardingAnswers", {
  name: "Onboarding",
  description: "The signed-in reader's onboarding answers (/welcome).",
  select: {},
  fields: (t) => ({
    goals: t.expose("goals", { type: [OnboardingGoalEnum] }),
    dailyMinutes: t.exposeInt("dailyMinutes", { nullable: true, description: "5, 10, 15 or 30; null when not said." }),
    format: t.expose("format", { type: ReadingFormatEnum, nullable: true }),
    completedAt: t.expose("completedAt", { type: "DateTime", nullable: true, description: "When the reader finished or skipped it." }),
  }),
});

builder.prismaObject("OnboardingBookChoice", {
  description: "A book the reader chose at the end of the onboarding.",
  select: {},
  fields: (t) => ({
    chosenAt: t.expose("chosenAt", { type: "DateTime" }),
    microbook: t.relation("microbook"),
  }),
});

builder.prismaObjectFields("User", (t) => ({
  onboarding: t.relation("onboarding", { nullable: true, description: "Null until the reader answers or skips any step." }),
  onboardingBooks: t.relation("onboardingBooks", {
    description: "The books the reader chose in the onboarding, in the order chosen.",
    query: { orderBy: [{ chosenAt: "asc" }, { microbookId: "asc" }], take: MAX_CHOSEN_BOOKS },
  }),
}));

type AnswersData = {
  goals?: OnboardingGoal[];
  dailyMinutes?: number | null;
  format?: ReadingFormat | null;
  completedAt?: Date;
};

/**
 * The operation's selection, never empty: an answer that asks only for `__typename` selects nothing,
 * and Prisma refuses an empty select.
 */
const withKey = <Query extends object>(query: Query): Query => {
  const { select } = query as { select?: object };
  return { ...query, select: { userId: true, ...select } };
};

/** Writes (or starts) the reader's answers row and returns it as the operation asks. */
function saveAnswers(ctx: SignedInContext, query: object, data: AnswersData) {
  const userId = ctx.viewer.id;
  return ctx.prisma.onboardingAnswers.upsert({ ...withKey(query), where: { userId }, create: { ...data, userId }, update: data });
}

const invalid = (path: string, code: string) => new InputValidationError({ issues: [{ path: [path], message: code }] });

builder.mutationFields((t) => ({
  saveOnboardingGoals: t.withAuth({ signedIn: true }).prismaField({
    type: "OnboardingAnswers",
    description: "Step 1 of /welcome: what the reader wants from reading (any number, none to clear).",
    errors: { types: [InputValidationError] },
    args: { goals: t.arg({ type: [OnboardingGoalEnum], required: true }) },
    validate: z.object({ goals: z.array(z.string()).max(8, { message: "TOO_MANY" }) }),
    resolve: (query, _root, args, ctx) => saveAnswers(ctx, query, { goals: [...new Set(args.goals)] }),
  }),
  saveOnboardingAboutYou: t.withAuth({ signedIn: true }).prismaField({
    type: "OnboardingAnswers",
    description: "Step 2 of /welcome: how long a day the reader has (5, 10, 15 or 30 minutes) and how they like to take books in.",
    errors: { types: [InputValidationError] },
    args: {
      dailyMinutes: t.arg.int({ required: false }),
      format: t.arg({ type: ReadingFormatEnum, required: false }),
    },
    validate: z.object({
      dailyMinutes: z
        .number()
        .refine((n) => (DAILY_MINUTES as readonly number[]).includes(n), { message: "NOT_AN_OPTION" })
        .nullish(),
      format: z.string().nullish(),
    }),
    resolve: (query, _root, args, ctx) => saveAnswers(ctx, query, { dailyMinutes: args.dailyMinutes ?? null, format: args.format ?? null }),
  }),
  chooseOnboardingBooks: t.withAuth({ signedIn: true }).prismaField({
    type: "OnboardingAnswers",
    description: `Last step of /welcome: the books the reader wants to start with, at least ${MIN_CHOSEN_BOOKS} (TOO_FEW_BOOKS otherwise); finishes the onboarding.`,
    errors: { types: [InputValidationError] },
    args: { microbookIds: t.arg.globalIDList({ for: Microbook, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const ids = [...new Set(args.microbookIds.map((id) => id.id))];
      if (ids.length < MIN_CHOSEN_BOOKS) throw invalid("microbookIds", "TOO_FEW_BOOKS");
      if (ids.length > MAX_CHOSEN_BOOKS) throw invalid("microbookIds", "TOO_MANY");
      const found = await ctx.prisma.microbook.count({ where: { id: { in: ids }, languages: { isEmpty: false } } });
      if (found !== ids.length) throw invalid("microbookIds", "UNKNOWN_BOOK");
      const userId = ctx.viewer.id;
      const [, , answers] = await ctx.prisma.$transaction([
        ctx.prisma.onboardingBookChoice.deleteMany({ where: { userId, microbookId: { notIn: ids } } }),
        ctx.prisma.onboardingBookChoice.createMany({
          data: ids.map((microbookId) => ({ userId, microbookId, chosenAt: ctx.now })),
          skipDuplicates: true,
        }),
        ctx.prisma.onboardingAnswers.upsert({
          ...withKey(query),
          where: { userId },
          create: { userId, completedAt: ctx.now },
          update: { completedAt: ctx.now },
        }),
      ]);
      return answers;
    },
  }),
  finishOnboarding: t.withAuth({ signedIn: true }).prismaField({
    type: "OnboardingAnswers",
    description: "Ends the onboarding without choosing books (skipping); the answers given so far stay.",
    errors: { types: [] },
    resolve: (query, _root, _args, ctx) => saveAnswers(ctx, query, { completedAt: ctx.now }),
  }),
}));
