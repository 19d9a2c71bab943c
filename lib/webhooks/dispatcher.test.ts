// The dispatcher loop's behaviour when the database fails: it keeps running,
// backs off, and logs the fault once rather than four times a second. The wait
// between rounds is injected, so the test counts rounds, not milliseconds.
import pino from "pino";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db/client";
import { WebhookDispatcher } from "./dispatcher";

/** Every model query and every raw statement (the attempt store's connection) fails. */
function brokenDb(calls: { count: number }): Db {
  const fail = () => {
    calls.count++;
    return Promise.reject(new Error("connection refused"));
  };
  const model = new Proxy({}, { get: () => fail });
  return new Proxy({}, { get: (_target, key) => (String(key).startsWith("$") ? fail : model) }) as unknown as Db;
}

function capturingLogger() {
  const lines: { level: number; msg: string; step?: string }[] = [];
  const log = pino(
    { level: "debug" },
    { write: (line: string) => lines.push(JSON.parse(line) as { level: number; msg: string; step?: string }) },
  );
  return { log, lines };
}

/** Records each wait and aborts the loop after `rounds` of them. */
function countedWaits(rounds: number, controller: AbortController) {
  const waits: number[] = [];
  const wait = async (ms: number) => {
    waits.push(ms);
    if (waits.length >= rounds) controller.abort();
  };
  return { waits, wait };
}

describe("WebhookDispatcher.run", () => {
  it("survives a failing database, backs off (doubling, capped), logs the fault at error level once", async () => {
    const calls = { count: 0 };
    const { log, lines } = capturingLogger();
    const controller = new AbortController();
    const { waits, wait } = countedWaits(9, controller);
    const dispatcher = new WebhookDispatcher({ db: brokenDb(calls), log, idleMs: 20, wait, now: () => 0 });
    await dispatcher.run(controller.signal);

    // idle 20 ms doubled per failed round, capped at 2^6 times the idle period
    expect(waits).toEqual([40, 80, 160, 320, 640, 1280, 1280, 1280, 1280]);
    const rounds = lines.filter((line) => line.step === "fan-out").length;
    expect(rounds).toBe(9);
    // per round: fan-out, batches and the claim fail once each (the claim at its connection,
    // before its first statement); prune once (its period is an hour)
    expect(calls.count).toBe(9 * 3 + 1);
    // the first round's failures at error level (each step, prune included), the repeats at debug
    const errors = lines.filter((line) => line.level === 50);
    expect(errors.map((line) => [line.step, line.msg])).toEqual(
      ["fan-out", "batches", "deliveries", "prune"].map((step) => [step, "webhook dispatcher step failed"]),
    );
    expect(lines.filter((line) => line.level === 20).length).toBe(lines.length - 4);
  });
});
