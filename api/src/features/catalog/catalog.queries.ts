import { builder } from "../../builder.js";
import { noRow, pageSizeAtMost } from "../../schema/pagination.js";
import "./catalog.schema.js";
import { serviceDay } from "./service-time.js";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

builder.queryFields((t) => ({
  microbook: t.prismaField({
    type: "Microbook",
    nullable: true,
    description: "A microbook by its slug; null when there is none.",
    authScopes: { public: true },
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      // A malformed slug cannot exist: answer "not found" without a query.
      SLUG.test(args.slug) ? ctx.prisma.microbook.findUnique({ ...query, where: { slug: args.slug } }) : noRow(query),
  }),
  freeMicrobookToday: t.prismaField({
    type: "Microbook",
    nullable: true,
    description: "Today's free microbook (the service's calendar day), open to every reader.",
    authScopes: { public: true },
    resolve: async (query, _root, _args, ctx) => {
      // Once today's pick is recorded (all but the day's first request), the book and its pick are one statement.
      const recorded = await ctx.prisma.microbook.findFirst({
        ...query,
        where: { freeDays: { some: { day: serviceDay(ctx.now, ctx.timeZone) } } },
      });
      if (recorded) return recorded;
      const id = await ctx.loaders.freeTodayId();
      return id ? ctx.prisma.microbook.findUnique({ ...query, where: { id } }) : null;
    },
  }),
  latestMicrobooks: t.prismaConnection({
    type: "Microbook",
    cursor: "id",
    description: "The newest microbooks first.",
    authScopes: { public: true },
    maxSize: pageSizeAtMost(50),
    defaultSize: 12,
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.microbook.findMany({ ...query, where: { editions: { some: {} } }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] }),
  }),
  category: t.prismaField({
    type: "Category",
    nullable: true,
    description: "A category by its slug; null when there is none.",
    authScopes: { public: true },
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      SLUG.test(args.slug) ? ctx.prisma.category.findUnique({ ...query, where: { slug: args.slug } }) : noRow(query),
  }),
  categories: t.prismaField({
    type: ["Category"],
    description: "Every category, in catalogue order.",
    authScopes: { public: true },
    resolve: (query, _root, _args, ctx) => ctx.prisma.category.findMany({ ...query, orderBy: { position: "asc" } }),
  }),
}));
