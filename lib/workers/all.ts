// Every background worker of the app process, in start order.
import type { Worker } from "./registry";

export const WORKERS: readonly Worker[] = [];
