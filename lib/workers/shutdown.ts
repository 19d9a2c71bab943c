// The one shutdown routine of the processes (server.ts, scripts/worker.ts): on
// SIGTERM or SIGINT, once, log, run the steps in order (stop taking work, let
// what is in flight finish, close the database), then exit 0. Exits 1 when a
// step fails, or when the steps are still running after `forceExitMs` (each
// caller's grace period: what is cut short is redone once its claim expires).
import type { Logger } from "pino";

export type ShutdownOptions = {
  log: Logger;
  /** the log line when a signal arrives */
  message: string;
  /** exit 1 if the steps have not finished by then */
  forceExitMs: number;
  /** what to close, in order */
  steps: readonly (() => Promise<void>)[];
  /** tests: where the signals come from, how the process exits, the force-exit timer */
  signals?: { on(signal: "SIGTERM" | "SIGINT", listener: () => void): unknown };
  exit?: (code: number) => void;
  forceTimer?: (exit: () => void, ms: number) => { unref(): unknown };
};

/** Installs the handlers; returns the routine itself (what a signal runs). */
export function handleShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { log, steps, signals = process } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const forceTimer = options.forceTimer ?? setTimeout;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, options.message);
    forceTimer(() => exit(1), options.forceExitMs).unref();
    try {
      for (const step of steps) await step();
    } catch (error) {
      log.error({ err: error }, "shutdown failed");
      exit(1);
      return;
    }
    exit(0);
  };
  signals.on("SIGTERM", () => void shutdown("SIGTERM"));
  signals.on("SIGINT", () => void shutdown("SIGINT"));
  return shutdown;
}
