// Test files share their worker process (vitest.config.ts: isolate false), so the packages the
// app loads (Next, Prisma, Apollo, zod) are loaded once per worker rather than once per file.
// What a file must not inherit from the one before it is reset here, before it imports anything
// of the app: the app's own modules are evaluated afresh (vi.resetModules: vitest re-runs source
// files, while the packages Node loads stay cached), the environment is as the worker started,
// and the process-wide values the app keeps on globalThis (lib/process-wide.ts and the `__sma`
// holders: the database client, the delivery engine, the logger...) are gone, the SQLite
// checkpoint threads of the previous file's database asked to stop with them.
import { vi } from "vitest";

type Slots = Record<string | symbol, unknown> & {
  __smaTestEnv?: Record<string, string | undefined>;
  __smaCheckpointers?: Map<string, { postMessage(message: unknown): void }>;
};

export function startFileAfresh(): void {
  vi.resetModules();
  const slots = globalThis as unknown as Slots;
  const baseline = (slots.__smaTestEnv ??= { ...process.env });
  for (const key of Object.keys(process.env)) if (!(key in baseline)) delete process.env[key];
  Object.assign(process.env, baseline);
  stopCheckpointThreads();
  for (const key of Reflect.ownKeys(globalThis)) {
    const ours =
      typeof key === "string" ? key.startsWith("__sma") && key !== "__smaTestEnv" : key.description?.startsWith("sma.");
    if (ours) delete slots[key];
  }
}

/**
 * Asks the SQLite checkpoint threads to close their connections and end. Terminating a thread
 * with an open better-sqlite3 connection can crash the process (lib/delivery/store/sqlite-checkpointer.ts).
 */
export function stopCheckpointThreads(): void {
  const slots = globalThis as unknown as Slots;
  for (const worker of slots.__smaCheckpointers?.values() ?? []) worker.postMessage("stop");
  slots.__smaCheckpointers?.clear();
}
