// Deletes change-history rows past their retention (lib/history/prune.ts),
// once at start and then every hour.
import { HOUR_MS, MINUTE_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { pruneChanges } from "@/lib/history/prune";
import type { Worker } from "./registry";

export const historyPruner: Worker = {
  name: "history-pruner",
  start: ({ log }) => {
    let running: Promise<void> | null = null;
    const prune = () => {
      running ??= pruneChanges(db(), Date.now())
        .then((deleted) => {
          if (deleted) log.info({ deleted }, "change history pruned");
        })
        .catch((error: unknown) => log.error({ err: error }, "pruning the change history failed"))
        .finally(() => (running = null));
    };
    const first = setTimeout(prune, MINUTE_MS);
    const timer = setInterval(prune, HOUR_MS);
    first.unref();
    timer.unref();
    return async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    };
  },
};
