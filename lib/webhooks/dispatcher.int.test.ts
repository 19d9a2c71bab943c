// both databases: the webhook stores' raw SQL
// The dispatcher against a real local HTTP receiver, with an injected clock and
// randomness: signatures, subscriptions, batches, retries, timeouts, counters,
// deactivation, and claims shared by several dispatchers.
import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/clock";
import Database from "better-sqlite3";
import pg from "pg";
import { pgPoolConfig, SQLITE_BUSY_TIMEOUT_MS, sqlitePath } from "@/lib/db/adapters";
import { createDb, db, dbKind, sqliteHandleOf } from "@/lib/db/client";
import { deactivateWebhook } from "@/lib/webhooks/deactivate-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { registerWebhook } from "@/lib/webhooks/register-webhook";
import type { RegisterWebhookInput } from "@/lib/webhooks/webhooks.schemas";
import { env } from "@/lib/env";
import { webhookEndpointListView } from "@/lib/http/views/webhooks";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { actorFor } from "@/test/factories/actors";
import { enqueueTestEvent, sampleEventData } from "@/test/factories/webhook-events";
import { until } from "@/test/until";
import { startReceiver, type ReceivedRequest, type Receiver } from "@/test/webhook-receiver";
import { claimDueWebhookDeliveries, claimWebhookDelivery, recordAttempt, recordSuccesses } from "./attempts";
import { DEFAULT_LEASE_MS } from "./context";
import { DEFAULT_TIMEOUT_MS } from "./send";
import { fanOutEvents } from "./fan-out";
import { WebhookDispatcher, type DispatcherOptions } from "./dispatcher";
import type { EventType } from "./events";
import { EVENTS_PER_ROW, packedEventRows, typedOutboxRow } from "./outbox";
import { pruneWebhookData } from "./prune";
import { DEACTIVATE_AFTER_FAILING_MS, RETRY_DELAYS_MS } from "./retry-schedule";
import { verifySignature } from "./sign";

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);
let receiver: Receiver;
let clock = T0;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(() => {
  receiver.clear();
  receiver.reply = () => ({ status: 200, body: "ok" });
  clock = T0;
});
// every test moves the clock as it likes: nothing of one test may come due in the next
afterEach(async () => {
  await db().webhookEndpoint.updateMany({ data: { isActive: false } });
  await db().webhookDelivery.updateMany({
    where: { status: { in: ["pending", "delivering"] } },
    data: { status: "cancelled" },
  });
  await db().webhookBatchItem.deleteMany();
  await db().outboxEvent.updateMany({ where: { fannedOutMs: null }, data: { fannedOutMs: 0n } });
});

/**
 * An interactive transaction held open on the Prisma client until `rollBack()`, which
 * ends it by throwing (its writes, and any statement that joined it, are undone).
 */
async function openRollingBackTransaction(): Promise<{ rollBack: () => Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const holding = db().$transaction(async (tx) => {
    await tx.advertiser.count();
    entered();
    await gate;
    throw new Error("rolled back");
  });
  await inside;
  return {
    rollBack: async () => {
      release();
      await expect(holding).rejects.toThrow("rolled back");
    },
  };
}

function dispatcher(options: DispatcherOptions = {}) {
  return new WebhookDispatcher({ now: () => clock, random: () => 0.5, allowHosts: [receiver.hostPort], ...options });
}

async function setup(endpoints: (Partial<RegisterWebhookInput> & { path: string })[]) {
  const adv = await createTestAdvertiser();
  const actor = actorFor(adv.advertiserId);
  const registered = [];
  for (const { path, ...input } of endpoints) {
    registered.push(
      await registerWebhook(
        actor,
        { url: receiver.url(path), events: ["click.recorded"], ...input },
        { allowHosts: [receiver.hostPort], clock: fixedClock(T0 - 1000) },
      ),
    );
  }
  return { adv, actor, endpoints: registered };
}

function at(path: string): ReceivedRequest[] {
  return receiver.requests.filter((request) => request.path === path);
}

async function endpointRow(id: string) {
  return db().webhookEndpoint.findUniqueOrThrow({ where: { id } });
}

