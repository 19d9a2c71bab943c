// E16/E17 with postback keys (docs/decisions/0504): no active key, the click id is
// the credential as before; with one, every postback must carry an active key of
// the campaign's advertiser, and a refused one records, forwards and tells nothing,
// and counts against the postback misses of its client address.
import { restRoute } from "@/test/rest-routes";
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { recordPostback } from "@/lib/domain/conversions/record-conversion";
import { LAST_USED_WRITE_INTERVAL_MS } from "@/lib/domain/postback-keys/check-postback-key";
import { createPostbackKeyFor } from "@/lib/domain/postback-keys/create-postback-key";
import { revokePostbackKeyFor } from "@/lib/domain/postback-keys/revoke-postback-key";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedClick } from "@/test/factories/delivery";
import { call } from "@/test/http";

const { GET, POST } = restRoute("/api/ads/postback");

type Campaign = Awaited<ReturnType<typeof createTestCampaign>>;

let campaign: Campaign;
let rivalCampaign: Campaign;
let ipCounter = 0;

beforeEach(async () => {
  const adv = await createTestAdvertiser("Keyed Book");
  const rival = await createTestAdvertiser("Rival Book");
  campaign = await createTestCampaign({
    advertiserId: adv.advertiserId,
    postbackUrl: "https://tracker.example.com/cb?click={click_id}",
  });
  rivalCampaign = await createTestCampaign({ advertiserId: rival.advertiserId });
});

/** A fresh client address per test: the miss counts of one test never reach another's. */
function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

const freshClick = (target: Campaign = campaign) => seedClick(target, Date.now() - 60_000);
const keyOf = async (target: Campaign = campaign) => {
  const { postbackKey, key } = await createPostbackKeyFor(actorFor(target.advertiserId));
  return { id: postbackKey.id, key };
};

/** Nothing of a conversion exists for the campaign: no row, no click flag, no total, no event, no forward. */
async function expectNothingRecorded(target: Campaign, clickId: string) {
  expect(await db().conversion.count({ where: { campaignId: target.id } })).toBe(0);
  expect((await db().click.findUniqueOrThrow({ where: { id: clickId } })).converted).toBe(false);
  expect((await db().campaign.findUniqueOrThrow({ where: { id: target.id } })).conversions).toBe(0n);
  expect(
    await db().outboxEvent.count({ where: { type: "conversion.recorded", advertiserId: target.advertiserId } }),
  ).toBe(0);
  expect(await db().postbackForward.count({ where: { campaignId: target.id } })).toBe(0);
}

describe("an advertiser without an active key", () => {
  it("records postbacks without a key, as before keys existed (E16 and E17)", async () => {
    const first = await freshClick();
    const second = await freshClick();
    const ip = nextIp();
    const viaGet = await call(GET, "/api/ads/postback", {
      ip,
      query: { campaign_id: campaign.id, click_id: first.clickId, event_type: "install" },
    });
    expect(viaGet.status).toBe(200);
    expect(viaGet.body).toEqual({ status: "recorded" });
    const viaPost = await call(POST, "/api/ads/postback", {
      ip,
      body: { campaign_id: campaign.id, click_id: second.clickId, event_type: "install" },
    });
    expect(viaPost.body).toEqual({ status: "recorded" });
  });

  it("records postbacks again once every key is revoked, and ignores a key sent anyway", async () => {
    const created = await keyOf();
    await revokePostbackKeyFor(actorFor(campaign.advertiserId), created.id);
    const click = await freshClick();
    const res = await call(GET, "/api/ads/postback", {
      ip: nextIp(),
      query: { campaign_id: campaign.id, click_id: click.clickId, event_type: "install", postback_key: created.key },
    });
    expect(res.body).toEqual({ status: "recorded" });
  });
});

