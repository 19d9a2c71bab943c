// Every background worker of the app process, in start order.
import { webhookDispatcherWorker } from "@/lib/webhooks/worker";
import { postbackForwarder } from "./postback-forwarder";
import type { Worker } from "./registry";

export const WORKERS: readonly Worker[] = [webhookDispatcherWorker, postbackForwarder];
