// both databases: decisions through the delivery stores
// Jurisdictions and responsible gambling at the delivery endpoints, over real HTTP (issue 39,
// docs/api.md "Jurisdictions"): a gambling advertiser's campaigns serve only its licensed
// regions, never a user of unknown region, and E5/E7 refuse target regions outside the
// licence (region_not_licensed) so nothing is ever served there; a licence change applies to
// the next decision (this process at once, another process's change within the engine's
// refresh); a user's excluded categories are honoured by POST /api/delivery/decisions and
// /api/delivery/moments alike, the auction running among the campaigns that match. Both
// databases (TEST_DATABASE).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { restRoute } from "@/test/rest-routes";
import { createPlatformKey } from "@/lib/auth/platform-keys";
import { db } from "@/lib/db/client";
import { stopDeliveryEngine } from "@/lib/delivery/engine/engine-instance";
import { setAdvertiserCategory, setLicensedRegions } from "@/lib/domain/advertisers/set-jurisdiction";
import { campaignBody, utcDay } from "@/test/campaign-input";
import { resetDeliveryTables } from "@/test/delivery-engine";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { until } from "@/test/until";

const { PATCH } = restRoute("/api/ads/campaigns/{id}");
const { POST: createCampaign } = restRoute("/api/ads/campaigns");

let server: HotServer;
let icons: IconServer;
let key: string;
let book: TestAdvertiser;
let bookHeaders: Record<string, string>;
let brand: TestAdvertiser;
let sequence = 0;

beforeAll(async () => {
  server = await startHotServer();
  icons = await startIconServer();
  key = (await createPlatformKey("jurisdiction publisher")).key;
  book = await createTestAdvertiser("Sportsbook");
  brand = await createTestAdvertiser("Sneakers");
  bookHeaders = await book.auth();
  await setAdvertiserCategory(book.advertiserId, "gambling");
});
afterAll(async () => {
  await server.close();
  await icons.close();
  await stopDeliveryEngine();
});
beforeEach(async () => {
  await resetDeliveryTables();
  await db().campaign.deleteMany({});
  await setLicensedRegions(book.advertiserId, "US-NJ US-PA");
  await stopDeliveryEngine();
});

/** A campaign made through E5 (its rules), delivering today, asap. */
async function e5(headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await call(createCampaign, "/api/ads/campaigns", {
    method: "POST",
    headers,
    body: campaignBody(icons.url(), { start_date: utcDay(0), pacing: "asap", bid_cpm_usd: 5, ...overrides }),
  });
  return res;
}

