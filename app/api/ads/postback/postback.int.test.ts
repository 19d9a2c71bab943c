// both databases: conversions deduplicated by unique rows
import { restRoute } from "@/test/rest-routes";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { postbackResult } from "@/lib/domain/conversions/conversions.schemas";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { ATTRIBUTION_WINDOW_MS, recordPostback } from "@/lib/domain/conversions/record-conversion";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedClick } from "@/test/factories/delivery";
import { call } from "@/test/http";

const { GET, POST } = restRoute("/api/ads/postback");

type Campaign = Awaited<ReturnType<typeof createTestCampaign>>;
const HOUR = 3_600_000;

let campaign: Campaign;
let other: Campaign;

beforeEach(async () => {
  const adv = await createTestAdvertiser();
  campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
  other = await createTestCampaign({ advertiserId: adv.advertiserId });
});

/** A click that happened a minute ago (well inside the window) */
async function freshClick(target: Campaign = campaign) {
  return seedClick(target, Date.now() - 60_000, { momentType: "overtime", sport: "nfl" });
}

async function conversionsOf(campaignId: string) {
  return db().conversion.findMany({ where: { campaignId } });
}

describe("GET /api/ads/postback (E16)", () => {
  it("records a conversion: the row, the click flag, the campaign total, the rollup, the outbox event", async () => {
    const click = await freshClick();
    const before = Date.now();
    const res = await call(GET, "/api/ads/postback", {
      query: {
        campaign_id: campaign.id,
        click_id: click.clickId,
        event_type: "deposit",
        event_value_usd: "25.5",
        idempotency_key: "dep-1",
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.body).toEqual({ status: "recorded" });
    expect(postbackResult.safeParse(res.body).success).toBe(true);
    const document = buildOpenApiDocument("http://sma.test");
    expect(document.paths?.["/api/ads/postback"]?.get?.operationId).toBe("recordConversionQuery");
    expect(document.paths?.["/api/ads/postback"]?.post?.operationId).toBe("recordConversion");

    const [conversion, ...more] = await conversionsOf(campaign.id);
    expect(more).toHaveLength(0);
    expect(conversion).toMatchObject({
      clickId: click.clickId,
      creativeId: click.creativeId,
      momentType: "overtime",
      sport: "nfl",
      eventType: "deposit",
      eventName: null,
      eventValueMicros: 25_500_000n,
      idempotencyKey: "dep-1",
      clickedAtMs: BigInt(click.clickedAtMs!),
    });
    const recordedAt = Number(conversion!.recordedAtMs);
    expect(recordedAt).toBeGreaterThanOrEqual(before);
    expect((await db().click.findUniqueOrThrow({ where: { id: click.clickId } })).converted).toBe(true);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).conversions).toBe(1n);

    const rollup = await db().hourlyRollup.findFirstOrThrow({
      where: { campaignId: campaign.id, conversions: { gt: 0 } },
    });
    expect(rollup).toMatchObject({
      creativeId: click.creativeId,
      momentType: "overtime",
      sport: "nfl",
      hourMs: BigInt(Math.floor(recordedAt / HOUR) * HOUR),
      conversions: 1n,
      conversionValueMicros: 25_500_000n,
    });

    const events = await db().outboxEvent.findMany({
      where: { type: "conversion.recorded", advertiserId: campaign.advertiserId },
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.advertiserId).toBe(campaign.advertiserId);
    expect(JSON.parse(events[0]!.data)).toEqual({
      conversion_id: conversion!.id,
      click_id: click.clickId,
      campaign_id: campaign.id,
      event_type: "deposit",
      event_value_usd: 25.5,
      event_name: null,
      recorded_at: new Date(recordedAt).toISOString(),
    });
    // no postback_url on this campaign: nothing to forward
    expect(await db().postbackForward.count({ where: { campaignId: campaign.id } })).toBe(0);
  });

  it("answers already_recorded for a click that converted, whatever the event, and writes nothing more", async () => {
    const click = await freshClick();
    const query = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    expect((await call(GET, "/api/ads/postback", { query })).body).toEqual({ status: "recorded" });
    const again = await call(GET, "/api/ads/postback", {
      query: { ...query, event_type: "purchase", event_value_usd: "10" },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: "already_recorded" });
    expect(await conversionsOf(campaign.id)).toHaveLength(1);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).conversions).toBe(1n);
    expect(
      await db().outboxEvent.count({ where: { type: "conversion.recorded", advertiserId: campaign.advertiserId } }),
    ).toBe(1);
  });

  it("never records a second conversion for a repeated idempotency_key, even on another click", async () => {
    const first = await freshClick();
    const second = await freshClick();
    const key = "order-7781";
    expect(
      (
        await call(GET, "/api/ads/postback", {
          query: { campaign_id: campaign.id, click_id: first.clickId, event_type: "purchase", idempotency_key: key },
        })
      ).body,
    ).toEqual({ status: "recorded" });
    const repeat = await call(GET, "/api/ads/postback", {
      query: { campaign_id: campaign.id, click_id: second.clickId, event_type: "purchase", idempotency_key: key },
    });
    expect(repeat.body).toEqual({ status: "already_recorded" });
    expect(await conversionsOf(campaign.id)).toHaveLength(1);
    expect((await db().click.findUniqueOrThrow({ where: { id: second.clickId } })).converted).toBe(false);
    // the key is per campaign: the same key on another campaign's click records
    const foreign = await freshClick(other);
    expect(
      (
        await call(GET, "/api/ads/postback", {
          query: { campaign_id: other.id, click_id: foreign.clickId, event_type: "purchase", idempotency_key: key },
        })
      ).body,
    ).toEqual({ status: "recorded" });
  });

  it("answers 404 click_not_found for an unknown click, a click of another campaign, or an unknown campaign", async () => {
    const click = await freshClick();
    const cases = [
      { campaign_id: campaign.id, click_id: "clk_doesnotexist000000000" },
      { campaign_id: other.id, click_id: click.clickId },
      { campaign_id: "cmp_unknown", click_id: click.clickId },
      { campaign_id: campaign.id, click_id: "x".repeat(256) },
    ];
    for (const query of cases) {
      const res = await call(GET, "/api/ads/postback", { query: { ...query, event_type: "install" } });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body).toMatchObject({ status: 404, code: "click_not_found" });
    }
    expect(await db().conversion.count({ where: { campaignId: { in: [campaign.id, other.id] } } })).toBe(0);
    expect((await db().click.findUniqueOrThrow({ where: { id: click.clickId } })).converted).toBe(false);
  });

  it("validates: event_type, event_name for custom, a non-negative number for the value; empty values are absent", async () => {
    const click = await freshClick();
    const base = { campaign_id: campaign.id, click_id: click.clickId };
    const failures: [Record<string, string>, string][] = [
      [{ ...base, event_type: "refund" }, "event_type"],
      [{ ...base }, "event_type"],
      [{ ...base, event_type: "custom" }, "event_name"],
      [{ ...base, event_type: "custom", event_name: "   " }, "event_name"],
      [{ ...base, event_type: "purchase", event_value_usd: "-3" }, "event_value_usd"],
      [{ ...base, event_type: "purchase", event_value_usd: "ten" }, "event_value_usd"],
      [{ click_id: click.clickId, event_type: "install" }, "campaign_id"],
    ];
    for (const [query, path] of failures) {
      const res = await call(GET, "/api/ads/postback", { query });
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect(await db().conversion.count({ where: { campaignId: { in: [campaign.id, other.id] } } })).toBe(0);

    // a repeated key is refused, never resolved to one of its values (the click would be valid)
    for (const [query, field] of [
      [`campaign_id=${campaign.id}&click_id=${click.clickId}&event_type=install&event_type=deposit`, "event_type"],
      [
        `campaign_id=${campaign.id}&campaign_id=${campaign.id}&click_id=${click.clickId}&event_type=install`,
        "campaign_id",
      ],
      [`campaign_id=${campaign.id}&click_id=${click.clickId}&click_id=${click.clickId}&event_type=install`, "click_id"],
      [
        `campaign_id=${campaign.id}&click_id=${click.clickId}&event_type=purchase&event_value_usd=1&event_value_usd=2`,
        "event_value_usd",
      ],
    ]) {
      const res = await call(GET, `/api/ads/postback?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors.map((error: { path: string }) => error.path)).toEqual([field]);
    }
    expect(await db().conversion.count({ where: { campaignId: { in: [campaign.id, other.id] } } })).toBe(0);

    // a partner that substitutes an empty string for a missing macro
    const res = await call(GET, "/api/ads/postback", {
      query: { ...base, event_type: "custom", event_name: "vip_upgrade", event_value_usd: "", idempotency_key: "" },
    });
    expect(res.body).toEqual({ status: "recorded" });
    const [conversion] = await conversionsOf(campaign.id);
    expect(conversion).toMatchObject({
      eventType: "custom",
      eventName: "vip_upgrade",
      eventValueMicros: null,
      idempotencyKey: null,
    });
  });
});

describe("POST /api/ads/postback (E17)", () => {
  it("records from JSON with the same rules, and nulls are absent", async () => {
    const click = await freshClick();
    const res = await call(POST, "/api/ads/postback", {
      body: {
        campaign_id: campaign.id,
        click_id: click.clickId,
        event_type: "purchase",
        event_value_usd: 19.99,
        event_name: null,
        idempotency_key: null,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "recorded" });
    const [conversion] = await conversionsOf(campaign.id);
    expect(conversion).toMatchObject({
      eventType: "purchase",
      eventValueMicros: 19_990_000n,
      eventName: null,
      idempotencyKey: null,
    });
    const again = await call(POST, "/api/ads/postback", {
      body: { campaign_id: campaign.id, click_id: click.clickId, event_type: "purchase" },
    });
    expect(again.body).toEqual({ status: "already_recorded" });
  });

  it("rejects unknown fields and values of the wrong type (422), bad JSON and other content types (400)", async () => {
    const click = await freshClick();
    const base = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    const unknown = await call(POST, "/api/ads/postback", { body: { ...base, revenue: 3 } });
    expect(unknown.status).toBe(422);
    const asText = await call(POST, "/api/ads/postback", { body: { ...base, event_value_usd: "3" } });
    expect(asText.status).toBe(422);
    expect(asText.body.errors[0].path).toBe("event_value_usd");
    const broken = await call(POST, "/api/ads/postback", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("bad_request");
    const form = await call(POST, "/api/ads/postback", { body: new URLSearchParams(base) });
    expect(form.status).toBe(400);
    const missingClick = await call(POST, "/api/ads/postback", { body: { ...base, click_id: "clk_nope" } });
    expect(missingClick.status).toBe(404);
    expect(missingClick.body.code).toBe("click_not_found");
    expect(await db().conversion.count({ where: { campaignId: { in: [campaign.id, other.id] } } })).toBe(0);
  });
});

describe("attribution window (7 x 24 h after the click, inclusive)", () => {
  it("accepts a conversion exactly at the boundary and refuses one a millisecond later", async () => {
    const clickedAt = Date.UTC(2026, 2, 1, 12, 0, 0);
    const inside = await seedClick(campaign, clickedAt);
    const outside = await seedClick(campaign, clickedAt);
    const input = (clickId: string) => ({
      campaign_id: campaign.id,
      click_id: clickId,
      event_type: "install" as const,
    });

    await expect(
      recordPostback(input(inside.clickId), { clock: () => clickedAt + ATTRIBUTION_WINDOW_MS }),
    ).resolves.toEqual({
      status: "recorded",
    });
    await expect(
      recordPostback(input(outside.clickId), { clock: () => clickedAt + ATTRIBUTION_WINDOW_MS + 1 }),
    ).rejects.toMatchObject({
      code: "attribution_window_expired",
      status: 422,
    });
    expect((await db().click.findUniqueOrThrow({ where: { id: outside.clickId } })).converted).toBe(false);
    expect(await conversionsOf(campaign.id)).toHaveLength(1);

    // a late repeat of a recorded conversion is still just already_recorded
    await expect(recordPostback(input(inside.clickId), { clock: () => clickedAt + 30 * 24 * HOUR })).resolves.toEqual({
      status: "already_recorded",
    });
  });

  it("answers 422 attribution_window_expired over HTTP for an old click", async () => {
    const old = await seedClick(campaign, Date.now() - ATTRIBUTION_WINDOW_MS - 60_000);
    const res = await call(GET, "/api/ads/postback", {
      query: { campaign_id: campaign.id, click_id: old.clickId, event_type: "install" },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: "attribution_window_expired", status: 422 });
  });
});

describe("exactly once under concurrency", () => {
  it("50 concurrent identical postbacks record exactly one conversion", async () => {
    const forwarding = await createTestCampaign({
      advertiserId: campaign.advertiserId,
      postbackUrl: "https://tracker.example.com/cb?click={click_id}",
    });
    const click = await seedClick(forwarding, Date.now() - 60_000);
    const query = { campaign_id: forwarding.id, click_id: click.clickId, event_type: "deposit", event_value_usd: "50" };
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0
          ? call(GET, "/api/ads/postback", { query })
          : call(POST, "/api/ads/postback", { body: { ...query, event_value_usd: 50 } }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(50).fill(200));
    const statuses = responses.map((res) => res.body.status);
    expect(statuses.filter((status) => status === "recorded")).toHaveLength(1);
    expect(statuses.filter((status) => status === "already_recorded")).toHaveLength(49);

    expect(await conversionsOf(forwarding.id)).toHaveLength(1);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: forwarding.id } })).conversions).toBe(1n);
    const rollups = await db().hourlyRollup.aggregate({
      where: { campaignId: forwarding.id },
      _sum: { conversions: true, conversionValueMicros: true },
    });
    expect(rollups._sum).toEqual({ conversions: 1n, conversionValueMicros: 50_000_000n });
    expect(
      await db().outboxEvent.count({ where: { type: "conversion.recorded", advertiserId: campaign.advertiserId } }),
    ).toBe(1);
    expect(await db().postbackForward.count({ where: { campaignId: forwarding.id } })).toBe(1);
  });

  it("concurrent postbacks for one click with different idempotency keys still record once", async () => {
    const click = await freshClick();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(POST, "/api/ads/postback", {
          body: {
            campaign_id: campaign.id,
            click_id: click.clickId,
            event_type: "install",
            idempotency_key: `k${index}`,
          },
        }),
      ),
    );
    expect(responses.filter((res) => res.body.status === "recorded")).toHaveLength(1);
    expect(responses.every((res) => res.status === 200)).toBe(true);
    expect(await conversionsOf(campaign.id)).toHaveLength(1);
  });
});

describe("postback_url forwarding rows", () => {
  it("queues one GET with the macros substituted and URL-encoded, due at once, without sending it inline", async () => {
    const forwarding = await createTestCampaign({
      advertiserId: campaign.advertiserId,
      postbackUrl:
        "https://tracker.example.com/cb?click={click_id}&cmp={campaign_id}&type={event_type}&value={event_value_usd}",
    });
    const valued = await seedClick(forwarding, Date.now() - 60_000);
    const unvalued = await seedClick(forwarding, Date.now() - 60_000);
    const now = Date.now();
    await recordPostback(
      { campaign_id: forwarding.id, click_id: valued.clickId, event_type: "purchase", event_value_usd: 12.3456789 },
      { clock: () => now },
    );
    await recordPostback(
      { campaign_id: forwarding.id, click_id: unvalued.clickId, event_type: "custom", event_name: "x" },
      { clock: () => now },
    );

    const forwards = await db().postbackForward.findMany({ where: { campaignId: forwarding.id } });
    const conversions = await conversionsOf(forwarding.id);
    const byClick = new Map(conversions.map((row) => [row.clickId, row.id]));
    const urls = new Map(forwards.map((row) => [row.conversionId, row]));
    expect(urls.get(byClick.get(valued.clickId)!)).toMatchObject({
      url: `https://tracker.example.com/cb?click=${valued.clickId}&cmp=${forwarding.id}&type=purchase&value=12.345679`,
      status: "pending",
      attempts: 0,
      nextAttemptMs: BigInt(now),
      lockedUntilMs: null,
    });
    expect(urls.get(byClick.get(unvalued.clickId)!)!.url).toBe(
      `https://tracker.example.com/cb?click=${unvalued.clickId}&cmp=${forwarding.id}&type=custom&value=`,
    );
  });
});
