import type { FastifyInstance } from "fastify";

/**
 * Work a request leaves for after its answer is sent, so that the answer's timing cannot tell what
 * the work found (whether an email has an account, say). It runs once the response is written;
 * a failure is logged with the request id. Not a queue: a crash in between loses it (the reader
 * asks again), so only work the reader can repeat belongs here.
 */
export type AfterResponse = (name: string, task: () => Promise<void>) => void;

type Deferred = { name: string; task: () => Promise<void> };

declare module "fastify" {
  interface FastifyRequest {
    /** What the request's operations left for after the response (after-response.ts). */
    afterResponse: Deferred[] | null;
  }
}

/**
 * How deferred work is started once a response is sent: at once by default. Tests pass one that
 * holds the work, to see what a request does before answering.
 */
export type AfterResponseRunner = (run: () => Promise<void>) => void;

/** Runs each request's deferred work after its response; the server waits for it when it closes. */
export function registerAfterResponse(app: FastifyInstance, runner?: AfterResponseRunner) {
  const inFlight = new Set<Promise<void>>();
  const start: AfterResponseRunner =
    runner ??
    ((run) => {
      const running = run().finally(() => inFlight.delete(running));
      inFlight.add(running);
    });
  app.decorateRequest("afterResponse", null);
  app.addHook("onResponse", async (request) => {
    const work = request.afterResponse;
    if (!work?.length) return;
    request.afterResponse = null;
    start(async () => {
      for (const { name, task } of work) {
        try {
          await task();
        } catch (err) {
          request.log.error({ err, requestId: request.id, work: name }, "Work after the response failed");
        }
      }
    });
  });
  app.addHook("onClose", async () => {
    await Promise.allSettled([...inFlight]);
  });
}

/** The `afterResponse` of a context: each task joins the request's list. */
export function deferOnRequest(request: { afterResponse: Deferred[] | null }): AfterResponse {
  return (name, task) => {
    (request.afterResponse ??= []).push({ name, task });
  };
}