describe("signed delivery", () => {
  it("delivers {id, type, created_at, data} signed over `<timestamp>.<raw body>` with the secret returned at registration", async () => {
    const { adv, endpoints } = await setup([{ path: "/signed", events: ["click.recorded"] }]);
    const secret = endpoints[0]!.secret;
    const eventId = await enqueueTestEvent(adv.advertiserId, "click.recorded", T0 - 50);
    const outbox = await db().outboxEvent.findUniqueOrThrow({ where: { id: eventId } });
    clock = T0 + 1234;
    await dispatcher().drain();

    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/signed");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["x-service-event-id"]).toBe(eventId);
    const timestamp = request.headers["x-service-timestamp"] as string;
    expect(timestamp).toBe(String(Math.floor(clock / 1000)));
    // the receiver's computation, independent of our signing module
    const expected = `sha256=${createHmac("sha256", secret)
      .update(`${timestamp}.${request.rawBody.toString("utf8")}`)
      .digest("hex")}`;
    expect(request.headers["x-service-signature"]).toBe(expected);
    expect(verifySignature({ secret, rawBody: request.rawBody, timestamp, signature: expected, nowMs: clock }).ok).toBe(
      true,
    );
    // over the raw bytes: the same JSON re-serialised does not verify
    const reserialised = JSON.stringify(JSON.parse(request.rawBody.toString("utf8")), null, 2);
    expect(verifySignature({ secret, rawBody: reserialised, timestamp, signature: expected, nowMs: clock }).ok).toBe(
      false,
    );

    expect(Object.keys(request.json)).toEqual(["id", "type", "created_at", "data"]);
    expect(request.json).toEqual({
      id: eventId,
      type: "click.recorded",
      created_at: new Date(T0 - 50).toISOString(),
      data: JSON.parse(outbox.data) as unknown,
    });

    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoints[0]!.id } });
    expect(delivery).toMatchObject({
      status: "succeeded",
      attempts: 1,
      lastStatusCode: 200,
      lockedBy: null,
      deliveredAtMs: BigInt(clock),
    });
    expect(delivery.payload).toBe(request.rawBody.toString("utf8"));
    const endpoint = await endpointRow(endpoints[0]!.id);
    expect(endpoint.failureCount).toBe(0);
    expect(endpoint.lastDeliveredAt?.getTime()).toBe(clock);
    expect((await db().outboxEvent.findUniqueOrThrow({ where: { id: eventId } })).fannedOutMs).toBe(BigInt(clock));
  });

  it("sends only the kinds each endpoint subscribed to, only to the event's advertiser, only to active endpoints", async () => {
    const { adv, endpoints } = await setup([
      { path: "/clicks", events: ["click.recorded"] },
      { path: "/money", events: ["conversion.recorded", "campaign.ended", "campaign.budget_90pct"] },
      { path: "/all-but-off", events: ["click.recorded", "conversion.recorded"] },
    ]);
    const other = await setup([
      { path: "/other", events: ["click.recorded", "conversion.recorded", "impression.served", "campaign.ended"] },
    ]);
    await deactivateWebhook(actorFor(adv.advertiserId), endpoints[2]!.id);
    const ids: Partial<Record<EventType, string>> = {};
    for (const type of [
      "impression.served",
      "click.recorded",
      "conversion.recorded",
      "campaign.budget_50pct",
      "campaign.budget_90pct",
      "campaign.ended",
      "campaign.bid_adjusted",
    ] as const) {
      ids[type] = await enqueueTestEvent(adv.advertiserId, type, T0);
    }
    await dispatcher().drain();

    expect(at("/clicks").map((request) => [request.json.type, request.json.id])).toEqual([
      ["click.recorded", ids["click.recorded"]],
    ]);
    expect(
      at("/money")
        .map((request) => request.json.type)
        .sort(),
    ).toEqual(["campaign.budget_90pct", "campaign.ended", "conversion.recorded"]);
    expect(at("/all-but-off")).toHaveLength(0);
    expect(at("/other")).toHaveLength(0);
    expect(receiver.requests).toHaveLength(4);
    expect(await db().outboxEvent.count({ where: { advertiserId: adv.advertiserId, fannedOutMs: null } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { endpointId: other.endpoints[0]!.id } })).toBe(0);
  });
});

describe("impression batches", () => {
  it("batch_impressions endpoints get batches of up to 100, the remainder 5 s after it was queued; others one per impression", async () => {
    const { adv, endpoints } = await setup([
      { path: "/single", events: ["impression.served"] },
      { path: "/batched", events: ["impression.served", "click.recorded"], batch_impressions: true },
    ]);
    const impressionIds: string[] = [];
    for (let index = 0; index < 230; index++)
      impressionIds.push(await enqueueTestEvent(adv.advertiserId, "impression.served", T0 + index));
    const clickId = await enqueueTestEvent(adv.advertiserId, "click.recorded", T0 + 500);
    const run = dispatcher({ maxInFlight: 64, maxInFlightPerEndpoint: 64 });
    await run.drain();

    // one request per impression to the plain endpoint
    expect(at("/single")).toHaveLength(230);
    expect(new Set(at("/single").map((request) => request.json.id))).toEqual(new Set(impressionIds));
    expect(at("/single").every((request) => request.json.batch === undefined)).toBe(true);
    // two full batches at once, the click on its own; 30 impressions wait for the window
    const batched = at("/batched");
    const batches = () => at("/batched").filter((request) => request.json.batch === true);
    expect(
      batched.filter((request) => request.json.type === "click.recorded").map((request) => request.json.id),
    ).toEqual([clickId]);
    expect(batches().map((request) => (request.json.data as unknown[]).length)).toEqual([100, 100]);
    expect(await db().webhookBatchItem.count({ where: { endpointId: endpoints[1]!.id } })).toBe(30);

    clock = T0 + 4999;
    await run.drain();
    expect(batches()).toHaveLength(2);
    clock = T0 + 5000;
    await run.drain();
    expect(batches().map((request) => (request.json.data as unknown[]).length)).toEqual([100, 100, 30]);
    expect(await db().webhookBatchItem.count()).toBe(0);

    const secret = endpoints[1]!.secret;
    const itemsPerBatch: string[][] = [];
    for (const request of batches()) {
      expect(Object.keys(request.json)).toEqual(["id", "type", "created_at", "batch", "data"]);
      expect(request.json.type).toBe("impression.served");
      expect(request.headers["x-service-event-id"]).toBe(request.json.id);
      const check = verifySignature({
        secret,
        rawBody: request.rawBody,
        timestamp: request.headers["x-service-timestamp"] as string,
        signature: request.headers["x-service-signature"] as string,
        nowMs: clock,
      });
      expect(check.ok).toBe(true);
      itemsPerBatch.push((request.json.data as { impression_id: string }[]).map((item) => item.impression_id));
    }
    // every impression exactly once across the batches; inside a batch in the order
    // served, and the batches cut the served sequence into consecutive runs. Batches
    // in flight together may arrive in either order (no order is promised across
    // deliveries), so the batches are put back in served order before comparing.
    const outbox = await db().outboxEvent.findMany({
      where: { id: { in: impressionIds } },
      orderBy: { createdAtMs: "asc" },
    });
    const served = outbox.map((row) => (JSON.parse(row.data) as { impression_id: string }).impression_id);
    const position = new Map(served.map((id, index) => [id, index]));
    const inServedOrder = [...itemsPerBatch].sort((a, b) => position.get(a[0]!)! - position.get(b[0]!)!);
    expect(inServedOrder.flat()).toEqual(served);
    const logged = await db().webhookDelivery.findMany({
      where: { endpointId: endpoints[1]!.id, eventType: "impression.served" },
    });
    // batches may be logged in the same millisecond: their sizes compared as a multiset
    expect(logged.map((row) => row.itemCount).sort((a, b) => b - a)).toEqual([100, 100, 30]);
  });
});

