// both databases: moments through the delivery stores
// POST /api/delivery/moments over real HTTP (node:http + the hot router, as
// server.ts serves it): the answer's shape and order, what it commits, the
// platform key, and every kind of bad input (422 naming the path, 413, 400),
// never a 5xx. Runs on SQLite and PostgreSQL alike (TEST_DATABASE).
import { Agent } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { db } from "@/lib/db/client";
import { stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { MAX_MOMENT_USERS } from "@/lib/delivery/delivery.schemas";
import { MOMENTS_IN_FLIGHT_PER_KEY, withMomentSlot } from "@/lib/delivery/moment-concurrency";
import { MOMENT_BODY_LIMIT } from "@/lib/http/body-limits";
import { auctionOutcomes, countAuctions, deliveryCampaign, resetDeliveryTables } from "@/test/delivery-engine";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { expectMatchesOpenApi } from "@/test/openapi";
import { rawRequest } from "@/test/raw-http";

const PATH = "/api/delivery/moments";
let server: HotServer;
let key: string;
let keyId: string;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  server = await startHotServer();
  ({ key, id: keyId } = await createPlatformKey("moments publisher"));
});
afterAll(async () => {
  agent.destroy();
  await server.close();
  await stopDeliveryEngine();
});
beforeEach(async () => {
  await resetDeliveryTables();
  await stopDeliveryEngine();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  moment_type: "close_game",
  sport: "nba",
  game_id: "g1",
  user_ids: ["u1", "u2", "u3"],
  ...overrides,
});

type Answer = { status: number; headers: Headers; json?: Record<string, unknown> };

async function post(payload: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    body: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  // the route writes the answer's JSON itself (lib/server/moment-answer.ts): byte for byte as JSON.stringify
  if (response.status === 200) expect(text).toBe(JSON.stringify(json));
  expectMatchesOpenApi("POST", PATH, response.status, json, response.headers.get("content-type") ?? undefined);
  return { status: response.status, headers: response.headers, json };
}

type Decision = { user_id: string; impression_id: string | null; reason?: string; campaign_id?: string };
const decisionsOf = (answer: Answer) => (answer.json!.decisions as Decision[]) ?? [];

function expectInvalid(answer: Answer, path: string) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(422);
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  expect(answer.json).toMatchObject({ code: "validation_failed", status: 422 });
  expect((answer.json!.errors as { path: string }[]).map((error) => error.path)).toContain(path);
}

describe("F9: a platform key's moments in flight are bounded", () => {
  it("F9: past the key's bound a moment is 429 with Retry-After, recording nothing; another key is unaffected", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 2 });
    // the key's slots held by moments still running
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const running = Array.from({ length: MOMENTS_IN_FLIGHT_PER_KEY }, () => withMomentSlot(keyId, () => held));
    const refused = await post(body());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.json).toMatchObject({ code: "rate_limited" });
    expect(await countAuctions()).toBe(0);
    const other = (await createPlatformKey("another publisher")).key;
    expect((await post(body(), { authorization: `Bearer ${other}` })).status).toBe(200);
    release();
    await Promise.all(running);
    expect((await post(body())).status).toBe(200);
  });
});

