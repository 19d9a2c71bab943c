// E12-E15, the delivery log and manual retry through their route handlers,
// against a real local HTTP receiver (allow-listed through OUTBOUND_ALLOW_HOSTS).
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { verifySignature } from "@/lib/webhooks/sign";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { eventDataSchemas } from "@/lib/webhooks/events";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { enqueueTestEvent } from "@/test/factories/webhook-events";
import { call } from "@/test/http";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";

const { DELETE } = restRoute("/api/ads/webhooks/{id}");
const { GET: listDeliveries } = restRoute("/api/ads/webhooks/{id}/deliveries");
const { POST: retryDelivery } = restRoute("/api/ads/webhooks/{id}/deliveries/{delivery_id}/retry");
const { POST: sendTest } = restRoute("/api/ads/webhooks/{id}/test");
const { GET, POST } = restRoute("/api/ads/webhooks");

let receiver: Receiver;
let closed: Receiver;
let acme: TestAdvertiser;
let rival: TestAdvertiser;

beforeAll(async () => {
  receiver = await startReceiver();
  // a receiver that is gone: allow-listed, but nothing listens on its port
  closed = await startReceiver();
  await closed.close();
  process.env.OUTBOUND_ALLOW_HOSTS = `${receiver.hostPort},${closed.hostPort}`;
  reloadEnv();
  acme = await createTestAdvertiser("Acme Sportsbook");
  rival = await createTestAdvertiser("Rival Book");
});

afterAll(async () => {
  process.env.OUTBOUND_ALLOW_HOSTS = "";
  reloadEnv();
  await receiver.close();
});

beforeEach(() => {
  receiver.clear();
  receiver.reply = () => ({ status: 200, body: "ok" });
});

async function register(adv: TestAdvertiser, body: Record<string, unknown>) {
  return call(POST, "/api/ads/webhooks", { method: "POST", headers: await adv.auth(), body });
}