describe("packed impression events", () => {
  it("a moment's packed rows are delivered as the events they hold: each with its own id, body and batch item", async () => {
    const { adv, endpoints } = await setup([
      { path: "/single", events: ["impression.served"] },
      { path: "/batched", events: ["impression.served"], batch_impressions: true },
    ]);
    // 120 events of one instant packed as a moment's are (50, 50, 20), and one event on its own
    const events = Array.from({ length: 120 }, () =>
      typedOutboxRow({
        advertiserId: adv.advertiserId,
        type: "impression.served",
        data: sampleEventData("impression.served", T0),
        createdAtMs: T0,
      }),
    );
    const rows = [
      ...packedEventRows(events),
      typedOutboxRow({
        advertiserId: adv.advertiserId,
        type: "impression.served",
        data: sampleEventData("impression.served", T0 + 1),
        createdAtMs: T0 + 1,
      }),
    ];
    expect(rows).toHaveLength(Math.ceil(events.length / EVENTS_PER_ROW) + 1);
    await db().outboxEvent.createMany({ data: rows.map((row) => ({ ...row, createdAtMs: BigInt(row.createdAtMs) })) });
    const expected = [...events, rows.at(-1)!];

    const run = dispatcher({ maxInFlight: 64, maxInFlightPerEndpoint: 64 });
    await run.drain();
    // the plain endpoint: one request per event, with the event's id, instant and data
    const single = at("/single");
    expect(single).toHaveLength(expected.length);
    const byId = new Map(single.map((request) => [request.json.id as string, request.json]));
    for (const event of expected) {
      expect(byId.get(event.id)).toEqual({
        id: event.id,
        type: "impression.served",
        created_at: new Date(event.createdAtMs).toISOString(),
        data: JSON.parse(event.data),
      });
    }
    // the batch endpoint: every event's data once across its batches (100 now, the rest after the window)
    clock = T0 + 5000;
    await run.drain();
    const batched = at("/batched").flatMap((request) => request.json.data as { impression_id: string }[]);
    expect(batched.map((item) => item.impression_id).sort()).toEqual(
      expected.map((event) => (JSON.parse(event.data) as { impression_id: string }).impression_id).sort(),
    );
    expect(await db().webhookBatchItem.count({ where: { endpointId: endpoints[1]!.id } })).toBe(0);
    expect(await db().outboxEvent.count({ where: { advertiserId: adv.advertiserId, fannedOutMs: null } })).toBe(0);
  });
});

describe("retries and failure_count", () => {
  it("retries a 500 on the schedule with jitter; failure_count rises with each failure and a success resets it", async () => {
    const { adv, endpoints } = await setup([{ path: "/flaky", events: ["conversion.recorded"] }]);
    const id = endpoints[0]!.id;
    let calls = 0;
    receiver.reply = () => (++calls <= 3 ? { status: 500, body: "boom" } : { status: 200 });
    const eventId = await enqueueTestEvent(adv.advertiserId, "conversion.recorded", T0);
    const run = dispatcher({ random: () => 0 }); // jitter factor 0.8

    await run.drain();
    let delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: 500,
      lastError: "HTTP 500: boom",
      nextAttemptMs: BigInt(T0 + 4000),
    });
    expect(await endpointRow(id)).toMatchObject({
      failureCount: 1,
      failingSince: new Date(T0),
      lastDeliveredAt: null,
      isActive: true,
    });

    clock = T0 + 3999;
    await run.drain();
    expect(receiver.requests).toHaveLength(1);

    clock = T0 + 4000;
    await run.drain();
    delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 2,
      nextAttemptMs: BigInt(clock + 0.8 * RETRY_DELAYS_MS[1]),
    });
    expect((await endpointRow(id)).failureCount).toBe(2);

    clock += 0.8 * RETRY_DELAYS_MS[1];
    await run.drain();
    delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 3,
      nextAttemptMs: BigInt(clock + 0.8 * RETRY_DELAYS_MS[2]),
    });
    expect((await endpointRow(id)).failureCount).toBe(3);

    clock += 0.8 * RETRY_DELAYS_MS[2];
    await run.drain();
    delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(delivery).toMatchObject({
      status: "succeeded",
      attempts: 4,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptMs: null,
      deliveredAtMs: BigInt(clock),
    });
    expect(await endpointRow(id)).toMatchObject({
      failureCount: 0,
      failingSince: null,
      lastDeliveredAt: new Date(clock),
    });

    // the same bytes and event id every time, signed afresh with each attempt's timestamp
    expect(receiver.requests).toHaveLength(4);
    expect(new Set(receiver.requests.map((request) => request.rawBody.toString()))).toHaveProperty("size", 1);
    expect(new Set(receiver.requests.map((request) => request.headers["x-service-event-id"]))).toEqual(
      new Set([eventId]),
    );
    expect(new Set(receiver.requests.map((request) => request.headers["x-service-timestamp"]))).toHaveProperty(
      "size",
      4,
    );
    const attempts = await db().webhookAttempt.findMany({
      where: { deliveryId: delivery.id },
      orderBy: { attemptNo: "asc" },
    });
    expect(attempts.map((attempt) => [attempt.attemptNo, attempt.statusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 200],
    ]);
  });

  it("jitter spreads each delay by ±20 % using the injected randomness", async () => {
    const { adv, endpoints } = await setup([{ path: "/jitter", events: ["click.recorded"] }]);
    receiver.reply = () => ({ status: 502 });
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    await dispatcher({ random: () => 0.999 }).drain();
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoints[0]!.id } });
    expect(delivery.nextAttemptMs).toBe(BigInt(T0 + Math.round(5000 * (0.8 + 0.4 * 0.999))));
  });

  it("a timeout is a failed attempt, retried later; counted like any failure", async () => {
    const { adv, endpoints } = await setup([{ path: "/slow", events: ["click.recorded"] }]);
    const id = endpoints[0]!.id;
    let calls = 0;
    receiver.reply = () => (++calls === 1 ? { hang: true } : { status: 200 });
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    const run = dispatcher({ timeoutMs: 300 });
    await run.drain();
    let delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: "no answer within 0.3 s",
      nextAttemptMs: BigInt(T0 + 5000),
    });
    const attempt = await db().webhookAttempt.findFirstOrThrow({ where: { deliveryId: delivery.id } });
    // measured on the real clock: at least the timeout (an upper bound would measure the machine)
    expect(attempt.durationMs).toBeGreaterThanOrEqual(290);
    expect((await endpointRow(id)).failureCount).toBe(1);

    clock = T0 + 5000;
    await run.drain();
    delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(delivery.status).toBe("succeeded");
    expect((await endpointRow(id)).failureCount).toBe(0);
  });

  it("gives up after 10 seconds by default (the timeout above, at its default value)", () => {
    // the timeout path itself is exercised with 300 ms above; waiting 10 real seconds here
    // would only measure the machine
    expect(new WebhookDispatcher().context.timeoutMs).toBe(10_000);
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000);
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    const { adv, endpoints } = await setup([{ path: "/moved", events: ["click.recorded"] }]);
    receiver.reply = (request) =>
      request.path === "/moved" ? { status: 302, headers: { location: "/elsewhere" } } : { status: 200 };
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    await dispatcher().drain();
    expect(at("/elsewhere")).toHaveLength(0);
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoints[0]!.id } });
    expect(delivery).toMatchObject({
      status: "pending",
      lastStatusCode: 302,
      lastError: "HTTP 302: redirects are not followed",
    });
  });

  it("checks the URL again at every send: refused before connecting once it is no longer allowed", async () => {
    const { adv, endpoints } = await setup([{ path: "/guarded", events: ["click.recorded"] }]);
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    const connections = receiver.connections();
    // no exemption now: the registered http://127.0.0.1 URL is neither HTTPS nor public
    await dispatcher({ allowHosts: [] }).drain();
    expect(receiver.connections()).toBe(connections);
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoints[0]!.id } });
    expect(delivery.lastStatusCode).toBeNull();
    expect(delivery.lastError).toMatch(/^refused before connecting: only https URLs are allowed/);
    expect((await endpointRow(endpoints[0]!.id)).failureCount).toBe(1);
  });

  it("a delivery that failed all 10 attempts is failed; no 11th automatic attempt", async () => {
    const { adv, endpoints } = await setup([{ path: "/down", events: ["click.recorded"] }]);
    receiver.reply = () => ({ status: 500 });
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    const run = dispatcher();
    await run.drain();
    for (const delay of RETRY_DELAYS_MS) {
      clock += delay;
      await run.drain();
    }
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoints[0]!.id } });
    expect(delivery).toMatchObject({ status: "failed", attempts: 10, nextAttemptMs: null });
    expect(receiver.requests).toHaveLength(10);
    expect((await endpointRow(endpoints[0]!.id)).failureCount).toBe(10);
    clock += 7 * 24 * 3600 * 1000;
    await run.drain();
    expect(receiver.requests).toHaveLength(10);
  });
});