async function decide(user: { region?: string; excluded_categories?: string[] }) {
  const response = await fetch(`${server.url}/api/delivery/decisions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    // a user of their own each time: caps never decide
    body: JSON.stringify({
      moment_type: "close_game",
      sport: "nba",
      game_id: "g1",
      user_id: `u${++sequence}`,
      ...user,
    }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as { campaign_id?: string }) : undefined };
}

type MomentUser = { user_id: string; region?: string; excluded_categories?: string[] };
async function moment(users: MomentUser[]) {
  const response = await fetch(`${server.url}/api/delivery/moments`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ moment_type: "close_game", sport: "nba", game_id: "g1", users }),
  });
  expect(response.status).toBe(200);
  const json = (await response.json()) as { decisions: { user_id: string; campaign_id?: string; reason?: string }[] };
  return json.decisions;
}

describe("a gambling advertiser's licence at delivery", () => {
  it("E5/E7 refuse unlicensed target regions (region_not_licensed), and nothing is served outside the licence", async () => {
    const refused = await e5(bookHeaders, { target_regions: ["US-NY"] });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("region_not_licensed");
    const created = await e5(bookHeaders);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const patched = await call(PATCH, `/api/ads/campaigns/${id}`, {
      method: "PATCH",
      headers: bookHeaders,
      params: { id },
      body: { target_regions: ["US-NJ", "US-NY"] },
    });
    expect(patched.body.code).toBe("region_not_licensed");

    expect((await decide({ region: "US-NJ" })).json?.campaign_id).toBe(id);
    expect((await decide({ region: "US-PA" })).status).toBe(200);
    // outside the licence, the country alone (not within US-NJ), abroad, or unknown: no gambling ad
    for (const region of ["US-NY", "US", "CA-ON", undefined]) {
      expect((await decide(region ? { region } : {})).status, String(region)).toBe(204);
    }
    const decisions = await moment([
      { user_id: "m1", region: "US-NY" },
      { user_id: "m2" },
      { user_id: "m3", region: "US-NJ" },
      { user_id: "m4", region: "GB" },
    ]);
    expect(decisions.map((decision) => decision.campaign_id ?? decision.reason)).toEqual([
      "no_fill",
      "no_fill",
      id,
      "no_fill",
    ]);
    const served = await db().impression.findMany({ where: { campaignId: id }, select: { region: true } });
    expect(served.map((impression) => impression.region).sort()).toEqual(["US-NJ", "US-NJ", "US-PA"]);
  });

  it("a licence change applies to the next decision: in this process at once, from another within the refresh", async () => {
    const created = await e5(bookHeaders);
    const id = created.body.id as string;
    expect((await decide({ region: "US-NY" })).status).toBe(204);
    await setLicensedRegions(book.advertiserId, "US-NJ US-PA US-NY");
    expect((await decide({ region: "US-NY" })).json?.campaign_id).toBe(id);
    expect((await moment([{ user_id: "m1", region: "US-NY" }]))[0]!.campaign_id).toBe(id);

    // as the operator CLI in its own process writes it: the row alone, seen by the engine's signature check
    await db().advertiser.update({ where: { id: book.advertiserId }, data: { licensedRegions: '["US-PA"]' } });
    await until(async () => (await decide({ region: "US-NJ" })).status === 204);
    expect((await decide({ region: "US-PA" })).json?.campaign_id).toBe(id);
    // no licence at all: the sportsbook serves nobody
    await setLicensedRegions(book.advertiserId, "none");
    expect((await decide({ region: "US-PA" })).status).toBe(204);
  });
});

describe("excluded categories on both delivery endpoints", () => {
  it("a user excluding gambling never sees the sportsbook; the auction goes to the campaigns that match", async () => {
    const sportsbook = (await e5(bookHeaders, { bid_cpm_usd: 9 })).body.id as string;
    const sneakers = (await e5(await brand.auth(), { bid_cpm_usd: 3 })).body.id as string;
    await setAdvertiserCategory(brand.advertiserId, "alcohol");

    expect((await decide({ region: "US-NJ" })).json?.campaign_id).toBe(sportsbook);
    expect((await decide({ region: "US-NJ", excluded_categories: ["gambling"] })).json?.campaign_id).toBe(sneakers);
    expect((await decide({ region: "US-NJ", excluded_categories: ["gambling", "alcohol"] })).status).toBe(204);
    expect((await decide({ excluded_categories: ["alcohol"] })).status).toBe(204);
    expect((await decide({})).json?.campaign_id).toBe(sneakers);

    const decisions = await moment([
      { user_id: "m1", region: "US-NJ", excluded_categories: ["gambling"] },
      { user_id: "m2", region: "US-NJ" },
      { user_id: "m3", region: "US-NJ", excluded_categories: ["alcohol", "gambling"] },
      { user_id: "m4", region: "CA-ON", excluded_categories: ["alcohol"] },
      { user_id: "m5", region: "CA-ON" },
    ]);
    expect(decisions.map((decision) => decision.campaign_id ?? decision.reason)).toEqual([
      sneakers,
      sportsbook,
      "no_fill",
      "no_fill",
      sneakers,
    ]);
    await setAdvertiserCategory(brand.advertiserId, "general");
  });
});
