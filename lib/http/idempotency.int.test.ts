// both databases: idempotency keys' unique rows under concurrency
// Idempotency-Key on the REST writes (docs/decisions/1300), through the real
// route handlers: a retry replays the first response and creates nothing; the
// same key with another request, a key in flight, a 4xx that frees its key,
// keys per advertiser, validate_only that neither uses nor consumes a key; a
// response replayed only to the client that made it, and stored sealed.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { createClient } from "@/lib/auth/clients";
import { SCOPES } from "@/lib/auth/scopes";
import { rotateSessionSecret } from "@/lib/auth/session-secret";
import { issueAccessToken } from "@/lib/auth/tokens";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import {
  beginIdempotentRequest,
  IDEMPOTENCY_STALE_MS,
  IDEMPOTENCY_TTL_MS,
} from "@/lib/domain/idempotency/idempotent-request";
import { createCampaign } from "@/lib/domain/campaigns/create-campaign";
import { requestLogger } from "@/lib/log";
import { parseOperationInput } from "@/lib/operations/invoke";
import { encodeResult } from "@/lib/operations/idempotency";
import { campaignBody, creativeBody } from "@/test/campaign-input";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi } from "@/test/openapi";

const { POST: createRoute } = restRoute("/api/ads/campaigns");
const { DELETE: cancelRoute, PATCH: updateRoute } = restRoute("/api/ads/campaigns/{id}");
const { POST: variantRoute } = restRoute("/api/ads/campaigns/{id}/variants");
const { POST: registerWebhookRoute } = restRoute("/api/ads/webhooks");

let icons: IconServer;
let adv: TestAdvertiser;
let headers: Record<string, string>;
let keyCounter = 0;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser();
  headers = await adv.auth();
});
afterAll(() => icons.close());

const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;
// the actor of the advertiser's own client, as its REST requests carry it
const actorOf = (advertiser: TestAdvertiser): Actor => ({
  ...actorFor(advertiser.advertiserId, []),
  clientId: advertiser.clientId,
});

/** Keys in a fixed order, as the operation's fingerprint writes its input. */
const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : typeof value === "object" && value !== null
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, sorted((value as Record<string, unknown>)[name])]),
        )
      : value;

/** The key's request as E5 claims it: createCampaign's idempotency, fingerprinted by the operation and its parsed input. */
function e5Claim(key: string, body: unknown) {
  const input = parseOperationInput(createCampaign, body, {
    requestId: "test",
    log: requestLogger("test"),
    clock: Date.now,
    clientAddress: "127.0.0.1",
  });
  return { key, method: "OPERATION", path: "createCampaign", body: encodeResult(sorted(input)) };
}

function create(
  body: unknown,
  key: string | undefined,
  options: { headers?: Record<string, string>; query?: Record<string, string> } = {},
) {
  return call(createRoute, "/api/ads/campaigns", {
    method: "POST",
    body,
    headers: { ...(options.headers ?? headers), ...(key === undefined ? {} : { "idempotency-key": key }) },
    query: options.query,
  });
}

async function campaignCount(advertiserId = adv.advertiserId): Promise<number> {
  return db().campaign.count({ where: { advertiserId } });
}

