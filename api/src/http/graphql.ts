import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from "@as-integrations/fastify";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config.js";
import { createContext, type Context } from "../context.js";
import type { MediaUrlSigner } from "../features/catalog/audio/media-urls.js";
import type { Database } from "../db/client.js";
import { loadViewer, SESSION_COOKIE } from "../features/accounts/viewer.js";
import { schema } from "../schema/index.js";
import { isExposed, maskError } from "./errors.js";
import { unwrapResolverError } from "@apollo/server/errors";

export async function registerGraphQL(app: FastifyInstance, config: AppConfig, db: Database, mediaUrls: MediaUrlSigner) {
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
    formatError: maskError,
    plugins: [
      fastifyApolloDrainPlugin(app),
      config.introspection ? ApolloServerPluginLandingPageLocalDefault({ embed: true }) : ApolloServerPluginLandingPageDisabled(),
      {
        async requestDidStart({ contextValue }) {
          return {
            async didEncounterErrors({ errors }) {
              for (const error of errors) {
                if (!isExposed(error))
                  app.log.error({ err: unwrapResolverError(error), requestId: contextValue.requestId }, "GraphQL operation failed");
              }
            },
            async willSendResponse({ response }) {
              // Every error carries the request id, so a user's report finds its log line.
              if (response.body.kind !== "single") return;
              for (const error of response.body.singleResult.errors ?? []) {
                Object.assign(error, { extensions: { ...error.extensions, requestId: contextValue.requestId } });
              }
            },
          };
        },
      },
    ],
  });
  await apollo.start();

  const handler = fastifyApolloHandler(apollo, {
    context: async (request) =>
      createContext({
        prisma: db.prisma,
        requestId: request.id,
        viewer: await loadViewer(db.prisma, request.cookies[SESSION_COOKIE]),
        mediaUrls,
        acceptLanguage: request.headers["accept-language"],
      }),
  });
  app.route({ url: "/graphql", method: ["GET", "POST", "OPTIONS"], handler });
}