describe("POST /api/delivery/moments", () => {
  it("gives back user ids with quotes, backslashes, control characters and any Unicode as sent", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 2 });
    const users = ['quo"te', "back\\slash", "tab\tand\nline", "café ⚽ 🏀", "\u2028sep", "plain"];
    const answer = await post(body({ user_ids: users }));
    expect(answer.status).toBe(200);
    expect(decisionsOf(answer).map((decision) => decision.user_id)).toEqual(users);
    expect(decisionsOf(answer).every((decision) => decision.impression_id)).toBe(true);
  });

  it("answers one decision per user in the order of user_ids, each a decision's body with user_id", async () => {
    const a = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 2 });
    const users = ["zeta", "alpha", "mid-1", "mid-0", "omega"];
    const answer = await post(body({ user_ids: users }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json");
    const decisions = decisionsOf(answer);
    expect(decisions.map((decision) => decision.user_id)).toEqual(users);
    const creative = campaign.creatives[0]!;
    for (const decision of decisions) {
      expect(Object.keys(decision)).toEqual([
        "user_id",
        "impression_id",
        "campaign_id",
        "creative_id",
        "variant_label",
        "clearing_cpm_usd",
        "creative",
        "click_url",
      ]);
      expect(decision).toMatchObject({
        campaign_id: campaign.id,
        creative_id: creative.id,
        variant_label: "variant_a",
        clearing_cpm_usd: 0.35,
        creative: { headline: creative.headline, body: creative.body, icon_url: creative.iconUrl, cta_text: "Bet now" },
      });
    }
    // every impression of the 200 is committed, for its user, with its click id
    const rows = await db().impression.findMany({ where: { id: { in: decisions.map((d) => d.impression_id!) } } });
    expect(rows).toHaveLength(users.length);
    for (const decision of decisions as (Decision & { click_url: string })[]) {
      const row = rows.find((impression) => impression.id === decision.impression_id)!;
      expect(row).toMatchObject({ userId: decision.user_id, gameId: "g1", campaignId: campaign.id, costMicros: 350n });
      expect(decision.click_url).toBe(`http://sma.test/c/${row.clickId}`);
    }
    expect(await countAuctions({ outcome: "filled" })).toBe(users.length);
    const counters = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(counters).toMatchObject({ spendMicros: 350n * BigInt(users.length), impressions: BigInt(users.length) });
  });

  it("answers users without an ad as {user_id, impression_id: null, reason}: no_fill, and capped past 5 alerts in a game", async () => {
    const nothing = await post(body({ user_ids: ["u1", "u2"] }));
    expect(nothing.status).toBe(200);
    expect(decisionsOf(nothing)).toEqual([
      { user_id: "u1", impression_id: null, reason: "no_fill" },
      { user_id: "u2", impression_id: null, reason: "no_fill" },
    ]);
    await stopDeliveryEngine();
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId });
    for (let moment = 0; moment < 5; moment++) {
      const answer = await post(body({ user_ids: ["busy"] }));
      expect(decisionsOf(answer)[0]!.impression_id).not.toBeNull();
    }
    const sixth = await post(body({ user_ids: ["fresh", "busy", "other"] }));
    const decisions = decisionsOf(sixth);
    expect(decisions[1]).toEqual({ user_id: "busy", impression_id: null, reason: "capped" });
    expect(decisions[0]!.impression_id).not.toBeNull();
    expect(decisions[2]!.impression_id).not.toBeNull();
    // one auction per user of every moment: 2 no fill, 5 + 2 filled, 1 capped
    expect(await auctionOutcomes()).toEqual({ capped: 1, filled: 7, no_fill: 2 });
  });

  it(`fans one moment out to ${MAX_MOMENT_USERS.toLocaleString("en-US")} users, every impression committed before the 200`, async () => {
    const a = await createTestAdvertiser();
    const b = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 3, totalBudgetUsd: 1000, dailyBudgetUsd: 1000 });
    await deliveryCampaign({ advertiserId: b.advertiserId, bidCpmUsd: 2, totalBudgetUsd: 1000, dailyBudgetUsd: 1000 });
    const users = Array.from({ length: MAX_MOMENT_USERS }, (_, index) => `bettor-${index.toString(36)}-${index % 7}`);
    const answer = await post(body({ user_ids: users }));
    expect(answer.status).toBe(200);
    const decisions = decisionsOf(answer);
    expect(decisions.map((decision) => decision.user_id)).toEqual(users);
    expect(decisions.every((decision) => decision.impression_id !== null)).toBe(true);
    expect(await db().impression.count()).toBe(MAX_MOMENT_USERS);
    expect(await countAuctions()).toBe(MAX_MOMENT_USERS);
    // alike auctions share a counted row: two bidders, one price, one winner
    expect(await db().auction.count()).toBe(1);
  }, 60_000);

  it("records user ids as sent, whatever characters they hold (PostgreSQL writes a moment's rows with COPY)", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, totalBudgetUsd: 1000, dailyBudgetUsd: 1000 });
    const odd = [
      "tab\there",
      "new\nline",
      "carriage\rreturn",
      "back\\slash",
      "\\N",
      "\\.",
      'quote"comma,',
      "ümlaut 🏈",
    ];
    const users = [...odd, ...Array.from({ length: 1200 }, (_, index) => `plain-${index}`)];
    const answer = await post(body({ user_ids: users, game_id: "g\t\\odd" }));
    expect(answer.status).toBe(200);
    expect(decisionsOf(answer).every((decision) => decision.impression_id !== null)).toBe(true);
    const rows = await db().impression.findMany({ where: { userId: { in: odd } } });
    expect(rows.map((row) => row.userId).sort()).toEqual([...odd].sort());
    expect(new Set(rows.map((row) => row.gameId))).toEqual(new Set(["g\t\\odd"]));
    expect(await countAuctions()).toBe(users.length);
  });

  it("refuses a missing or unknown platform key with 401, whatever the body", async () => {
    for (const authorization of ["", "Bearer", "Bearer pk_not_a_real_key", "Basic abc"]) {
      for (const payload of [body(), body({ user_ids: [] })]) {
        const answer = await post(payload, { authorization });
        expect(answer.status).toBe(401);
        expect(answer.headers.get("content-type")).toBe("application/problem+json");
        expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer/);
        expect(answer.json).toMatchObject({ code: "unauthorized", status: 401 });
      }
    }
  });

  it.each([
    [
      "a duplicate user id, named at its index",
      { user_ids: [...Array.from({ length: 17 }, (_, i) => `u${i}`), "u3"] },
      "user_ids[17]",
    ],
    ["an empty list", { user_ids: [] }, "user_ids"],
    [
      `more than ${MAX_MOMENT_USERS} users`,
      { user_ids: Array.from({ length: MAX_MOMENT_USERS + 1 }, (_, i) => `${i}`) },
      "user_ids",
    ],
    ["an empty user id", { user_ids: ["u1", ""] }, "user_ids[1]"],
    ["a user id of 129 characters", { user_ids: ["x".repeat(129)] }, "user_ids[0]"],
    ["a number among the ids", { user_ids: ["u1", "u2", 3] }, "user_ids[2]"],
    ["null among the ids", { user_ids: [null] }, "user_ids[0]"],
    ["a string instead of a list", { user_ids: "u1" }, "user_ids"],
    ["an object instead of a list", { user_ids: { 0: "u1" } }, "user_ids"],
    ["user_id instead of user_ids", { user_ids: undefined, user_id: "u1" }, "user_ids"],
    ["an unknown field", { extra: true }, ""],
    ["an unknown moment type", { moment_type: "buzzer_beater" }, "moment_type"],
    ["a sport not served", { sport: "cricket" }, "sport"],
    ["an empty game id", { game_id: "" }, "game_id"],
    ["a number as the game id", { game_id: 7 }, "game_id"],
  ])("answers %s with 422 naming %s", async (_label, overrides, path) => {
    expectInvalid(await post(body(overrides)), path);
  });

  it("answers U+0000 in a user id or the game id with 422 naming the field (PostgreSQL's text cannot hold it)", async () => {
    const text = JSON.stringify(body({ user_ids: ["u1", "u2", "u3", "bad\u0000id"] }));
    expect(text).toContain("\\u0000");
    expectInvalid(await post(text), "user_ids[3]");
    expectInvalid(await post(JSON.stringify(body({ game_id: "g\u0000" }))), "game_id");
  });

  it("answers an array, a string, a number, null or a boolean as the body with 422, never 500", async () => {
    for (const value of [[], "text", 42, null, true, [body()]]) {
      const answer = await post(JSON.stringify(value));
      expect(answer.status, JSON.stringify(value)).toBe(422);
      expect(answer.json).toMatchObject({ code: "validation_failed" });
    }
  });

  it("answers malformed JSON, an empty body and another content type with 400", async () => {
    expect((await post("{not json")).status).toBe(400);
    expect((await post("")).json).toMatchObject({ code: "bad_request", detail: "The request body is empty." });
    const wrongType = await post(JSON.stringify(body()), { "content-type": "text/plain" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toMatchObject({ code: "bad_request" });
  });

  it("lists at most 100 problems for a list of bad ids, and writes nothing for a refused request", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId });
    const answer = await post(
      body({ user_ids: [...Array.from({ length: 300 }, (_, i) => `ok-${i}`), ...Array(300).fill(7)] }),
    );
    expect(answer.status).toBe(422);
    expect(answer.json!.errors).toHaveLength(100);
    expect((answer.json!.errors as { path: string }[])[0]!.path).toBe("user_ids[300]");
    expect(answer.json!.detail).toMatch(/\(300 problems; the first 100 are listed\)$/);
    expect(await db().auction.count()).toBe(0);
    expect(await db().impression.count()).toBe(0);
  });

  it(`answers a body past ${MOMENT_BODY_LIMIT} bytes with 413 (announced or chunked), never a reset, and keeps the connection`, async () => {
    const url = `${server.url}${PATH}`;
    const headers = { "content-type": "application/json", authorization: `Bearer ${key}` };
    // 10,000 user ids of 128 characters: valid ids, too many bytes
    const big = JSON.stringify(
      body({ user_ids: Array.from({ length: MAX_MOMENT_USERS }, (_, i) => `${i}`.padStart(128, "u")) }),
    );
    expect(big.length).toBeGreaterThan(MOMENT_BODY_LIMIT);
    const announced = await rawRequest(url, { headers, body: big, agent });
    const chunked = await rawRequest(url, { headers, body: big, chunked: true, agent });
    for (const res of [announced, chunked]) {
      expect(res.errorBeforeAnswer).toBeUndefined();
      expect(res.status).toBe(413);
      expect(res.headers["content-type"]).toBe("application/problem+json");
      expect(res.json).toMatchObject({ status: 413, code: "payload_too_large" });
      expect(res.json!.detail).toContain(String(MOMENT_BODY_LIMIT));
    }
    // the same keep-alive socket serves the next request
    const next = await rawRequest(url, { headers, body: JSON.stringify(body()), agent });
    expect(next.status).toBe(200);
    expect(next.socket).toBe(chunked.socket);
    // a body of exactly the limit is read (422 for its content, not 413)
    const exact = JSON.stringify(body({ user_ids: ["u"], pad: "" }));
    const padded = exact.replace('"pad":""', `"pad":"${"p".repeat(MOMENT_BODY_LIMIT - exact.length)}"`);
    expect(Buffer.byteLength(padded)).toBe(MOMENT_BODY_LIMIT);
    expect((await rawRequest(url, { headers, body: padded, agent })).status).toBe(422);
  });

  it("a sandbox (demo) key's moment auctions only sandbox campaigns, a real key's only real ones", async () => {
    const real = await createTestAdvertiser("Real book");
    const realCampaign = await deliveryCampaign({ advertiserId: real.advertiserId, bidCpmUsd: 50 });
    const demo = await createTestAdvertiser("Demo book");
    await db().advertiser.update({ where: { id: demo.advertiserId }, data: { sandbox: true } });
    const demoCampaign = await deliveryCampaign({ advertiserId: demo.advertiserId, bidCpmUsd: 1 });
    const sandboxKey = (await createPlatformKey("demo simulator", { sandbox: true })).key;
    const asDemo = await post(body({ user_ids: ["d1", "d2"] }), { authorization: `Bearer ${sandboxKey}` });
    expect(decisionsOf(asDemo).map((decision) => decision.campaign_id)).toEqual([demoCampaign.id, demoCampaign.id]);
    const asReal = await post(body({ user_ids: ["r1"] }));
    expect(decisionsOf(asReal)[0]!.campaign_id).toBe(realCampaign.id);
    const auctions = await db().auction.findMany({ where: { outcome: "filled" }, orderBy: { sandbox: "asc" } });
    // the demo moment's two alike auctions share one row that counts them
    expect(auctions.map((row) => [row.sandbox, row.winnerAdvertiserId, row.auctionCount])).toEqual([
      [false, real.advertiserId, 1],
      [true, demo.advertiserId, 2],
    ]);
  });
});
