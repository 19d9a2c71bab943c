// The dispatcher loop's behaviour when the database fails: it keeps running,
// backs off, and logs the fault once rather than four times a second.
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { WebhookDispatcher } from "./dispatcher";

function brokenDb(calls: { count: number }): Db {
  const fail = () => {
    calls.count++;
    return Promise.reject(new Error("connection refused"));
  };
  const model = new Proxy({}, { get: () => fail });
  return new Proxy({}, { get: () => model }) as unknown as Db;
}

function capturingLogger() {
  const lines: { level: number; msg: string; step?: string }[] = [];
  const log = pino(
    { level: "debug" },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string; step?: string }) },
  );
  return { log, lines };
}

describe("WebhookDispatcher.run", () => {
  it("survives a failing database, backs off, logs the fault at error level once", async () => {
    const calls = { count: 0 };
    const { log, lines } = capturingLogger();
    const dispatcher = new WebhookDispatcher({ db: brokenDb(calls), log, idleMs: 20 });
    const controller = new AbortController();
    const running = dispatcher.run(controller.signal);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    controller.abort();
    await running;
    const rounds = lines.filter((line) => line.step === "fan-out").length;
    // without backoff a 20 ms idle period would allow ~50 rounds; 20, 40, 80, 160, 320 ms allows ~5
    expect(rounds).toBeGreaterThanOrEqual(3);
    expect(rounds).toBeLessThanOrEqual(8);
    expect(calls.count).toBeLessThanOrEqual(8 * 3 + 1);
    // the first round's failures at error level (each step, prune included), the repeats at debug
    const errors = lines.filter((line) => line.level === 50);
    expect(errors.map((line) => [line.step, line.msg])).toEqual(
      ["fan-out", "batches", "deliveries", "prune"].map((step) => [step, "webhook dispatcher step failed"]),
    );
    expect(lines.filter((line) => line.level === 20).length).toBe(lines.length - 4);
  });
});
