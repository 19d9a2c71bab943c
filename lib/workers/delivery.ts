// Background workers of the delivery engine (issue 4): the engine itself
// (warm index at boot, writer flushed at shutdown), the lifecycle sweep, the
// target-CPA controller and, with DEMO=1, simulated traffic for the demo.
import type { Logger } from "pino";
import { MINUTE_MS } from "@/lib/clock";
import { runCpaController } from "@/lib/delivery/jobs/cpa-controller";
import { deliveryEngine, stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { sweepCampaignLifecycle } from "@/lib/delivery/jobs/lifecycle";
import { seedDemoHistory } from "@/lib/demo/demo-history";
import { seedDemo } from "@/lib/demo/seed-demo";
import { env } from "@/lib/env";
import { runDemoTraffic } from "@/lib/simulator/demo-traffic";
import type { Worker } from "./registry";

/** Runs `task` every `periodMs` (first after `firstMs`), never two at once; returns a stop function. */
function every(periodMs: number, firstMs: number, log: Logger, task: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let timer: NodeJS.Timeout;
  const tick = () => {
    running = task()
      .catch((error: unknown) => log.error({ err: error }, "worker task failed"))
      .finally(() => {
        running = null;
        timer = setTimeout(tick, periodMs);
        timer.unref();
      });
  };
  timer = setTimeout(tick, firstMs);
  timer.unref();
  return async () => {
    clearTimeout(timer);
    await running;
    clearTimeout(timer);
  };
}

export const deliveryEngineWorker: Worker = {
  name: "delivery-engine",
  start: async () => {
    await deliveryEngine();
    return stopDeliveryEngine;
  },
};

export const deliveryLifecycleWorker: Worker = {
  name: "delivery-lifecycle",
  start: ({ log }) => every(30_000, 5_000, log, () => sweepCampaignLifecycle(Date.now())),
};

export const cpaControllerWorker: Worker = {
  name: "cpa-controller",
  start: ({ log }) =>
    every(10 * MINUTE_MS, MINUTE_MS, log, async () => {
      const adjustments = await runCpaController(Date.now());
      if (adjustments.length) log.info({ adjusted: adjustments.length }, "bids adjusted toward target CPA");
    }),
};

export const demoTrafficWorker: Worker = {
  name: "demo-traffic",
  enabled: () => env().DEMO,
  start: async ({ log, baseUrl, signal }) => {
    const credentials = await seedDemo(log);
    // the first start plays and invoices the two months before this one (the Billing page's invoices)
    await seedDemoHistory(credentials.advertiser_id, { nowMs: Date.now(), log });
    const stop = new AbortController();
    signal.addEventListener("abort", () => stop.abort(), { once: true });
    // stop feeding the server as soon as shutdown begins, so its connections can drain
    const onSignal = () => stop.abort();
    process.once("SIGTERM", onSignal);
    process.once("SIGINT", onSignal);
    const loop = runDemoTraffic({
      baseUrl,
      platformKey: credentials.platform_key,
      seed: Date.now() % 1_000_000,
      signal: stop.signal,
      onRound: (round, summary) =>
        log.info(
          {
            round,
            decisions: summary.decisions,
            clicks: summary.clicks.unique,
            conversions: summary.conversions.recorded,
          },
          "demo games finished",
        ),
      onError: async (error) => {
        log.warn({ err: error }, "demo traffic round failed");
        await new Promise((resolve) => setTimeout(resolve, 5_000));
      },
    });
    return async () => {
      process.off("SIGTERM", onSignal);
      process.off("SIGINT", onSignal);
      stop.abort();
      await loop;
    };
  },
};
