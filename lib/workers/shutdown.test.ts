import { EventEmitter } from "node:events";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { handleShutdown } from "./shutdown";

const log = pino({ level: "silent" });

function harness(steps: (() => Promise<void>)[], forceExitMs = 10_000) {
  const signals = new EventEmitter();
  const exits: number[] = [];
  const timers: { ms: number; fire: () => void; unrefed: boolean }[] = [];
  const shutdown = handleShutdown({
    log,
    message: "shutting down",
    forceExitMs,
    steps,
    signals,
    exit: (code) => void exits.push(code),
    forceTimer: (fire, ms) => {
      const timer = { ms, fire, unrefed: false };
      timers.push(timer);
      return { unref: () => (timer.unrefed = true) };
    },
  });
  return { signals, exits, timers, shutdown };
}

describe("handleShutdown", () => {
  it("runs the steps in order on SIGTERM, then exits 0; a second signal does nothing", async () => {
    const ran: string[] = [];
    const { exits, timers, shutdown } = harness([
      async () => void ran.push("server"),
      async () => void ran.push("workers"),
      async () => void ran.push("database"),
    ]);
    await shutdown("SIGTERM");
    await shutdown("SIGINT");
    expect(ran).toEqual(["server", "workers", "database"]);
    expect(exits).toEqual([0]);
    expect(timers.map(({ ms, unrefed }) => ({ ms, unrefed }))).toEqual([{ ms: 10_000, unrefed: true }]);
  });

  it("listens to SIGTERM and SIGINT", () => {
    const { signals } = harness([]);
    expect(signals.listenerCount("SIGTERM")).toBe(1);
    expect(signals.listenerCount("SIGINT")).toBe(1);
  });

  it("exits 1 when the grace period ends first, with the caller's delay", async () => {
    let release!: () => void;
    const { exits, timers, shutdown } = harness([() => new Promise<void>((resolve) => (release = resolve))], 15_000);
    const running = shutdown("SIGINT");
    expect(timers[0]!.ms).toBe(15_000);
    timers[0]!.fire();
    expect(exits).toEqual([1]);
    release();
    await running;
  });

  it("exits 1 when a step fails, without running the next ones", async () => {
    const ran: string[] = [];
    const { exits, shutdown } = harness([
      async () => {
        throw new Error("server would not close");
      },
      async () => void ran.push("database"),
    ]);
    await shutdown("SIGTERM");
    expect(ran).toEqual([]);
    expect(exits).toEqual([1]);
  });
});