describe("deactivation", () => {
  it("410 Gone deactivates the endpoint at once with the reason, cancelling its scheduled retries", async () => {
    const { adv, endpoints } = await setup([{ path: "/gone", events: ["click.recorded"] }]);
    const id = endpoints[0]!.id;
    let calls = 0;
    receiver.reply = () => (++calls === 1 ? { status: 500 } : { status: 410 });
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0 + 1);
    const run = dispatcher({ maxInFlight: 1 });
    await run.drain();
    expect(receiver.requests).toHaveLength(2);
    const endpoint = await endpointRow(id);
    expect(endpoint).toMatchObject({
      isActive: false,
      deactivatedReason: "The endpoint answered 410 Gone.",
      deactivatedAt: new Date(T0),
      failureCount: 2,
    });
    // which event was claimed first is not promised (both are due at once): compare as a set
    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: id } });
    const outcomes = deliveries.map((row) => [row.status, row.lastStatusCode, row.nextAttemptMs]);
    expect(outcomes.sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      ["cancelled", 410, null],
      ["cancelled", 500, null],
    ]);
    clock += 48 * 3600 * 1000;
    await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await run.drain();
    expect(receiver.requests).toHaveLength(2);
    const listed = webhookEndpointListView(await listWebhooks(actorFor(adv.advertiserId)));
    expect(listed.endpoints[0]).toMatchObject({
      id,
      is_active: false,
      deactivated_reason: "The endpoint answered 410 Gone.",
    });
    // recorded once in the change history, in the attempt's transaction: the dispatcher, with the reason
    const changes = await db().change.findMany({ where: { targetId: id, operation: "deactivateWebhookEndpoint" } });
    expect(changes).toEqual([
      expect.objectContaining({
        advertiserId: adv.advertiserId,
        atMs: BigInt(T0),
        actorType: "system",
        actorId: "webhook_dispatcher",
        operation: "deactivateWebhookEndpoint",
        targetType: "webhook_endpoint",
        reason: "The endpoint answered 410 Gone.",
      }),
    ]);
    expect(JSON.parse(changes[0]!.fields)).toEqual({
      is_active: { from: true, to: false },
      deactivated_reason: { from: null, to: "The endpoint answered 410 Gone." },
    });
  });

  it("after 5 days in which every attempt failed, the endpoint is deactivated with the reason recorded", async () => {
    const { adv, endpoints } = await setup([{ path: "/dead", events: ["click.recorded"] }]);
    const id = endpoints[0]!.id;
    receiver.reply = () => ({ status: 503 });
    const run = dispatcher();
    // first event: its ten attempts span about 3 days
    await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await run.drain();
    for (const delay of RETRY_DELAYS_MS) {
      clock += delay;
      await run.drain();
    }
    expect((await endpointRow(id)).isActive).toBe(true);
    // a later event keeps failing: still active just before 5 days...
    clock = T0 + DEACTIVATE_AFTER_FAILING_MS - 1;
    await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await run.drain();
    expect(await endpointRow(id)).toMatchObject({ isActive: true, failureCount: 11, failingSince: new Date(T0) });
    // ...and deactivated by the first failure at 5 days
    clock = T0 + DEACTIVATE_AFTER_FAILING_MS;
    await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await run.drain();
    const endpoint = await endpointRow(id);
    expect(endpoint.isActive).toBe(false);
    expect(endpoint.failureCount).toBe(12);
    expect(endpoint.deactivatedReason).toBe(
      `Every delivery attempt failed for 5 days (since ${new Date(T0).toISOString()}).`,
    );
    expect(
      await db().webhookDelivery.count({ where: { endpointId: id, status: { in: ["pending", "delivering"] } } }),
    ).toBe(0);
    expect(receiver.requests).toHaveLength(12);
  });

  it("a success within the 5 days restarts the count: no deactivation", async () => {
    const { adv, endpoints } = await setup([{ path: "/recovering", events: ["click.recorded"] }]);
    const id = endpoints[0]!.id;
    receiver.reply = () => ({ status: 500 });
    const run = dispatcher();
    await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await run.drain();
    clock = T0 + 2 * 24 * 3600 * 1000;
    receiver.reply = () => ({ status: 200 });
    await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await run.drain();
    expect(await endpointRow(id)).toMatchObject({ failureCount: 0, failingSince: null });
    receiver.reply = () => ({ status: 500 });
    clock = T0 + DEACTIVATE_AFTER_FAILING_MS + 1000;
    await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await run.drain();
    expect(await endpointRow(id)).toMatchObject({ isActive: true, failingSince: new Date(clock) });
  });

  it("E14 stops delivery at once: scheduled retries, queued deliveries and waiting batch items; nothing arrives afterwards", async () => {
    const { adv, actor, endpoints } = await setup([
      { path: "/retrying", events: ["click.recorded", "conversion.recorded"] },
      { path: "/batching", events: ["impression.served"], batch_impressions: true },
    ]);
    receiver.reply = () => ({ status: 500 });
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    for (let index = 0; index < 5; index++) await enqueueTestEvent(adv.advertiserId, "impression.served", T0);
    const run = dispatcher();
    await run.drain();
    expect(receiver.requests).toHaveLength(1); // the click failed; the impressions wait for their batch
    // queued while the retry waits
    await enqueueTestEvent(adv.advertiserId, "conversion.recorded", T0 + 1);
    clock = T0 + 1;
    await run.drain();
    expect(receiver.requests).toHaveLength(2);

    await deactivateWebhook(actor, endpoints[0]!.id, { clock: fixedClock(clock) });
    await deactivateWebhook(actor, endpoints[1]!.id, { clock: fixedClock(clock) });
    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: endpoints[0]!.id } });
    expect(deliveries.map((row) => row.status)).toEqual(["cancelled", "cancelled"]);
    expect(await db().webhookBatchItem.count({ where: { endpointId: endpoints[1]!.id } })).toBe(0);

    receiver.reply = () => ({ status: 200 });
    await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await enqueueTestEvent(adv.advertiserId, "impression.served", clock);
    for (const step of [5_000, 10 * 60_000, 3 * 24 * 3600_000]) {
      clock += step;
      await run.drain();
    }
    expect(receiver.requests).toHaveLength(2);
    expect(
      await db().webhookDelivery.count({
        where: { endpointId: { in: endpoints.map((endpoint) => endpoint.id) }, status: { not: "cancelled" } },
      }),
    ).toBe(0);
  });

  it("an attempt on the wire when E14 lands does not bring the delivery back", async () => {
    const { adv, actor, endpoints } = await setup([{ path: "/racing", events: ["click.recorded"] }]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    receiver.reply = () => ({ status: 500, after: released });
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    const run = dispatcher();
    const draining = run.drain();
    await receiver.waitFor(1, "/racing");
    await deactivateWebhook(actor, endpoints[0]!.id, { clock: fixedClock(clock) });
    release();
    await draining;
    const delivery = await db().webhookDelivery.findFirstOrThrow({
      where: { endpointId: endpoints[0]!.id },
      include: { attemptsLog: true },
    });
    expect(delivery.status).toBe("cancelled");
    expect(delivery.nextAttemptMs).toBeNull();
    expect(delivery.attemptsLog.map((attempt) => attempt.statusCode)).toEqual([500]);
    clock += 3600_000;
    await run.drain();
    expect(receiver.requests).toHaveLength(1);
  });
});

