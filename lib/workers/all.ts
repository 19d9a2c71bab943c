// Every background worker of the app process, in start order.
import { postbackForwarder } from "./postback-forwarder";
import type { Worker } from "./registry";

export const WORKERS: readonly Worker[] = [postbackForwarder];
