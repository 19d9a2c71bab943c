// both databases: decisions and clicks through the delivery stores
// The delivery hot paths over real HTTP (node:http + the hot router), as server.ts serves them.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { db } from "@/lib/db/client";
import { stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { deliveryCampaign, resetDeliveryTables } from "@/test/delivery-engine";
import { emitCampaignsChanged } from "@/lib/process-events";
import { usdToMicros } from "@/lib/money";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";

let server: HotServer;
let key: string;

beforeAll(async () => {
  server = await startHotServer();
  key = (await createPlatformKey("test publisher")).key;
});
afterAll(async () => {
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
  user_id: "u1",
  ...overrides,
});

async function decide(payload: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/delivery/decisions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    body: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

describe("POST /api/delivery/decisions", () => {
  it("answers the decision exactly as docs/api.md describes it", async () => {
    const a = await createTestAdvertiser();
    const campaign = await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 2 });
    const response = await decide(body());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const creative = campaign.creatives[0]!;
    expect(Object.keys(response.json!).sort()).toEqual(
      [
        "click_url",
        "campaign_id",
        "clearing_cpm_usd",
        "creative",
        "creative_id",
        "impression_id",
        "variant_label",
      ].sort(),
    );
    expect(response.json).toMatchObject({
      campaign_id: campaign.id,
      creative_id: creative.id,
      variant_label: "variant_a",
      clearing_cpm_usd: 0.35,
      creative: { headline: creative.headline, body: creative.body, icon_url: creative.iconUrl, cta_text: "Bet now" },
    });
    expect(response.json!.click_url).toMatch(/^http:\/\/sma\.test\/c\/clk_[0-9A-Za-z]{30}$/);
    const impression = await db().impression.findUniqueOrThrow({
      where: { id: response.json!.impression_id as string },
    });
    expect(impression).toMatchObject({ campaignId: campaign.id, gameId: "g1", userId: "u1", costMicros: 350n });
    expect(`http://sma.test/c/${impression.clickId}`).toBe(response.json!.click_url);
  });

  it("answers 204 when nothing is eligible", async () => {
    const response = await decide(body());
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
  });

  it("refuses a missing or unknown platform key with 401", async () => {
    for (const authorization of ["", "Bearer", "Bearer pk_not_a_real_key", "Basic abc"]) {
      const response = await decide(body(), { authorization });
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(response.json).toMatchObject({ code: "unauthorized", status: 401 });
    }
  });

  it.each([
    [{ moment_type: "buzzer_beater" }, "moment_type"],
    [{ sport: "cricket" }, "sport"],
    [{ game_id: "" }, "game_id"],
    [{ user_id: "x".repeat(129) }, "user_id"],
    [{ user_id: 42 }, "user_id"],
    [{ extra: true }, ""],
  ])("validates the body: %j -> 422 on %s", async (overrides, path) => {
    const response = await decide(body(overrides));
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.json).toMatchObject({ code: "validation_failed" });
    expect((response.json!.errors as { path: string }[]).map((error) => error.path)).toContain(path);
  });

  it("accepts ids of exactly 128 characters", async () => {
    expect((await decide(body({ user_id: "x".repeat(128), game_id: "g".repeat(128) }))).status).toBe(204);
  });

  it("refuses malformed JSON and other content types with 400", async () => {
    expect((await decide("{not json")).status).toBe(400);
    const wrongType = await decide(JSON.stringify(body()), { "content-type": "text/plain" });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toMatchObject({ code: "bad_request" });
  });

  it("answers an array, a string, a number, null or a boolean as the body with 422, never 500", async () => {
    for (const value of [[], "text", 42, null, true, [body()]]) {
      const response = await decide(JSON.stringify(value));
      expect(response.status, JSON.stringify(value)).toBe(422);
      expect(response.json).toMatchObject({ code: "validation_failed" });
    }
    expect((await decide("")).json).toMatchObject({ code: "bad_request", detail: "The request body is empty." });
  });

  it("a bid change takes effect synchronously for the next decision", async () => {
    const a = await createTestAdvertiser();
    const b = await createTestAdvertiser();
    await deliveryCampaign({ advertiserId: a.advertiserId, bidCpmUsd: 5 });
    const other = await deliveryCampaign({ advertiserId: b.advertiserId, bidCpmUsd: 1 });
    expect((await decide(body({ user_id: "u1" }))).json!.clearing_cpm_usd).toBe(1);
    await db().campaign.update({
      where: { id: other.id },
      data: { bidCpmMicros: usdToMicros(4.25), version: { increment: 1 } },
    });
    emitCampaignsChanged([other.id]);
    expect((await decide(body({ user_id: "u2" }))).json!.clearing_cpm_usd).toBe(4.25);
  });
});

describe("GET /c/{click_id}", () => {
  it("records the click once and redirects 302 to the action URL with click_id", async () => {
    const a = await createTestAdvertiser();
    await deliveryCampaign({
      advertiserId: a.advertiserId,
      creatives: [{ actionUrl: "https://book.example.com/go?x=1" }],
    });
    const decision = await decide(body());
    const clickUrl = (decision.json!.click_url as string).replace("http://sma.test", server.url);
    const clickId = clickUrl.split("/c/")[1]!;
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await fetch(clickUrl, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`https://book.example.com/go?x=1&click_id=${clickId}`);
    }
    expect(await db().click.count()).toBe(1);
    expect(await db().outboxEvent.count({ where: { type: "click.recorded" } })).toBe(1);
  });

  it("answers 404 problem+json for an unknown click id", async () => {
    for (const path of ["/c/clk_0000000000000000000000", "/c/anything", "/c/%E0%A4%A"]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(((await response.json()) as { code: string }).code).toBe("click_not_found");
    }
  });
});
