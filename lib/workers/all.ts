// Every background worker of the app process, in start order.
import { cpaControllerWorker, deliveryEngineWorker, deliveryLifecycleWorker, demoTrafficWorker } from "./delivery";
import type { Worker } from "./registry";

export const WORKERS: readonly Worker[] = [deliveryEngineWorker, deliveryLifecycleWorker, cpaControllerWorker, demoTrafficWorker];
