// The dispatcher as a background worker: started by server.ts in every app
// instance (and by `npm run worker` in a worker-only process).
import type { Worker } from "@/lib/workers/registry";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";

export const webhookDispatcherWorker: Worker = {
  name: "webhook-dispatcher",
  start: ({ log }) => {
    const controller = new AbortController();
    const dispatcher = new WebhookDispatcher({ log });
    const running = dispatcher
      .run(controller.signal)
      .catch((error: unknown) => log.error({ err: error }, "webhook dispatcher stopped"));
    return async () => {
      controller.abort();
      await running;
    };
  },
};
