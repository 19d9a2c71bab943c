// WAL checkpoints off the hot path: SQLite's automatic checkpoint runs inside the
// commit that crosses the threshold and stalls it (docs/decisions/0402), so the
// Prisma client's connection (which the SQLite store shares) never checkpoints,
// and a worker thread with its own connection runs PASSIVE checkpoints, which
// neither wait for nor block readers and writers.
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { Database } from "better-sqlite3";

const holder = globalThis as unknown as { __smaCheckpointers?: Map<string, Worker> };

// "stop" ends the thread gracefully: its connection closed, then its loop left to empty.
// Terminating a thread with an open better-sqlite3 connection can crash the whole process
// (WiseLibs/better-sqlite3#1476): test/fresh-module-state.ts sends "stop" between test files.
const SOURCE = `
const { workerData, parentPort } = require("node:worker_threads");
const Database = require(workerData.module);
const db = new Database(workerData.path);
db.pragma("busy_timeout = 1000");
const timer = setInterval(() => { try { db.pragma("wal_checkpoint(PASSIVE)"); } catch {} }, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  try { db.close(); } catch {}
  parentPort.close();
});
`;

export function ensureCheckpointer(handle: Database, path: string, everyMs = 250): void {
  const workers = (holder.__smaCheckpointers ??= new Map());
  if (workers.get(path)) {
    handle.pragma("wal_autocheckpoint = 0");
    return;
  }
  const require = createRequire(import.meta.url);
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { module: require.resolve("better-sqlite3"), path, everyMs },
  });
  worker.unref();
  // without the thread the WAL would grow: fall back to SQLite's own checkpoints
  worker.on("error", () => {
    workers.delete(path);
    if (handle.open) handle.pragma("wal_autocheckpoint = 1000");
  });
  workers.set(path, worker);
  handle.pragma("wal_autocheckpoint = 0");
}