describe("Idempotency-Key on POST /api/ads/campaigns", () => {
  it("replays the first response to a retry and creates one campaign", async () => {
    const before = await campaignCount();
    const key = newKey();
    const body = campaignBody(icons.url());
    const first = await create(body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotency-replayed")).toBeNull();
    const again = await create(body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toBe("application/json");
    expect(again.body).toEqual(first.body);
    expectMatchesOpenApi("POST", "/api/ads/campaigns", again.status, again.body);
    expect(await campaignCount()).toBe(before + 1);
    // without a key, the same body is a new campaign
    expect((await create(body, undefined)).status).toBe(201);
    expect(await campaignCount()).toBe(before + 2);
  });

  it("refuses the same key with another body (422 idempotency_key_reused) and creates nothing more", async () => {
    const key = newKey();
    expect((await create(campaignBody(icons.url()), key)).status).toBe(201);
    const before = await campaignCount();
    const other = await create(campaignBody(icons.url(), { name: "Another name" }), key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    expectMatchesOpenApi("POST", "/api/ads/campaigns", other.status, other.body, "application/problem+json");
    expect(await campaignCount()).toBe(before);
  });

  it("frees the key after a client error, so the corrected request can use it", async () => {
    const key = newKey();
    const invalid = await create(campaignBody(icons.url(), { bid_cpm_usd: 0.01 }), key);
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe("validation_failed");
    const fixed = await create(campaignBody(icons.url()), key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotency-replayed")).toBeNull();
  });

  it("refuses a retry while the first request is in flight, and says when it was interrupted", async () => {
    const key = newKey();
    const body = JSON.stringify(campaignBody(icons.url()));
    const started = new Date();
    const outcome = await beginIdempotentRequest(actorOf(adv), e5Claim(key, JSON.parse(body)), {
      clock: fixedClock(started),
    });
    expect(outcome.claim).toBeDefined();
    const retry = await create(JSON.parse(body), key);
    expect(retry.status).toBe(409);
    expect(retry.body.code).toBe("idempotency_in_flight");
    expect(retry.headers.get("retry-after")).toBe("1");

    const later = new Date(started.getTime() + IDEMPOTENCY_STALE_MS + 1000);
    const interrupted = await beginIdempotentRequest(actorOf(adv), e5Claim(key, JSON.parse(body)), {
      clock: fixedClock(later),
    }).catch((error: unknown) => error as { code: string; detail: string });
    expect(interrupted).toMatchObject({ code: "idempotency_in_flight", detail: expect.stringMatching(/interrupted/) });
    await outcome.claim!.release();
    expect((await create(JSON.parse(body), key)).status).toBe(201);
  });

  it("gives two simultaneous requests with one key one campaign", async () => {
    const before = await campaignCount();
    const key = newKey();
    const body = campaignBody(icons.url());
    const results = await Promise.all([create(body, key), create(body, key), create(body, key)]);
    expect(await campaignCount()).toBe(before + 1);
    const created = results.filter((res) => res.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((res) => res.body.id)).size).toBe(1);
    for (const res of results.filter((r) => r.status !== 201)) expect(res.body.code).toBe("idempotency_in_flight");
  });

  it("keeps keys per advertiser", async () => {
    const other = await createTestAdvertiser("Other");
    const key = newKey();
    const body = campaignBody(icons.url());
    const mine = await create(body, key);
    const theirs = await create(body, key, { headers: await other.auth() });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(await campaignCount(other.advertiserId)).toBe(1);
  });

  it("forgets a key after 24 hours", async () => {
    const key = newKey();
    const request = { key, method: "POST", path: "/api/ads/campaigns", body: "{}" };
    const now = new Date();
    const first = await beginIdempotentRequest(actorOf(adv), request, { clock: fixedClock(now) });
    await first.claim!.complete({ status: 201, contentType: "application/json", body: '{"id":"cmp_x"}' });
    const replay = await beginIdempotentRequest(actorOf(adv), request, {
      clock: fixedClock(now.getTime() + 60_000),
    });
    expect(replay.replay).toEqual({ status: 201, contentType: "application/json", body: '{"id":"cmp_x"}' });
    const expired = await beginIdempotentRequest(actorOf(adv), request, {
      clock: fixedClock(now.getTime() + IDEMPOTENCY_TTL_MS),
    });
    expect(expired.claim).toBeDefined();
    await expired.claim!.release();
  });

  it("refuses a malformed key", async () => {
    for (const key of ["has space", "x".repeat(256), "clé-de-test"]) {
      const res = await create(campaignBody(icons.url()), key);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([{ path: "Idempotency-Key", message: expect.any(String) }]);
    }
  });

  it("validate_only neither uses nor consumes the key: the confirmed request with it creates", async () => {
    const before = await campaignCount();
    const key = newKey();
    const body = campaignBody(icons.url());
    const preview = await create(body, key, { query: { validate_only: "true" } });
    expect(preview.status).toBe(200);
    expect(preview.body.validate_only).toBe(true);
    expectMatchesOpenApi("POST", "/api/ads/campaigns?validate_only=true", 200, preview.body);
    expect(await campaignCount()).toBe(before);
    const created = await create(body, key);
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^cmp_/);
    expect(await campaignCount()).toBe(before + 1);
  });

  it("refuses validate_only values other than true and false", async () => {
    const res = await create(campaignBody(icons.url()), undefined, { query: { validate_only: "yes" } });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].path).toBe("validate_only");
  });
});

describe("Idempotency-Key on PATCH, DELETE and variants", () => {
  it("replays an update, a cancel and a new variant", async () => {
    const { body: created } = await create(campaignBody(icons.url()), undefined);
    const id = created.id as string;
    const params = { id };
    const patchKey = newKey();
    const patch = () =>
      call(updateRoute, `/api/ads/campaigns/${id}`, {
        method: "PATCH",
        body: { bid_cpm_usd: 4 },
        headers: { ...headers, "idempotency-key": patchKey },
        params,
      });
    const first = await patch();
    const second = await patch();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotency-replayed")).toBe("true");
    expect(await db().bidAdjustment.count({ where: { campaignId: id } })).toBe(1);

    const variantKey = newKey();
    const variant = () =>
      call(variantRoute, `/api/ads/campaigns/${id}/variants`, {
        method: "POST",
        body: creativeBody(icons.url()),
        headers: { ...headers, "idempotency-key": variantKey },
        params,
      });
    expect((await variant()).body.variant_label).toBe("variant_b");
    expect((await variant()).body.variant_label).toBe("variant_b");
    expect(await db().creative.count({ where: { campaignId: id } })).toBe(2);

    const cancelKey = newKey();
    const cancel = () =>
      call(cancelRoute, `/api/ads/campaigns/${id}`, {
        method: "DELETE",
        headers: { ...headers, "idempotency-key": cancelKey },
        params,
      });
    const cancelled = await cancel();
    expect(cancelled.body.status).toBe("cancelled");
    expect((await cancel()).headers.get("idempotency-replayed")).toBe("true");
  });

  it("previews an update with validate_only and changes nothing", async () => {
    const { body: created } = await create(campaignBody(icons.url()), undefined);
    const id = created.id as string;
    const res = await call(updateRoute, `/api/ads/campaigns/${id}`, {
      method: "PATCH",
      body: { status: "paused", daily_budget_usd: 80 },
      headers,
      params: { id },
      query: { validate_only: "true" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      validate_only: true,
      raises_spend: true,
      changes: [
        { field: "status", from: "active", to: "paused" },
        { field: "daily_budget_usd", from: 50, to: 80 },
      ],
    });
    expectMatchesOpenApi("PATCH", `/api/ads/campaigns/${id}`, 200, res.body);
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).status).toBe("active");
  });
});