// the dispatcher's hot steps: one plan (store/attempt-plan.ts), each database's SQL (store/sqlite-store.ts, pg-store.ts)
describe("claims and group records", () => {
  it("a claim takes the deliveries still due and free, in due order, each with its endpoint's url, secret and state", async () => {
    const { adv, endpoints } = await setup([
      { path: "/claim-a", events: ["click.recorded"] },
      { path: "/claim-b", events: ["click.recorded"] },
    ]);
    for (let index = 0; index < 2; index++) await enqueueTestEvent(adv.advertiserId, "click.recorded", T0 + index);
    const instance = dispatcher({ instanceId: "fields" });
    expect(await fanOutEvents(instance.context)).toBe(2);
    const [a1, a2, b1, b2] = await db().webhookDelivery.findMany({
      where: { endpoint: { advertiserId: adv.advertiserId } },
      orderBy: [{ endpoint: { url: "asc" } }, { eventId: "asc" }],
    });
    // due in the order b1, a2, a1; b2 is not due yet
    const dueAt = (id: string, ms: number) =>
      db().webhookDelivery.update({ where: { id }, data: { nextAttemptMs: BigInt(ms) } });
    await dueAt(b1!.id, T0 - 30);
    await dueAt(a2!.id, T0 - 20);
    await dueAt(a1!.id, T0 - 10);
    await dueAt(b2!.id, T0 + 1);
    await db().webhookEndpoint.update({ where: { id: endpoints[1]!.id }, data: { isActive: false } });

    const claimed = await claimDueWebhookDeliveries(instance.context, 10);
    expect(claimed.map((delivery) => delivery.id)).toEqual([b1!.id, a2!.id, a1!.id]);
    const endpointOf = (index: number) => ({
      url: receiver.url(index ? "/claim-b" : "/claim-a"),
      secret: endpoints[index]!.secret,
      isActive: index === 0,
    });
    expect(claimed[0]).toEqual({
      id: b1!.id,
      endpointId: endpoints[1]!.id,
      eventId: b1!.eventId,
      payload: b1!.payload,
      attempts: 0,
      traceParent: null,
      token: claimed[0]!.token,
      endpoint: endpointOf(1),
    });
    expect(claimed[1]).toMatchObject({ endpointId: endpoints[0]!.id, eventId: a2!.eventId, endpoint: endpointOf(0) });
    expect(claimed[1]!.payload).toBe(a2!.payload);
    for (const delivery of claimed) {
      expect(delivery.token.startsWith("fields/")).toBe(true);
      expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
        status: "delivering",
        lockedBy: delivery.token,
        lockedUntilMs: BigInt(T0 + DEFAULT_LEASE_MS),
      });
    }
    // nothing left that is due and free: b2 is not due, the others are held
    expect(await claimDueWebhookDeliveries(dispatcher({ instanceId: "late" }).context, 10)).toEqual([]);
  });

  it("a group record writes the deliveries whose claim still holds, logs every attempt and resets each endpoint once", async () => {
    const { adv, endpoints } = await setup([{ path: "/group", events: ["click.recorded"] }]);
    for (let index = 0; index < 3; index++) await enqueueTestEvent(adv.advertiserId, "click.recorded", T0 + index);
    const instance = dispatcher({ instanceId: "group" });
    expect(await fanOutEvents(instance.context)).toBe(3);
    const claimed = await claimDueWebhookDeliveries(instance.context, 10);
    expect(claimed).toHaveLength(3);
    const [kept, retried, stolen] = claimed;
    await db().webhookDelivery.update({ where: { id: retried!.id }, data: { attempts: 2 } });
    // another instance took this one over (our lease expired): our late success must not overwrite it
    await db().webhookDelivery.update({
      where: { id: stolen!.id },
      data: { lockedBy: "other/abc", lockedUntilMs: BigInt(T0 + 2 * DEFAULT_LEASE_MS) },
    });
    await db().webhookEndpoint.update({
      where: { id: endpoints[0]!.id },
      data: { failureCount: 3, failingSince: new Date(T0 - 60_000) },
    });

    clock = T0 + 1234;
    const ok = (statusCode: number, durationMs: number) => ({
      ok: true,
      statusCode,
      durationMs,
      error: null,
      gone: false,
    });
    await recordSuccesses(instance.context, [
      { delivery: kept!, outcome: ok(200, 7) },
      { delivery: { ...retried!, attempts: 2 }, outcome: ok(204, 11) },
      { delivery: stolen!, outcome: ok(200, 3) },
    ]);

    const row = (id: string) => db().webhookDelivery.findUniqueOrThrow({ where: { id } });
    const succeeded = {
      status: "succeeded",
      lastError: null,
      nextAttemptMs: null,
      deliveredAtMs: BigInt(clock),
      lockedBy: null,
      lockedUntilMs: null,
    };
    expect(await row(kept!.id)).toMatchObject({ ...succeeded, attempts: 1, lastStatusCode: 200 });
    expect(await row(retried!.id)).toMatchObject({ ...succeeded, attempts: 3, lastStatusCode: 204 });
    expect(await row(stolen!.id)).toMatchObject({
      status: "delivering",
      attempts: 0,
      lastStatusCode: null,
      lockedBy: "other/abc",
      deliveredAtMs: null,
    });
    const attempts = await db().webhookAttempt.findMany({
      where: { deliveryId: { in: claimed.map((delivery) => delivery.id) } },
      orderBy: { durationMs: "asc" },
    });
    expect(attempts).toMatchObject([
      {
        deliveryId: stolen!.id,
        attemptNo: 1,
        statusCode: 200,
        durationMs: 3,
        error: null,
        attemptedAtMs: BigInt(clock),
      },
      { deliveryId: kept!.id, attemptNo: 1, statusCode: 200, durationMs: 7, error: null, attemptedAtMs: BigInt(clock) },
      {
        deliveryId: retried!.id,
        attemptNo: 3,
        statusCode: 204,
        durationMs: 11,
        error: null,
        attemptedAtMs: BigInt(clock),
      },
    ]);
    expect(new Set(attempts.map((attempt) => attempt.id)).size).toBe(3);
    expect(await endpointRow(endpoints[0]!.id)).toMatchObject({
      failureCount: 0,
      failingSince: null,
      lastDeliveredAt: new Date(clock),
    });
  });
});

