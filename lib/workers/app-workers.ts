// Every background worker of the app process, in start order.
import { webhookDispatcherWorker } from "@/lib/workers/webhook-dispatcher";
import { cpaControllerWorker, deliveryEngineWorker, deliveryLifecycleWorker, demoTrafficWorker } from "./delivery";
import { alertsWorker } from "./alerts";
import { billingWorker } from "./billing";
import { historyPruner } from "./history-pruner";
import { postbackForwarder } from "./postback-forwarder";
import { rulesWorker } from "./rules";
import { scheduledReportsWorker } from "./scheduled-reports";
import type { Worker } from "./registry";

export const WORKERS: readonly Worker[] = [
  deliveryEngineWorker,
  deliveryLifecycleWorker,
  cpaControllerWorker,
  webhookDispatcherWorker,
  postbackForwarder,
  alertsWorker,
  historyPruner,
  billingWorker,
  rulesWorker,
  scheduledReportsWorker,
  demoTrafficWorker,
];
