// Deletes change-history rows past their retention (lib/history/prune.ts),
// a minute after start and then every hour.
import { HOUR_MS, MINUTE_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { pruneChanges } from "@/lib/history/prune";
import { periodicWorker } from "./registry";

export const historyPruner = periodicWorker("history-pruner", { firstMs: MINUTE_MS, everyMs: HOUR_MS }, async (log) => {
  const deleted = await pruneChanges(db(), Date.now());
  if (deleted) log.info({ deleted }, "change history pruned");
});