describe("claims shared by several instances", () => {
  it("two dispatchers with their own connections never both fan out an event or send a delivery", async () => {
    const { adv } = await setup([
      { path: "/shared-a", events: ["click.recorded", "conversion.recorded"] },
      { path: "/shared-b", events: ["conversion.recorded"] },
    ]);
    const ids: string[] = [];
    for (let index = 0; index < 120; index++)
      ids.push(
        await enqueueTestEvent(adv.advertiserId, index % 2 ? "click.recorded" : "conversion.recorded", T0 + index),
      );
    receiver.reply = () => ({ status: 200, delayMs: 2 });
    const second = createDb(env().DATABASE_URL);
    try {
      const one = dispatcher({ instanceId: "one", fanOutBatchSize: 7, maxInFlight: 8 });
      const two = dispatcher({ instanceId: "two", fanOutBatchSize: 7, maxInFlight: 8, db: second });
      await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    } finally {
      await second.$disconnect();
    }
    const a = at("/shared-a").map((request) => request.json.id);
    const b = at("/shared-b").map((request) => request.json.id);
    expect(a).toHaveLength(120);
    expect(new Set(a)).toEqual(new Set(ids));
    expect(b).toHaveLength(60);
    expect(new Set(b).size).toBe(60);
    const attempts = await db().webhookAttempt.count({
      where: { delivery: { endpoint: { advertiserId: adv.advertiserId } } },
    });
    expect(attempts).toBe(180);
  });

  it("a claim a crashed instance left behind is taken over once its lease expires, and the late result does not overwrite", async () => {
    const { adv, endpoints } = await setup([{ path: "/lease", events: ["click.recorded"] }]);
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    // instance A fans out and claims the delivery, then "dies" before sending
    const crashed = dispatcher({ instanceId: "crashed" });
    expect(await fanOutEvents(crashed.context)).toBe(1);
    const claimed = await claimDueWebhookDeliveries(crashed.context, 10);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]!.token.startsWith("crashed/")).toBe(true);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: claimed[0]!.id } })).toMatchObject({
      status: "delivering",
      lockedUntilMs: BigInt(T0 + DEFAULT_LEASE_MS),
    });

    const survivor = dispatcher({ instanceId: "survivor" });
    clock = T0 + DEFAULT_LEASE_MS - 1;
    await survivor.drain();
    expect(at("/lease")).toHaveLength(0);
    // expired claims are looked for at most once a second (the read walks every claimed row)
    clock = T0 + DEFAULT_LEASE_MS + 1;
    await survivor.drain();
    expect(at("/lease")).toHaveLength(0);
    clock = T0 + DEFAULT_LEASE_MS + 1_000;
    await survivor.drain();
    expect(at("/lease")).toHaveLength(1);
    let delivery = await db().webhookDelivery.findUniqueOrThrow({ where: { id: claimed[0]!.id } });
    expect(delivery).toMatchObject({ status: "succeeded", attempts: 1, lockedBy: null });

    // the crashed instance comes back with a failure: logged, but the delivery stays succeeded
    await recordAttempt(crashed.context, claimed[0]!, {
      ok: false,
      statusCode: 500,
      durationMs: 5,
      error: "HTTP 500",
      gone: false,
    });
    delivery = await db().webhookDelivery.findUniqueOrThrow({ where: { id: claimed[0]!.id } });
    expect(delivery).toMatchObject({ status: "succeeded", lastStatusCode: 200, nextAttemptMs: null });
    expect(await db().webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(2);
    expect(endpoints[0]!.id).toBe(delivery.endpointId);
  });

  it("claims and records the same rows while an interactive transaction holds the connection (they wait for it)", async () => {
    const { adv } = await setup([{ path: "/in-tx", events: ["click.recorded"] }]);
    await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    const instance = dispatcher({ instanceId: "in-tx" });
    expect(await fanOutEvents(instance.context)).toBe(1);
    // a transaction that rolls back: a claim that joined it would vanish with it
    const holding = await openRollingBackTransaction();
    // on SQLite the synchronous statements must not join the open transaction: the claim
    // waits for the transaction to end
    const claiming = claimDueWebhookDeliveries(instance.context, 10);
    await holding.rollBack();
    const claimed = await claiming;
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({ attempts: 0, endpoint: { isActive: true } });
    expect(claimed[0]!.token.startsWith("in-tx/")).toBe(true);
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: claimed[0]!.id } })).toMatchObject({
      status: "delivering",
      lockedBy: claimed[0]!.token,
    });

    // and the success is recorded the same way while another transaction that rolls back is open
    const holdingAgain = await openRollingBackTransaction();
    const recording = recordSuccesses(instance.context, [
      {
        delivery: claimed[0]!,
        outcome: { ok: true, statusCode: 200, durationMs: 3, error: null, gone: false },
      },
    ]);
    await holdingAgain.rollBack();
    await recording;
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: claimed[0]!.id } })).toMatchObject({
      status: "succeeded",
      attempts: 1,
      lockedBy: null,
    });
    expect(await db().webhookAttempt.count({ where: { deliveryId: claimed[0]!.id } })).toBe(1);

    // a failure (its own transaction, with the endpoint's counters) the same way
    const retried = await claimWebhookDelivery(instance.context, claimed[0]!.id, claimed[0]!.endpointId);
    expect(retried).not.toBeNull();
    const holdingThird = await openRollingBackTransaction();
    const failing = recordAttempt(instance.context, retried!, {
      ok: false,
      statusCode: 503,
      durationMs: 4,
      error: "HTTP 503",
      gone: false,
    });
    await holdingThird.rollBack();
    await failing;
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: claimed[0]!.id } })).toMatchObject({
      status: "pending",
      attempts: 2,
      lastStatusCode: 503,
      lockedBy: null,
    });
    expect(await endpointRow(claimed[0]!.endpointId)).toMatchObject({ failureCount: 1, failingSince: new Date(clock) });
    expect(await db().webhookAttempt.count({ where: { deliveryId: claimed[0]!.id } })).toBe(2);
  });

  it.runIf(dbKind() === "postgresql")(
    "on PostgreSQL a group record locks its endpoints in id order before any delivery row (no deadlock between instances)",
    async () => {
      const { adv, endpoints } = await setup([
        { path: "/order-a", events: ["click.recorded"] },
        { path: "/order-b", events: ["click.recorded"] },
      ]);
      await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
      const instance = dispatcher({ instanceId: "order" });
      expect(await fanOutEvents(instance.context)).toBe(1);
      const claimed = await claimDueWebhookDeliveries(instance.context, 10);
      expect(claimed).toHaveLength(2);
      const [low, high] = endpoints.map((endpoint) => endpoint.id).sort();
      const of = (endpointId: string) => claimed.find((delivery) => delivery.endpointId === endpointId)!;
      // a new version of the lower id's row: a scan of the table now meets the higher id first,
      // so only an explicit order locks the lower one first
      await db().webhookEndpoint.update({ where: { id: low! }, data: { failureCount: 1 } });
      // another instance's transaction holds the higher endpoint's row
      const other = new pg.Client(pgPoolConfig(env().DATABASE_URL));
      await other.connect();
      try {
        await other.query("BEGIN");
        await other.query("SELECT id FROM webhook_endpoints WHERE id = $1 FOR UPDATE", [high]);
        const success = { ok: true, statusCode: 200, durationMs: 1, error: null, gone: false };
        // the group lists the higher endpoint first
        const recording = recordSuccesses(instance.context, [
          { delivery: of(high!), outcome: success },
          { delivery: of(low!), outcome: success },
        ]);
        const waiting = async () =>
          (
            await other.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n > 0;
        await until(waiting);
        // the record took the lower id first and now waits for the higher one: the lower is not free
        await expect(
          other.query("SELECT id FROM webhook_endpoints WHERE id = $1 FOR UPDATE NOWAIT", [low]),
        ).rejects.toMatchObject({ code: "55P03" });
        await other.query("ROLLBACK");
        await recording;
      } finally {
        await other.end();
      }
      for (const delivery of claimed)
        expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
          status: "succeeded",
        });
    },
  );

  it.runIf(dbKind() === "postgresql")(
    "on PostgreSQL a group record does not wait for a fan-out inserting deliveries to its endpoints (no deadlock between them)",
    async () => {
      const { adv, endpoints } = await setup([
        { path: "/fan-a", events: ["click.recorded"] },
        { path: "/fan-b", events: ["click.recorded"] },
      ]);
      await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
      const instance = dispatcher({ instanceId: "fan" });
      expect(await fanOutEvents(instance.context)).toBe(1);
      const claimed = await claimDueWebhookDeliveries(instance.context, 10);
      expect(claimed).toHaveLength(2);
      const [low, high] = endpoints.map((endpoint) => endpoint.id).sort();
      // another instance's fan-out: its insert's foreign-key checks hold FOR KEY SHARE on each
      // endpoint it has written a delivery for, until it commits; its rows meet the higher id first
      const fanOut = new pg.Client(pgPoolConfig(env().DATABASE_URL));
      await fanOut.connect();
      const insert = (endpointId: string, eventId: string) =>
        fanOut.query(
          `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_ms, created_at_ms)
           VALUES ($1, $2, $3, 'click.recorded', '{}', 'pending', 0, $4, $4)`,
          [`whd_fan_${eventId}_${endpointId}`, endpointId, eventId, clock],
        );
      let settledRecord = false;
      try {
        await fanOut.query("BEGIN");
        await insert(high!, "evt_fan_1");
        const success = { ok: true, statusCode: 200, durationMs: 1, error: null, gone: false };
        const recording = recordSuccesses(instance.context, [
          { delivery: claimed[0]!, outcome: success },
          { delivery: claimed[1]!, outcome: success },
        ]);
        void recording.then(
          () => (settledRecord = true),
          () => (settledRecord = true),
        );
        const waitingOnLock = async () =>
          (
            await fanOut.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n > 0;
        // the record is done, or stuck behind the fan-out's lock on the higher endpoint (holding the lower)
        await until(async () => settledRecord || (await waitingOnLock()));
        // the fan-out's next row is the lower endpoint's: were the record holding it and waiting for
        // the higher, PostgreSQL would find the cycle and roll one of them back
        await insert(low!, "evt_fan_1");
        await fanOut.query("COMMIT");
        await recording;
      } finally {
        await fanOut.end();
      }
      for (const delivery of claimed)
        expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
          status: "succeeded",
          lockedBy: null,
        });
      for (const endpointId of [low!, high!])
        expect(await endpointRow(endpointId)).toMatchObject({ failureCount: 0, lastDeliveredAt: new Date(clock) });
      expect(
        await db().webhookDelivery.count({ where: { eventId: "evt_fan_1", endpointId: { in: [low!, high!] } } }),
      ).toBe(2);
    },
  );

  it.runIf(dbKind() === "sqlite")(
    "on SQLite a claim while another connection holds the write lock takes nothing at once instead of waiting",
    async () => {
      const { adv } = await setup([{ path: "/busy", events: ["click.recorded"] }]);
      await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
      const instance = dispatcher({ instanceId: "busy" });
      expect(await fanOutEvents(instance.context)).toBe(1);
      // the connection waits for locks as in production, and another process's connection (a
      // worker's) is in the middle of a write
      sqliteHandleOf(db())!.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
      const other = new Database(sqlitePath(env().DATABASE_URL));
      other.exec("BEGIN IMMEDIATE");
      try {
        const started = performance.now();
        expect(await claimDueWebhookDeliveries(instance.context, 10)).toEqual([]);
        // not the connection's 10 s busy timeout: half of it is a bound no loaded machine reaches for a claim
        expect(performance.now() - started).toBeLessThan(5_000);
      } finally {
        other.exec("ROLLBACK");
        other.close();
      }
      clock += 1_000; // expired claims are looked for once a second; this one is pending anyway
      expect(await claimDueWebhookDeliveries(instance.context, 10)).toHaveLength(1);
    },
  );

  it("an outbox event claimed by a crashed instance is fanned out by another after the lease", async () => {
    const { adv } = await setup([{ path: "/fanout-lease", events: ["click.recorded"] }]);
    const eventId = await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    await db().outboxEvent.update({
      where: { id: eventId },
      data: { lockedBy: "crashed/abc", lockedUntilMs: BigInt(T0 + DEFAULT_LEASE_MS) },
    });
    const survivor = dispatcher();
    await survivor.drain();
    expect(at("/fanout-lease")).toHaveLength(0);
    clock = T0 + DEFAULT_LEASE_MS + 1;
    await survivor.drain();
    expect(at("/fanout-lease").map((request) => request.json.id)).toEqual([eventId]);
  });

  it("a second delivery of one event to one endpoint cannot be created", async () => {
    const { adv, endpoints } = await setup([{ path: "/unique", events: ["click.recorded"] }]);
    const eventId = await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    await dispatcher().drain();
    const row = {
      endpointId: endpoints[0]!.id,
      eventId,
      eventType: "click.recorded",
      payload: "{}",
      status: "pending",
      createdAtMs: BigInt(T0),
    };
    await expect(db().webhookDelivery.create({ data: { id: "whd_duplicate", ...row } })).rejects.toMatchObject({
      code: "P2002",
    });
  });
});