async function registerOk(adv: TestAdvertiser, body: Record<string, unknown> = {}) {
  const res = await register(adv, { url: receiver.url("/hook"), events: ["conversion.recorded"], ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

describe("E13 register", () => {
  it("201 with the endpoint, a 32-byte hex secret shown once and a warning", async () => {
    const res = await register(acme, {
      url: receiver.url("/e13"),
      events: ["click.recorded", "impression.served", "click.recorded"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      url: receiver.url("/e13"),
      events: ["click.recorded", "impression.served"],
      is_active: true,
      batch_impressions: false,
      failure_count: 0,
      last_delivered_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      deactivated_at: null,
      deactivated_reason: null,
      secret: expect.stringMatching(/^[0-9a-f]{64}$/),
      warning: expect.stringMatching(/shown only once/),
    });
    const stored = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.secret).toBe(res.body.secret);
    expect(stored.advertiserId).toBe(acme.advertiserId);
    // registering connects to nothing
    expect(receiver.requests).toHaveLength(0);
  });

  it("accepts batch_impressions true and gives every endpoint its own secret", async () => {
    const one = await registerOk(acme, { events: ["impression.served"], batch_impressions: true });
    const two = await registerOk(acme, { events: ["impression.served"] });
    expect(one.secret).not.toBe(two.secret);
    const rows = await db().webhookEndpoint.findMany({ where: { id: { in: [one.id, two.id] } } });
    expect(Object.fromEntries(rows.map((row) => [row.id, row.batchImpressions]))).toEqual({
      [one.id]: true,
      [two.id]: false,
    });
  });

  it.each([
    [{ events: ["click.recorded"] }, "url"],
    [{ url: "not a url", events: ["click.recorded"] }, "url"],
    [{ url: "https://hooks.example.com/x", events: [] }, "events"],
    [{ url: "https://hooks.example.com/x" }, "events"],
    [{ url: "https://hooks.example.com/x", events: ["click.recorded", "bet.placed"] }, "events[1]"],
    [{ url: "https://hooks.example.com/x", events: "click.recorded" }, "events"],
    [{ url: "https://hooks.example.com/x", events: ["click.recorded"], batch_impressions: "yes" }, "batch_impressions"],
    [{ url: "https://hooks.example.com/x", events: ["click.recorded"], secret: "mine" }, ""],
  ])("422 validation_failed for %j (path %s)", async (body, path) => {
    const before = await db().webhookEndpoint.count();
    const res = await register(acme, body);
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await db().webhookEndpoint.count()).toBe(before);
  });

  it("refuses private and non-HTTPS URLs on path url without any connection attempt", async () => {
    // `listener` counts every TCP connection; none of these URLs is allow-listed
    const listener = await startReceiver();
    const port = listener.port;
    const urls = [
      `https://127.0.0.1:${port}/hook`,
      `https://localhost:${port}/hook`,
      `https://[::1]:${port}/hook`,
      `https://[::ffff:127.0.0.1]:${port}/hook`,
      `http://127.0.0.1:${port}/hook`,
      "https://10.0.0.7/hook",
      "https://192.168.1.20/hook",
      "https://169.254.169.254/latest/meta-data/",
      "http://93.184.216.34/hook",
      "ftp://93.184.216.34/hook",
      "https://user:pass@93.184.216.34/hook",
    ];
    try {
      const before = await db().webhookEndpoint.count();
      for (const url of urls) {
        const res = await register(acme, { url, events: ["click.recorded"] });
        expect(res.status, url).toBe(422);
        expect(res.body.code).toBe("validation_failed");
        expect(res.body.errors).toEqual([{ path: "url", message: expect.any(String) }]);
      }
      const scheme = await register(acme, { url: `http://127.0.0.1:${port}/hook`, events: ["click.recorded"] });
      expect(scheme.body.errors[0].message).toMatch(/https/);
      const loopback = await register(acme, { url: `https://127.0.0.1:${port}/hook`, events: ["click.recorded"] });
      expect(loopback.body.errors[0].message).toMatch(/public addresses only/);
      // a host name that resolves to a private address: the answer never names the address (docs/decisions/0909)
      const named = await register(acme, { url: `https://localhost:${port}/hook`, events: ["click.recorded"] });
      expect(named.body.errors[0].message).toMatch(/public addresses only/);
      expect(named.text).not.toMatch(/127\.0\.0\.1|::1/);
      // nor whether it resolves at all: a name that does not resolve gets the very same answer
      const missing = await register(acme, { url: "https://no-such-host.invalid/hook", events: ["click.recorded"] });
      expect(missing.status).toBe(422);
      expect({ detail: missing.body.detail, errors: missing.body.errors }).toEqual({
        detail: named.body.detail,
        errors: named.body.errors,
      });
      // nor an IPv4-compatible IPv6 literal (::/96) carrying loopback
      const compatible = await register(acme, {
        url: `https://[::127.0.0.1]:${port}/hook`,
        events: ["click.recorded"],
      });
      expect(compatible.body.errors).toEqual(named.body.errors);
      expect(listener.connections()).toBe(0);
      expect(listener.requests).toHaveLength(0);
      expect(await db().webhookEndpoint.count()).toBe(before);
    } finally {
      await listener.close();
    }
  });

  it("400 for malformed JSON, 401 without a token, 403 without campaigns:write", async () => {
    const bad = await call(POST, "/api/ads/webhooks", {
      method: "POST",
      headers: { ...(await acme.auth()), "content-type": "application/json" },
      body: "{",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("bad_request");
    const anonymous = await call(POST, "/api/ads/webhooks", {
      method: "POST",
      body: { url: receiver.url(), events: ["click.recorded"] },
    });
    expect(anonymous.status).toBe(401);
    const readOnly = await call(POST, "/api/ads/webhooks", {
      method: "POST",
      headers: await acme.auth(["campaigns:read"]),
      body: { url: receiver.url(), events: ["click.recorded"] },
    });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("insufficient_scope");
  });

  it("409 beyond 20 active endpoints; deactivating one makes room", async () => {
    const crowded = await createTestAdvertiser("Crowded");
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) ids.push((await registerOk(crowded)).id);
    const over = await register(crowded, { url: receiver.url(), events: ["click.recorded"] });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("conflict");
    await call(DELETE, `/api/ads/webhooks/${ids[0]}`, {
      method: "DELETE",
      headers: await crowded.auth(),
      params: { id: ids[0]! },
    });
    expect((await register(crowded, { url: receiver.url(), events: ["click.recorded"] })).status).toBe(201);
  });
});

describe("E12 list", () => {
  it("lists the advertiser's endpoints newest first, never with a secret; another advertiser sees none of them", async () => {
    const owner = await createTestAdvertiser("Lister");
    const first = await registerOk(owner, { events: ["campaign.ended"] });
    const second = await registerOk(owner, { events: ["impression.served"], batch_impressions: true });
    const res = await call(GET, "/api/ads/webhooks", { headers: await owner.auth(["campaigns:read"]) });
    expect(res.status).toBe(200);
    expect(res.body.endpoints.map((endpoint: { id: string }) => endpoint.id)).toEqual([second.id, first.id]);
    for (const endpoint of res.body.endpoints) {
      expect(endpoint).not.toHaveProperty("secret");
      expect(endpoint).not.toHaveProperty("warning");
    }
    expect(res.text).not.toContain(first.secret);
    expect(res.text).not.toContain(second.secret);
    expect(res.body.endpoints[0]).toMatchObject({
      url: receiver.url("/hook"),
      events: ["impression.served"],
      batch_impressions: true,
      is_active: true,
    });

    const other = await call(GET, "/api/ads/webhooks", { headers: await rival.auth() });
    expect(other.body.endpoints.map((endpoint: { id: string }) => endpoint.id)).not.toContain(first.id);
  });

  it("401 without a token, 403 without campaigns:read", async () => {
    expect((await call(GET, "/api/ads/webhooks")).status).toBe(401);
    const res = await call(GET, "/api/ads/webhooks", { headers: await acme.auth(["reporting:read"]) });
    expect(res.status).toBe(403);
  });
});

describe("E14 deactivate", () => {
  it("answers {deactivated: true, id}, again when repeated; the endpoint stays listed as inactive", async () => {
    const endpoint = await registerOk(acme);
    const path = `/api/ads/webhooks/${endpoint.id}`;
    const first = await call(DELETE, path, {
      method: "DELETE",
      headers: await acme.auth(),
      params: { id: endpoint.id },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ deactivated: true, id: endpoint.id });
    const again = await call(DELETE, path, {
      method: "DELETE",
      headers: await acme.auth(),
      params: { id: endpoint.id },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ deactivated: true, id: endpoint.id });
    const listed = await call(GET, "/api/ads/webhooks", { headers: await acme.auth() });
    const row = listed.body.endpoints.find((item: { id: string }) => item.id === endpoint.id);
    expect(row).toMatchObject({
      is_active: false,
      deactivated_reason: "Deactivated through the API.",
      deactivated_at: expect.any(String),
    });
  });

  it("404 for another advertiser's endpoint, an unknown UUID and a non-UUID; 403 without campaigns:write", async () => {
    const endpoint = await registerOk(acme);
    for (const id of [
      endpoint.id,
      "6f1c2a1e-0b7a-4c55-9d35-0e7f3f4b9a10",
      "not-a-uuid",
      "1; DROP TABLE webhook_endpoints",
    ]) {
      const res = await call(DELETE, `/api/ads/webhooks/${encodeURIComponent(id)}`, {
        method: "DELETE",
        headers: await rival.auth(),
        params: { id },
      });
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    const readOnly = await call(DELETE, `/api/ads/webhooks/${endpoint.id}`, {
      method: "DELETE",
      headers: await acme.auth(["campaigns:read"]),
      params: { id: endpoint.id },
    });
    expect(readOnly.status).toBe(403);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).isActive).toBe(true);
  });
});

describe("E15 test event", () => {
  it("sends a signed conversion.recorded now, verifiable with the returned secret over the raw body", async () => {
    const endpoint = await registerOk(acme);
    const res = await call(sendTest, `/api/ads/webhooks/${endpoint.id}/test`, {
      method: "POST",
      headers: await acme.auth(),
      params: { id: endpoint.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      status_code: 200,
      duration_ms: expect.any(Number),
      message: expect.stringMatching(/answered 200/),
    });
    expect(receiver.requests).toHaveLength(1);
    const received = receiver.requests[0]!;
    expect(received.method).toBe("POST");
    expect(received.headers["content-type"]).toBe("application/json");
    const check = verifySignature({
      secret: endpoint.secret,
      rawBody: received.rawBody,
      timestamp: received.headers["x-service-timestamp"] as string,
      signature: received.headers["x-service-signature"] as string,
    });
    expect(check.ok).toBe(true);
    expect(received.headers["x-service-event-id"]).toBe(received.json.id);
    expect(received.json.type).toBe("conversion.recorded");
    expect(eventDataSchemas["conversion.recorded"].parse(received.json.data)).toMatchObject({
      event_name: "webhook.test",
    });
    // the wrong secret does not verify
    expect(
      verifySignature({
        secret: "0".repeat(64),
        rawBody: received.rawBody,
        timestamp: received.headers["x-service-timestamp"] as string,
        signature: received.headers["x-service-signature"] as string,
      }).ok,
    ).toBe(false);
  });

  it("sends a sample of the chosen subscribed event type, signed; another type is 422 on event_type and sends nothing", async () => {
    const endpoint = await registerOk(acme, { events: ["campaign.ended", "invoice.issued"] });
    const send = async (body?: unknown) =>
      call(sendTest, `/api/ads/webhooks/${endpoint.id}/test`, {
        method: "POST",
        headers: await acme.auth(),
        params: { id: endpoint.id },
        ...(body === undefined ? {} : { body }),
      });
    const res = await send({ event_type: "invoice.issued" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: expect.stringMatching(/\(invoice\.issued\) accepted/) });
    expect(receiver.requests).toHaveLength(1);
    const received = receiver.requests[0]!;
    expect(received.json.type).toBe("invoice.issued");
    expect(eventDataSchemas["invoice.issued"].safeParse(received.json.data).success).toBe(true);
    expect((received.json.data as { invoice_id: string }).invoice_id).toMatch(/^inv_test_/);
    expect(
      verifySignature({
        secret: endpoint.secret,
        rawBody: received.rawBody,
        timestamp: received.headers["x-service-timestamp"] as string,
        signature: received.headers["x-service-signature"] as string,
      }).ok,
    ).toBe(true);

    for (const body of [{ event_type: "click.recorded" }, { event_type: "nope" }, { event: "campaign.ended" }]) {
      const refused = await send(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.code).toBe("validation_failed");
    }
    expect((await send({ event_type: "click.recorded" })).body.errors[0].path).toBe("event_type");
    expect(receiver.requests).toHaveLength(1);
    // no body, or an empty one: conversion.recorded as before, whatever the endpoint subscribes to
    expect((await send()).status).toBe(200);
    expect((await send({})).status).toBe(200);
    expect(receiver.requests.map((request) => request.json.type)).toEqual([
      "invoice.issued",
      "conversion.recorded",
      "conversion.recorded",
    ]);
  });

  it("a failing receiver is 200 with success false; failure_count and last_delivered_at do not change", async () => {
    const endpoint = await registerOk(acme);
    receiver.reply = () => ({ status: 500, body: "database on fire" });
    const res = await call(sendTest, `/api/ads/webhooks/${endpoint.id}/test`, {
      method: "POST",
      headers: await acme.auth(),
      params: { id: endpoint.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: false,
      status_code: 500,
      message: expect.stringMatching(/HTTP 500: database on fire/),
    });
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.failureCount).toBe(0);
    expect(row.lastDeliveredAt).toBeNull();
    expect(await db().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);

    receiver.reply = () => ({ status: 200 });
    await call(sendTest, `/api/ads/webhooks/${endpoint.id}/test`, {
      method: "POST",
      headers: await acme.auth(),
      params: { id: endpoint.id },
    });
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).lastDeliveredAt).toBeNull();
  });

  it("reports status_code 0 when nothing answers", async () => {
    const res = await register(acme, { url: closed.url("/gone"), events: ["conversion.recorded"] });
    expect(res.status).toBe(201);
    const test = await call(sendTest, `/api/ads/webhooks/${res.body.id}/test`, {
      method: "POST",
      headers: await acme.auth(),
      params: { id: res.body.id },
    });
    expect(test.status).toBe(200);
    expect(test.body).toMatchObject({
      success: false,
      status_code: 0,
      message: expect.stringMatching(/connection failed/),
    });
  });

  it("a retry with the same Idempotency-Key answers the first result again and sends nothing more", async () => {
    const endpoint = await registerOk(acme);
    const send = async () =>
      call(sendTest, `/api/ads/webhooks/${endpoint.id}/test`, {
        method: "POST",
        headers: { ...(await acme.auth()), "idempotency-key": `e15-${endpoint.id}` },
        params: { id: endpoint.id },
      });
    const first = await send();
    expect(first.status).toBe(200);
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(receiver.requests).toHaveLength(1);
  });

  it("404 for another advertiser's endpoint (nothing sent); 409 once deactivated", async () => {
    const endpoint = await registerOk(acme);
    const foreign = await call(sendTest, `/api/ads/webhooks/${endpoint.id}/test`, {
      method: "POST",
      headers: await rival.auth(),
      params: { id: endpoint.id },
    });
    expect(foreign.status).toBe(404);
    expect(receiver.requests).toHaveLength(0);
    await call(DELETE, `/api/ads/webhooks/${endpoint.id}`, {
      method: "DELETE",
      headers: await acme.auth(),
      params: { id: endpoint.id },
    });
    const inactive = await call(sendTest, `/api/ads/webhooks/${endpoint.id}/test`, {
      method: "POST",
      headers: await acme.auth(),
      params: { id: endpoint.id },
    });
    expect(inactive.status).toBe(409);
    expect(inactive.body.code).toBe("conflict");
    expect(receiver.requests).toHaveLength(0);
  });
});

describe("delivery log and manual retry", () => {
  it("shows each attempt with status code, duration, error and next retry; retry redelivers the same event now", async () => {
    const owner = await createTestAdvertiser("Logger");
    const endpoint = await registerOk(owner, { events: ["click.recorded"] });
    const clock = Date.now();
    const dispatcher = new WebhookDispatcher({ now: () => clock, random: () => 0.5 });
    const eventId = await enqueueTestEvent(owner.advertiserId, "click.recorded", clock);
    receiver.reply = () => ({ status: 503, body: "maintenance" });
    await dispatcher.drain();

    const path = `/api/ads/webhooks/${endpoint.id}/deliveries`;
    const log = await call(listDeliveries, path, {
      headers: await owner.auth(["campaigns:read"]),
      params: { id: endpoint.id },
    });
    expect(log.status).toBe(200);
    expect(log.body.pagination).toEqual({ page: 1, per_page: 20, total: 1 });
    const [delivery] = log.body.deliveries;
    expect(delivery).toMatchObject({
      event_id: eventId,
      event_type: "click.recorded",
      batch: false,
      item_count: 1,
      status: "pending",
      attempts: 1,
      last_status_code: 503,
      last_error: "HTTP 503: maintenance",
      next_attempt_at: new Date(clock + 5000).toISOString(),
      delivered_at: null,
    });
    expect(delivery.attempt_log).toEqual([
      {
        attempt: 1,
        status_code: 503,
        duration_ms: expect.any(Number),
        error: "HTTP 503: maintenance",
        attempted_at: new Date(clock).toISOString(),
      },
    ]);

    receiver.reply = () => ({ status: 204 });
    const beforeRetry = Date.now();
    const retried = await call(retryDelivery, `${path}/${delivery.id}/retry`, {
      method: "POST",
      headers: await owner.auth(),
      params: { id: endpoint.id, delivery_id: delivery.id },
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      id: delivery.id,
      status: "succeeded",
      attempts: 2,
      last_status_code: 204,
      last_error: null,
      next_attempt_at: null,
    });
    expect(
      retried.body.attempt_log.map((attempt: { attempt: number; status_code: number }) => [
        attempt.attempt,
        attempt.status_code,
      ]),
    ).toEqual([
      [2, 204],
      [1, 503],
    ]);
    expect(receiver.requests.map((request) => request.headers["x-service-event-id"])).toEqual([eventId, eventId]);
    expect(receiver.requests[0]!.rawBody.equals(receiver.requests[1]!.rawBody)).toBe(true);
    const row = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.failureCount).toBe(0);
    // the route runs on the real clock: the delivery time lies within the call
    expect(row.lastDeliveredAt!.getTime()).toBeGreaterThanOrEqual(beforeRetry);
    expect(row.lastDeliveredAt!.getTime()).toBeLessThanOrEqual(Date.now());

    // a delivered event can be sent again on request (the receiver dedupes on the id)
    const again = await call(retryDelivery, `${path}/${delivery.id}/retry`, {
      method: "POST",
      headers: await owner.auth(),
      params: { id: endpoint.id, delivery_id: delivery.id },
    });
    expect(again.body).toMatchObject({ status: "succeeded", attempts: 3 });
    expect(receiver.requests).toHaveLength(3);

    const filtered = await call(listDeliveries, path, {
      headers: await owner.auth(),
      params: { id: endpoint.id },
      query: { status: "failed" },
    });
    expect(filtered.body).toEqual({ deliveries: [], pagination: { page: 1, per_page: 20, total: 0 } });
    const paged = await call(listDeliveries, path, {
      headers: await owner.auth(),
      params: { id: endpoint.id },
      query: { page: 2, per_page: 1 },
    });
    expect(paged.body).toEqual({ deliveries: [], pagination: { page: 2, per_page: 1, total: 1 } });
    const invalid = await call(listDeliveries, path, {
      headers: await owner.auth(),
      params: { id: endpoint.id },
      query: { per_page: 500 },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].path).toBe("per_page");
    // a repeated key is refused, never resolved to one of its values
    for (const [query, field] of [
      ["page=1&page=2", "page"],
      ["per_page=5&per_page=5", "per_page"],
      ["status=failed&status=succeeded", "status"],
    ]) {
      const repeated = await call(listDeliveries, `${path}?${query}`, {
        headers: await owner.auth(),
        params: { id: endpoint.id },
      });
      expect(repeated.status, query).toBe(422);
      expect(repeated.body.code).toBe("validation_failed");
      expect(repeated.body.errors.map((error: { path: string }) => error.path)).toEqual([field]);
    }
  });

  it("404 for another advertiser, an unknown delivery or a delivery of another endpoint; 409 when deactivated", async () => {
    const owner = await createTestAdvertiser("Retrier");
    const endpoint = await registerOk(owner, { events: ["click.recorded"] });
    const sibling = await registerOk(owner, { events: ["conversion.recorded"] });
    const dispatcher = new WebhookDispatcher();
    await enqueueTestEvent(owner.advertiserId, "click.recorded");
    await dispatcher.drain();
    const delivery = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
    const base = `/api/ads/webhooks/${endpoint.id}/deliveries`;

    const foreignLog = await call(listDeliveries, base, { headers: await rival.auth(), params: { id: endpoint.id } });
    expect(foreignLog.status).toBe(404);
    const foreignRetry = await call(retryDelivery, `${base}/${delivery.id}/retry`, {
      method: "POST",
      headers: await rival.auth(),
      params: { id: endpoint.id, delivery_id: delivery.id },
    });
    expect(foreignRetry.status).toBe(404);
    const unknown = await call(retryDelivery, `${base}/whd_nope/retry`, {
      method: "POST",
      headers: await owner.auth(),
      params: { id: endpoint.id, delivery_id: "whd_nope" },
    });
    expect(unknown.status).toBe(404);
    const wrongEndpoint = await call(retryDelivery, `/api/ads/webhooks/${sibling.id}/deliveries/${delivery.id}/retry`, {
      method: "POST",
      headers: await owner.auth(),
      params: { id: sibling.id, delivery_id: delivery.id },
    });
    expect(wrongEndpoint.status).toBe(404);
    const readOnly = await call(retryDelivery, `${base}/${delivery.id}/retry`, {
      method: "POST",
      headers: await owner.auth(["campaigns:read"]),
      params: { id: endpoint.id, delivery_id: delivery.id },
    });
    expect(readOnly.status).toBe(403);
    const logScope = await call(listDeliveries, base, {
      headers: await owner.auth(["reporting:read"]),
      params: { id: endpoint.id },
    });
    expect(logScope.status).toBe(403);

    const sent = receiver.requests.length;
    await call(DELETE, `/api/ads/webhooks/${endpoint.id}`, {
      method: "DELETE",
      headers: await owner.auth(),
      params: { id: endpoint.id },
    });
    const inactive = await call(retryDelivery, `${base}/${delivery.id}/retry`, {
      method: "POST",
      headers: await owner.auth(),
      params: { id: endpoint.id, delivery_id: delivery.id },
    });
    expect(inactive.status).toBe(409);
    expect(receiver.requests).toHaveLength(sent);
  });
});
