// both databases: raw SQL scrapes
// GET /metrics over real HTTP, as server.ts serves it: after a known mix of requests,
// decisions, a moment, webhook successes and failures and rate-limit refusals, the counts are
// exactly those; the token is required; label values never come from the request (hostile
// paths, ids, methods and headers leave only the surface's operation names and fixed groups).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_HANDLERS } from "@/app/api/[...path]/own-handlers";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { fixedClock } from "@/lib/clock";
import { db, dbKind } from "@/lib/db/client";
import { deliveryEngine, stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { dispatcher } from "@/lib/http/rest-router";
import { operationLabels } from "@/lib/http/operation-label";
import { consumeRateLimit } from "@/lib/rate-limit/limiter";
import { registerWebhook } from "@/lib/webhooks/register-webhook";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { deliveryCampaign, resetDeliveryTables } from "@/test/delivery-engine";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { enqueueTestEvent } from "@/test/factories/webhook-events";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { parsePrometheus, sampleValue, type PromSample } from "@/test/prometheus-text";
import { startReceiver, type Receiver } from "@/test/webhook-receiver";
import { readAtScrape } from "./scrape-sources";
import { databaseChecks, Readiness } from "./readiness";

const TOKEN = "metrics-token-for-tests-0123456789";
let server: HotServer;
let receiver: Receiver;
let platformKey: string;

beforeAll(async () => {
  await resetDeliveryTables();
  await stopDeliveryEngine();
  receiver = await startReceiver();
  readAtScrape();
  const readiness = new Readiness(databaseChecks({ signingKey: true }), { timeoutMs: 2000 });
  const routes = dispatcher(OWN_HANDLERS);
  server = await startHotServer({ "/api/ads/moment-types": { GET: routes } }, {}, undefined, {
    readiness,
    metricsToken: TOKEN,
  });
  platformKey = (await createPlatformKey("metrics test publisher")).key;
});
afterAll(async () => {
  await server.close();
  await receiver.close();
  await stopDeliveryEngine();
});

async function scrapeText(token: string | null = TOKEN): Promise<Response> {
  return fetch(`${server.url}/metrics`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
}

async function scrape(): Promise<PromSample[]> {
  const response = await scrapeText();
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return parsePrometheus(await response.text());
}

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${platformKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("GET /metrics", () => {
  it("wants the token: 401 without it or with another", async () => {
    for (const token of [null, "wrong-token-wrong-token-wrong"]) {
      const response = await scrapeText(token);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(((await response.json()) as { code: string }).code).toBe("unauthorized");
    }
  });

  it("shows exactly the requests, decisions, moment, webhook attempts and refusals made", async () => {
    const before = await scrape();
    const adv = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: adv.advertiserId, bidCpmUsd: 2 });

    // six decisions for one user of one game: five filled, the sixth capped (5 alerts per game)
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post("/api/delivery/decisions", decision({ user_id: "u1" }))).status);
    // a sport no campaign bids on: no fill
    statuses.push((await post("/api/delivery/decisions", decision({ user_id: "u2", sport: "nfl" }))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 204, 204]);
    // a bad body: 422, still counted under the operation
    expect((await post("/api/delivery/decisions", { moment_type: "nope" })).status).toBe(422);
    // one moment for two new users: both filled
    const moment = await post("/api/delivery/moments", { ...decision({}), user_ids: ["m1", "m2"], user_id: undefined });
    expect(moment.status).toBe(200);
    // a REST operation through the catch-all route, and an unknown API path
    expect((await fetch(`${server.url}/api/ads/moment-types`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/ads/no-such-thing`)).status).toBe(404);

    // two endpoints for one event: one answers 200, the other 500
    receiver.reply = (request) => ({ status: request.path === "/fail" ? 500 : 200, body: "x" });
    const actor = actorFor(adv.advertiserId);
    for (const path of ["/ok", "/fail"])
      await registerWebhook(
        actor,
        { url: receiver.url(path), events: ["click.recorded"] },
        { allowHosts: [receiver.hostPort], clock: fixedClock(Date.now() - 1000) },
      );
    await enqueueTestEvent(adv.advertiserId, "click.recorded", Date.now() - 500);
    await new WebhookDispatcher({ allowHosts: [receiver.hostPort], random: () => 0.5 }).drain();
    expect(receiver.requests.map((request) => request.path).sort()).toEqual(["/fail", "/ok"]);
    // the failed delivery's retry, an hour from now (its first is seconds away: a slow run must not make it due)
    await db().webhookDelivery.updateMany({
      where: { status: "pending" },
      data: { nextAttemptMs: BigInt(Date.now() + 3_600_000) },
    });

    // eleven token requests from one address in a minute: the eleventh refused (10 per minute)
    const outcomes = [];
    for (let i = 0; i < 11; i++) outcomes.push((await consumeRateLimit("token", "203.0.113.7")).allowed);
    expect(outcomes.filter((allowed) => !allowed)).toHaveLength(1);

    await (await deliveryEngine()).writer.flush();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);

    expect(delta("sma_decisions_total", { outcome: "filled" })).toBe(5);
    expect(delta("sma_decisions_total", { outcome: "capped" })).toBe(1);
    expect(delta("sma_decisions_total", { outcome: "no_fill" })).toBe(1);
    expect(delta("sma_moments_total")).toBe(1);
    expect(delta("sma_moment_decisions_total", { outcome: "filled" })).toBe(2);
    expect(delta("sma_moment_decisions_total", { outcome: "no_fill" })).toBe(0);
    expect(delta("sma_moment_commit_users_count")).toBe(1);
    expect(delta("sma_moment_commit_users_sum")).toBe(2);
    expect(delta("sma_moment_commit_duration_seconds_count")).toBe(1);
    // every row the single decisions wrote went through a group commit: 5 impressions, 2 auctions without one
    expect(delta("sma_group_commit_batch_size_sum")).toBe(7);
    expect(delta("sma_group_commit_duration_seconds_count")).toBe(delta("sma_group_commit_batch_size_count"));

    expect(delta("sma_http_requests_total", { operation: "decideMoment", status: "200" })).toBe(5);
    expect(delta("sma_http_requests_total", { operation: "decideMoment", status: "204" })).toBe(2);
    expect(delta("sma_http_requests_total", { operation: "decideMoment", status: "422" })).toBe(1);
    expect(delta("sma_http_request_duration_seconds_count", { operation: "decideMoment" })).toBe(8);
    expect(delta("sma_http_requests_total", { operation: "fanOutMoment", status: "200" })).toBe(1);
    expect(delta("sma_http_requests_total", { operation: "listMomentTypes", status: "200" })).toBe(1);
    expect(delta("sma_http_requests_total", { operation: "api_unmatched", status: "404" })).toBe(1);
    // the scrapes themselves are not counted
    expect(after.filter((sample) => sample.labels.operation === "metrics")).toEqual([]);

    expect(delta("sma_webhook_attempts_total", { outcome: "success" })).toBe(1);
    expect(delta("sma_webhook_attempts_total", { outcome: "http_error" })).toBe(1);
    expect(delta("sma_webhook_attempts_total", { outcome: "no_answer" })).toBe(0);
    expect(delta("sma_rate_limit_refusals_total", { policy: "token" })).toBe(1);
    expect(delta("sma_rate_limit_refusals_total", { policy: "report" })).toBe(0);

    // the failed delivery waits for its retry: in the backlog, not late
    expect(sampleValue(after, "sma_outbox_backlog")).toBe(1);
    expect(sampleValue(after, "sma_outbox_oldest_unsent_age_seconds")).toBe(0);
    // an event written a minute ago and not fanned out yet: late by that minute
    await enqueueTestEvent(adv.advertiserId, "click.recorded", Date.now() - 60_000);
    const late = await scrape();
    expect(sampleValue(late, "sma_outbox_backlog")).toBe(2);
    expect(sampleValue(late, "sma_outbox_oldest_unsent_age_seconds")).toBeGreaterThanOrEqual(60);
    expect(sampleValue(late, "sma_outbox_oldest_unsent_age_seconds")).toBeLessThan(120);
    // the pool's use on PostgreSQL (SQLite has no pool: no series)
    if (dbKind() === "postgresql")
      expect(sampleValue(after, "sma_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
    else expect(after.filter((sample) => sample.name === "sma_db_pool_connections")).toEqual([]);
    // Node's default metrics
    expect(sampleValue(after, "sma_process_cpu_user_seconds_total")).toBeGreaterThan(0);
  });

  it("takes no label value from the request: hostile paths, ids, methods and headers", async () => {
    const hostile = [
      "/api/ads/campaigns/cmp_evil%22%7Dinjected%7B",
      "/api/ads/campaigns/%3Cscript%3E",
      "/api/delivery/decisions/extra%0Aevil",
      "/api/delivery/evil_operation",
      "/c/clk_%22%7D%20evil%3D%221",
      "/api/ads/webhooks/whk_zzz/test",
      "/api/EVIL",
      "/evil_page_label",
      "/_next/static/evil_asset.js",
      "/.well-known/evil_discovery",
      "/mcp/evil_mcp",
      "/metricsevil",
    ];
    for (const path of hostile)
      await fetch(`${server.url}${path}?operation=evil_query&status=evil_status`, {
        headers: { "x-request-id": "evil_request_id", "x-operation": "evil_header" },
      }).then((response) => response.arrayBuffer());
    await fetch(`${server.url}/api/delivery/decisions`, { method: "PATCH" }).then((response) => response.text());
    await fetch(`${server.url}/api/ads/moment-types`, { method: "EVILMETHOD" }).then(
      (response) => response.text(),
      () => "",
    );

    const response = await scrapeText();
    const text = await response.text();
    expect(text).not.toMatch(/evil|injected|%3C|<script/i);
    const allowed = new Set(operationLabels());
    const labelled = parsePrometheus(text).filter((sample) => sample.name.startsWith("sma_http_"));
    expect(labelled.length).toBeGreaterThan(0);
    for (const sample of labelled) {
      expect(allowed.has(sample.labels.operation!), sample.labels.operation).toBe(true);
      if (sample.labels.status !== undefined) expect(sample.labels.status).toMatch(/^[1-5]\d\d$/);
    }
    const samples = parsePrometheus(text);
    expect(sampleValue(samples, "sma_http_requests_total", { operation: "getCampaign", status: "404" })).toBe(2);
    expect(sampleValue(samples, "sma_http_requests_total", { operation: "page", status: "404" })).toBe(2);
  });
});

function decision(overrides: Record<string, unknown>) {
  return { moment_type: "close_game", sport: "nba", game_id: "g1", user_id: "u1", ...overrides };
}