describe("an advertiser with an active key", () => {
  it("refuses a postback without the key: 401 postback_key_required, problem+json, nothing recorded or forwarded", async () => {
    await keyOf();
    const click = await freshClick();
    const ip = nextIp();
    const body = { campaign_id: campaign.id, click_id: click.clickId, event_type: "deposit", event_value_usd: 1000 };
    for (const res of [
      await call(GET, "/api/ads/postback", { ip, query: { ...body, event_value_usd: "1000" } }),
      // a blank parameter is absent (a partner's empty macro), and so is a blank header
      await call(GET, "/api/ads/postback", { ip, query: { ...body, event_value_usd: "1000", postback_key: " " } }),
      await call(POST, "/api/ads/postback", { ip, body }),
      await call(POST, "/api/ads/postback", { ip, body, headers: { "x-postback-key": "" } }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.headers.get("www-authenticate")).toMatch(/^PostbackKey /);
      expect(res.body).toMatchObject({
        status: 401,
        code: "postback_key_required",
        type: "/docs/errors#postback_key_required",
      });
      expect(res.body.detail).toContain("postback_key");
    }
    await expectNothingRecorded(campaign, click.clickId);
  });

  it("refuses a wrong key, a revoked key and another advertiser's key: 401 invalid_postback_key, nothing recorded", async () => {
    const active = await keyOf();
    const revoked = await keyOf();
    await revokePostbackKeyFor(actorFor(campaign.advertiserId), revoked.id);
    const rivals = await keyOf(rivalCampaign);
    const click = await freshClick();
    const ip = nextIp();
    const query = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    const wrong = `${active.key.slice(0, -1)}${active.key.endsWith("a") ? "b" : "a"}`;
    for (const key of [wrong, revoked.key, rivals.key, "not-a-key", active.id]) {
      const viaQuery = await call(GET, "/api/ads/postback", { ip, query: { ...query, postback_key: key } });
      expect(viaQuery.status).toBe(401);
      expect(viaQuery.body).toMatchObject({ code: "invalid_postback_key", status: 401 });
      const viaHeader = await call(POST, "/api/ads/postback", { ip, body: query, headers: { "x-postback-key": key } });
      expect(viaHeader.status).toBe(401);
      expect(viaHeader.body.code).toBe("invalid_postback_key");
    }
    await expectNothingRecorded(campaign, click.clickId);
  });

  it("refuses a missing key before reading the click: an unknown click id answers 401, not 404", async () => {
    await keyOf();
    const res = await call(GET, "/api/ads/postback", {
      ip: nextIp(),
      query: { campaign_id: campaign.id, click_id: "clk_unknown", event_type: "install" },
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("postback_key_required");
  });

  it("records with the key as E16's query parameter, and as E17's header or query parameter", async () => {
    const { key } = await keyOf();
    const [a, b, c, d] = [await freshClick(), await freshClick(), await freshClick(), await freshClick()];
    const ip = nextIp();
    const base = { campaign_id: campaign.id, event_type: "install" };
    const viaQuery = await call(GET, "/api/ads/postback", {
      ip,
      query: { ...base, click_id: a.clickId, postback_key: key },
    });
    expect(viaQuery.status).toBe(200);
    expect(viaQuery.body).toEqual({ status: "recorded" });
    const viaHeader = await call(POST, "/api/ads/postback", {
      ip,
      body: { ...base, click_id: b.clickId },
      headers: { "X-Postback-Key": key },
    });
    expect(viaHeader.body).toEqual({ status: "recorded" });
    const viaPostQuery = await call(POST, "/api/ads/postback?postback_key=" + key, {
      ip,
      body: { ...base, click_id: c.clickId },
    });
    expect(viaPostQuery.body).toEqual({ status: "recorded" });
    // both, equal: fine; E16 takes the header too
    const both = await call(GET, "/api/ads/postback", {
      ip,
      query: { ...base, click_id: d.clickId, postback_key: key },
      headers: { "x-postback-key": key },
    });
    expect(both.body).toEqual({ status: "recorded" });
    expect(await db().conversion.count({ where: { campaignId: campaign.id } })).toBe(4);
    // the campaign has a postback_url: each recorded conversion is forwarded
    expect(await db().postbackForward.count({ where: { campaignId: campaign.id } })).toBe(4);
  });

  it("accepts any of several active keys; a repeat with the key answers already_recorded", async () => {
    const first = await keyOf();
    const second = await keyOf();
    const click = await freshClick();
    const ip = nextIp();
    const query = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    const recorded = await call(GET, "/api/ads/postback", { ip, query: { ...query, postback_key: second.key } });
    expect(recorded.body).toEqual({ status: "recorded" });
    const again = await call(GET, "/api/ads/postback", { ip, query: { ...query, postback_key: first.key } });
    expect(again.body).toEqual({ status: "already_recorded" });
  });

  it("refuses a postback_key given twice, or a query key and a header that differ (422 naming postback_key)", async () => {
    const { key } = await keyOf();
    const other = await keyOf();
    const click = await freshClick();
    const ip = nextIp();
    const twice = await call(
      GET,
      `/api/ads/postback?campaign_id=${campaign.id}&click_id=${click.clickId}&event_type=install&postback_key=${key}&postback_key=${key}`,
      { ip },
    );
    expect(twice.status).toBe(422);
    expect(twice.body.code).toBe("validation_failed");
    expect(twice.body.errors.map((error: { path: string }) => error.path)).toEqual(["postback_key"]);
    const differ = await call(POST, `/api/ads/postback?postback_key=${key}`, {
      ip,
      body: { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" },
      headers: { "x-postback-key": other.key },
    });
    expect(differ.status).toBe(422);
    expect(differ.body.errors[0].path).toBe("postback_key");
    const tooLong = await call(GET, "/api/ads/postback", {
      ip,
      query: {
        campaign_id: campaign.id,
        click_id: click.clickId,
        event_type: "install",
        postback_key: "k".repeat(257),
      },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors[0].path).toBe("postback_key");
    await expectNothingRecorded(campaign, click.clickId);
  });

  it("takes the key from E17's header or query string, never from its body (422, an unknown field), and names an overlong header", async () => {
    const { key } = await keyOf();
    const click = await freshClick();
    const ip = nextIp();
    const body = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    for (const headers of [{}, { "x-postback-key": key }] as Record<string, string>[]) {
      const inBody = await call(POST, "/api/ads/postback", { ip, body: { ...body, postback_key: key }, headers });
      expect(inBody.status).toBe(422);
      expect(inBody.body.code).toBe("validation_failed");
      expect(inBody.body.errors).toEqual([{ path: "", message: 'Unrecognized key: "postback_key"' }]);
    }
    const longHeader = await call(POST, "/api/ads/postback", {
      ip,
      body,
      headers: { "x-postback-key": "k".repeat(257) },
    });
    expect(longHeader.status).toBe(422);
    expect(longHeader.body.errors).toEqual([{ path: "x-postback-key", message: "must be at most 256 characters" }]);
    await expectNothingRecorded(campaign, click.clickId);
  });

  it("leaves another advertiser's campaigns alone: they still take postbacks without a key", async () => {
    await keyOf();
    const click = await freshClick(rivalCampaign);
    const res = await call(GET, "/api/ads/postback", {
      ip: nextIp(),
      query: { campaign_id: rivalCampaign.id, click_id: click.clickId, event_type: "install" },
    });
    expect(res.body).toEqual({ status: "recorded" });
  });
});

describe("postback misses", () => {
  it("counts missing and wrong keys per client address: past 60 in a minute, even the right key is refused", async () => {
    const { key } = await keyOf();
    const click = await freshClick();
    const ip = nextIp();
    const query = { campaign_id: campaign.id, click_id: click.clickId, event_type: "install" };
    for (let i = 0; i < 60; i++) {
      const miss = await call(GET, "/api/ads/postback", {
        ip,
        query: i % 2 === 0 ? query : { ...query, postback_key: `pbkey_wrong${i}` },
      });
      expect(miss.status).toBe(401);
    }
    const limited = await call(GET, "/api/ads/postback", { ip, query: { ...query, postback_key: key } });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectNothingRecorded(campaign, click.clickId);

    // another address is not affected, and a valid postback is not counted
    const elsewhere = await call(GET, "/api/ads/postback", { ip: nextIp(), query: { ...query, postback_key: key } });
    expect(elsewhere.body).toEqual({ status: "recorded" });
  });
});

describe("the key's last use", () => {
  it("is written on an accepted postback, at most once a minute, and not on a refused one", async () => {
    const { id, key } = await keyOf();
    const start = Date.UTC(2026, 10, 20, 12, 0, 0);
    const lastUsed = async () => (await db().postbackKey.findUniqueOrThrow({ where: { id } })).lastUsedAt;
    const post = async (atMs: number, presented: string) => {
      const click = await seedClick(campaign, atMs - 60_000);
      return recordPostback(
        { campaign_id: campaign.id, click_id: click.clickId, event_type: "install", postback_key: presented },
        { clock: () => atMs },
      );
    };
    expect(await lastUsed()).toBeNull();
    await expect(post(start, "pbkey_wrong")).rejects.toMatchObject({ code: "invalid_postback_key" });
    expect(await lastUsed()).toBeNull();
    expect(await post(start, key)).toEqual({ status: "recorded" });
    expect(await lastUsed()).toEqual(new Date(start));
    // within the minute: not written again
    expect(await post(start + LAST_USED_WRITE_INTERVAL_MS - 1, key)).toEqual({ status: "recorded" });
    expect(await lastUsed()).toEqual(new Date(start));
    // a minute later: written
    expect(await post(start + LAST_USED_WRITE_INTERVAL_MS, key)).toEqual({ status: "recorded" });
    expect(await lastUsed()).toEqual(new Date(start + LAST_USED_WRITE_INTERVAL_MS));
  });

  it("keeps only the key's SHA-256", async () => {
    const { id, key } = await keyOf();
    const row = await db().postbackKey.findUniqueOrThrow({ where: { id } });
    expect(row.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key.slice(6));
  });
});