describe("stored responses are the client's own and sealed (docs/decisions/1307)", () => {
  async function secondClientAuth(advertiser: TestAdvertiser): Promise<Record<string, string>> {
    const client = await createClient(advertiser.advertiserId, { name: "Second integration" });
    const { token } = await issueAccessToken({
      clientId: client.clientId,
      advertiserId: advertiser.advertiserId,
      scopes: [...SCOPES],
    });
    return { authorization: `Bearer ${token}` };
  }

  function registerWebhook(body: unknown, key: string, auth = headers) {
    return call(registerWebhookRoute, "/api/ads/webhooks", {
      method: "POST",
      body,
      headers: { ...auth, "idempotency-key": key },
    });
  }

  it("never replays one client's response to another client of the advertiser: 422 idempotency_key_reused", async () => {
    const other = await secondClientAuth(adv);
    const key = newKey();
    const body = { url: icons.url("/hook"), events: ["click.recorded"] };
    const first = await registerWebhook(body, key);
    expect(first.status).toBe(201);
    const secret = first.body.secret as string;
    const before = await db().webhookEndpoint.count({ where: { advertiserId: adv.advertiserId } });
    const stolen = await registerWebhook(body, key, other);
    expect(stolen.status).toBe(422);
    expect(stolen.body.code).toBe("idempotency_key_reused");
    expect(stolen.headers.get("idempotency-replayed")).toBeNull();
    expect(stolen.text).not.toContain(secret);
    expect(stolen.text).not.toContain(first.body.id);
    expect(await db().webhookEndpoint.count({ where: { advertiserId: adv.advertiserId } })).toBe(before);
    // the client that made it still gets its response back
    const replay = await registerWebhook(body, key);
    expect(replay.headers.get("idempotency-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
  });

  it("keeps no secret in plain text: the stored body is sealed, and the replay still carries the secret", async () => {
    const key = newKey();
    const body = { url: icons.url("/sealed-hook"), events: ["conversion.recorded"] };
    const first = await registerWebhook(body, key);
    expect(first.status).toBe(201);
    const secret = first.body.secret as string;
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const row = await db().idempotencyKey.findUniqueOrThrow({
      where: { advertiserId_key: { advertiserId: adv.advertiserId, key } },
    });
    expect(row.state).toBe("completed");
    expect(row.responseBody).toMatch(/^sealed:v1:/);
    expect(row.responseBody).not.toContain(secret);
    expect(row.responseBody).not.toContain(first.body.id);
    expect(row.responseBody).not.toContain("secret");
    const replay = await registerWebhook(body, key);
    expect(replay.status).toBe(201);
    expect(replay.body.secret).toBe(secret);
  });

  it("does not open a sealed body in another row", async () => {
    const key = newKey();
    const body = { url: icons.url("/moved-hook"), events: ["click.recorded"] };
    expect((await registerWebhook(body, key)).status).toBe(201);
    const sealed = await db().idempotencyKey.findUniqueOrThrow({
      where: { advertiserId_key: { advertiserId: adv.advertiserId, key } },
    });
    // the same sealed body under another key of the advertiser, as a database writer could copy it
    const other = newKey();
    await db().idempotencyKey.create({ data: { ...sealed, key: other } });
    const moved = await registerWebhook(body, other);
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe("idempotency_in_flight");
  });

  it("answers a stored response sealed under a rotated session key with 409, never a second write", async () => {
    const key = newKey();
    const body = campaignBody(icons.url());
    const first = await create(body, key);
    expect(first.status).toBe(201);
    const before = await campaignCount();
    await rotateSessionSecret();
    const after = await create(body, key);
    expect(after.status).toBe(409);
    expect(after.body.code).toBe("idempotency_in_flight");
    expect(after.body.detail).toMatch(/can no longer be read/);
    expect(await campaignCount()).toBe(before);
  });
});
