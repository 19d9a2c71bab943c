// both databases: the webhook stores' raw SQL
// Durability: events are enqueued, the process running the dispatcher is
// killed with SIGKILL while deliveries are on the wire, and a restarted process
// delivers every event at least once: nothing is lost. The process is
// `scripts/worker.ts` (the app's workers without the HTTP server), run as a
// real child process against this test file's database and a real receiver.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { registerWebhook } from "@/lib/webhooks/register-webhook";
import { env } from "@/lib/env";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { actorFor } from "@/test/factories/actors";
import { enqueueTestEvent } from "@/test/factories/webhook-events";
import { until } from "@/test/until";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import type { EventType } from "./events";
import { verifySignature } from "./sign";
import { productionEnv } from "@/test/production-env";

let receiver: Receiver;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  receiver = await startReceiver();
});

afterAll(async () => {
  for (const child of children) child.kill("SIGKILL");
  await receiver.close();
});

type Worker = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** `node --import tsx` (not the tsx CLI, which would run the script in a grandchild the kill would miss). */
function startWorker(): Worker {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts", "--only", "webhook-dispatcher"], {
    cwd: process.cwd(),
    env: productionEnv({
      DATABASE_URL: env().DATABASE_URL,
      OUTBOUND_ALLOW_HOSTS: receiver.hostPort,
      DEMO: "0",
      LOG_LEVEL: "warn",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, output: () => output, exited };
}

it(
  "a dispatcher killed with SIGKILL mid-delivery loses nothing: after a restart every event arrives at least once",
  { timeout: 180_000 },
  async () => {
    const adv = await createTestAdvertiser("Durable");
    const actor = actorFor(adv.advertiserId);
    const allowHosts = [receiver.hostPort];
    const plain = await registerWebhook(
      actor,
      { url: receiver.url("/all"), events: ["impression.served", "click.recorded", "conversion.recorded"] },
      { allowHosts },
    );
    const batched = await registerWebhook(
      actor,
      { url: receiver.url("/batched"), events: ["impression.served", "click.recorded"], batch_impressions: true },
      { allowHosts },
    );

    const kinds: EventType[] = [];
    for (let index = 0; index < 30; index++) kinds.push("impression.served");
    for (let index = 0; index < 15; index++) kinds.push("click.recorded", "conversion.recorded");
    const events = new Map<string, EventType>();
    for (const kind of kinds) events.set(await enqueueTestEvent(adv.advertiserId, kind), kind);
    const impressionIdOf = new Map<string, string>();
    for (const row of await db().outboxEvent.findMany({ where: { type: "impression.served" } })) {
      impressionIdOf.set((JSON.parse(row.data) as { impression_id: string }).impression_id, row.id);
    }

    // phase 1: answers take 100 ms, so several attempts are on the wire at any
    // moment; the 10th request never gets an answer and the worker is killed then
    const KILL_AT = 10;
    let killedAt = -1;
    const first = startWorker();
    receiver.reply = (request) => {
      if (receiver.requests.length === KILL_AT && killedAt < 0) {
        killedAt = receiver.requests.indexOf(request);
        first.child.kill("SIGKILL");
        return { hang: true };
      }
      return { status: 200, delayMs: 100 };
    };
    const death = await first.exited;
    expect(death.signal, first.output()).toBe("SIGKILL");
    expect(killedAt).toBe(KILL_AT - 1);
    const hung = receiver.requests[killedAt]!;
    expect(hung.answered).toBeUndefined();
    const beforeRestart = receiver.requests.length;

    // killed mid-delivery: claims it held are still in the database, undelivered
    const inFlight = await db().webhookDelivery.findMany({
      where: { endpointId: { in: [plain.id, batched.id] }, status: "delivering" },
    });
    expect(inFlight.length).toBeGreaterThanOrEqual(1);
    expect(inFlight.map((row) => row.eventId)).toContain(hung.json.id);
    const notYet = await db().webhookDelivery.count({
      where: { endpointId: { in: [plain.id, batched.id] }, status: { not: "succeeded" } },
    });
    const waiting = await db().webhookBatchItem.count();
    const unfanned = await db().outboxEvent.count({ where: { fannedOutMs: null } });
    expect(notYet + waiting + unfanned).toBeGreaterThan(0);

    // The dead process's claims hold until their lease runs out (30 s after it took
    // them); the time passing is simulated by expiring them in the database, so the
    // takeover does not wait on the wall clock (the lease itself is covered with an
    // injected clock in dispatcher.int.test.ts).
    const expired = { lockedUntilMs: 1n };
    await db().webhookDelivery.updateMany({ where: { lockedUntilMs: { not: null } }, data: expired });
    await db().outboxEvent.updateMany({ where: { lockedUntilMs: { not: null } }, data: expired });

    // phase 2: a fresh process, a healthy receiver
    receiver.reply = () => ({ status: 200 });
    const second = startWorker();
    const expectedPlain = [...events.keys()];
    const expectedBatchedSingles = [...events].filter(([, kind]) => kind === "click.recorded").map(([id]) => id);
    const receivedIds = () => {
      const plainIds = new Set<string>();
      const batchedIds = new Set<string>();
      // an event has arrived when a request carrying it was answered 2xx
      for (const request of receiver.requests.filter((item) => item.answered === 200)) {
        if (request.path === "/all") plainIds.add(request.json.id);
        if (request.path !== "/batched") continue;
        if (request.json.batch) {
          for (const item of request.json.data as { impression_id: string }[])
            batchedIds.add(impressionIdOf.get(item.impression_id)!);
        } else batchedIds.add(request.json.id);
      }
      return { plainIds, batchedIds };
    };
    // until everything has arrived: no deadline of its own (a stall fails on the test's timeout)
    const complete = () => {
      const { plainIds, batchedIds } = receivedIds();
      return (
        plainIds.size === expectedPlain.length &&
        batchedIds.size === impressionIdOf.size + expectedBatchedSingles.length
      );
    };
    await until(complete);
    expect(receiver.requests.length).toBeGreaterThan(beforeRestart);

    const { plainIds, batchedIds } = receivedIds();
    expect([...plainIds].sort()).toEqual([...expectedPlain].sort());
    expect([...batchedIds].sort()).toEqual([...impressionIdOf.values(), ...expectedBatchedSingles].sort());
    // the request cut short by the kill was sent again: at least once, not exactly once
    const hungKey = hung.json.id;
    expect(receiver.requests.filter((request) => request.json.id === hungKey).length).toBeGreaterThanOrEqual(2);
    // every request, before and after the crash, is correctly signed
    for (const request of receiver.requests) {
      const secret = request.path === "/all" ? plain.secret : batched.secret;
      const check = verifySignature({
        secret,
        rawBody: request.rawBody,
        timestamp: request.headers["x-service-timestamp"] as string,
        signature: request.headers["x-service-signature"] as string,
      });
      expect(check.ok).toBe(true);
    }

    // the database agrees: every delivery succeeded (a request answered just before the
    // kill but never recorded is sent again: at least once), nothing waiting
    const unfinished = () =>
      db().webhookDelivery.count({
        where: { endpointId: { in: [plain.id, batched.id] }, status: { not: "succeeded" } },
      });
    await until(async () => (await unfinished()) === 0);
    expect(await db().outboxEvent.count({ where: { fannedOutMs: null } })).toBe(0);
    expect(await db().webhookBatchItem.count()).toBe(0);
    expect(await db().webhookDelivery.count({ where: { endpointId: plain.id } })).toBe(events.size);

    // a clean stop: SIGTERM lets attempts finish and exits 0
    second.child.kill("SIGTERM");
    expect((await second.exited).code, second.output()).toBe(0);
  },
);
