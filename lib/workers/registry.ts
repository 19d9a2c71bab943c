// Background workers that run inside the app process (outbox dispatcher,
// controllers, demo traffic). Each returns a stop function; server.ts starts
// them after the HTTP server listens and stops them on shutdown.
import type { Logger } from "pino";

export type WorkerContext = { log: Logger; baseUrl: string; signal: AbortSignal };
export type Worker = {
  name: string;
  enabled?: () => boolean;
  start: (context: WorkerContext) => Promise<() => Promise<void>> | (() => Promise<void>);
};

export async function startWorkers(
  workers: readonly Worker[],
  context: Omit<WorkerContext, "signal">,
): Promise<() => Promise<void>> {
  const controller = new AbortController();
  const stops: { name: string; stop: () => Promise<void> }[] = [];
  for (const worker of workers) {
    if (worker.enabled && !worker.enabled()) continue;
    const log = context.log.child({ worker: worker.name });
    stops.push({ name: worker.name, stop: await worker.start({ ...context, log, signal: controller.signal }) });
    log.info("worker started");
  }
  return async () => {
    controller.abort();
    for (const { name, stop } of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        context.log.error({ err: error, worker: name }, "worker did not stop cleanly");
      }
    }
  };
}

/**
 * A worker that runs `task` once `firstMs` after start and then every `everyMs`, one run at a
 * time; a failure is logged and the next run goes ahead.
 */
export function periodicWorker(
  name: string,
  timing: { firstMs: number; everyMs: number },
  task: (log: Logger) => Promise<void>,
): Worker {
  return {
    name,
    start: ({ log }) => {
      let running: Promise<void> | null = null;
      const run = () => {
        running ??= task(log)
          .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
          .finally(() => (running = null));
      };
      const first = setTimeout(run, timing.firstMs);
      const timer = setInterval(run, timing.everyMs);
      first.unref();
      timer.unref();
      return async () => {
        clearTimeout(first);
        clearInterval(timer);
        await running;
      };
    },
  };
}