describe("retention", () => {
  it("deletes outbox rows fanned out over 7 days ago and finished deliveries over 30 days old, nothing newer or pending", async () => {
    const { adv, endpoints } = await setup([{ path: "/prune", events: ["click.recorded"] }]);
    const day = 24 * 3600_000;
    const oldEvent = await enqueueTestEvent(adv.advertiserId, "click.recorded", T0);
    const run = dispatcher();
    await run.drain();
    receiver.reply = () => ({ status: 500 });
    clock = T0 + 25 * day;
    const pendingEvent = await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await run.drain();
    clock = T0 + 31 * day;
    const freshEvent = await enqueueTestEvent(adv.advertiserId, "click.recorded", clock);
    await db().outboxEvent.update({
      where: { id: freshEvent },
      data: { lockedBy: "x", lockedUntilMs: BigInt(clock + 1000) },
    });
    await pruneWebhookData(run.context);
    // fanned out on day 0 (gone), day 25 (kept: 6 days old), not yet (kept)
    expect(
      (await db().outboxEvent.findMany({ where: { advertiserId: adv.advertiserId } })).map((row) => row.id).sort(),
    ).toEqual([pendingEvent, freshEvent].sort());
    const left = await db().webhookDelivery.findMany({ where: { endpointId: endpoints[0]!.id } });
    expect(left.map((row) => [row.eventId, row.status])).toEqual([[pendingEvent, "pending"]]);
    expect(await db().webhookAttempt.count({ where: { delivery: { eventId: oldEvent } } })).toBe(0);
  });
});
