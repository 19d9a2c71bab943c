// both databases: aggregates over recorded auctions
// The estimates of E5 and of the E5 and E7 previews seen by a rival probing a
// market of known bids (docs/decisions/0304): whatever it bids, it learns in
// which 5 % price band other advertisers cleared, never a price; a market of
// fewer than 3 other advertisers or 20 auctions is withheld; demo (sandbox)
// auctions and the caller's own never count. Through the route handlers, on
// the real clock (the market is seeded relative to now; the figures asserted
// are far from a rounding boundary). And the `preview` limit that REST and
// GraphQL share.
import { restRoute } from "@/test/rest-routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toGlobalId } from "@/graphql/global-id";
import { db } from "@/lib/db/client";
import { bandOf, roundToTwoSignificant } from "@/lib/domain/market/estimate-rules";
import { newId } from "@/lib/ids";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/policies";
import { campaignBody } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { expectRateLimited, gql } from "@/test/graphql";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { expectMatchesOpenApi } from "@/test/openapi";

const { PATCH } = restRoute("/api/ads/campaigns/{id}");
const { POST } = restRoute("/api/ads/campaigns");

const DAY = 86_400_000;
let icons: IconServer;
let rival: TestAdvertiser;
let headers: Record<string, string>;

/** Auctions of the trailing 7 days on one lane, the oldest 7 days old less a minute. */
async function seed(
  count: number,
  lane: { momentType: string; sport: string },
  row: { clearingUsd?: number; winner?: (i: number) => string; sandbox?: boolean } = {},
) {
  const now = Date.now();
  const filled = row.clearingUsd !== undefined;
  await db().auction.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: newId("auc"),
      ...lane,
      outcome: filled ? "filled" : "no_fill",
      bidders: filled ? 2 : 0,
      // the winner's own bid is stored (a cent above the clearing price) and must never show
      winningBidMicros: filled ? BigInt(Math.round(row.clearingUsd! * 1e6)) + 10_000n : null,
      clearingCpmMicros: filled ? BigInt(Math.round(row.clearingUsd! * 1e6)) : null,
      winnerAdvertiserId: filled ? row.winner!(i) : null,
      sandbox: row.sandbox ?? false,
      occurredAtMs: BigInt(now - 7 * DAY + 60_000 + Math.floor((i * (7 * DAY - 120_000)) / count)),
    })),
  });
}

const CLOSE_GAME_NBA = { momentType: "close_game", sport: "nba" };
const adv = (name: string) => () => `adv_${name}`;

beforeAll(async () => {
  icons = await startIconServer();
  rival = await createTestAdvertiser("Rival");
  headers = await rival.auth(["campaigns:read", "campaigns:write"]);
  // The market: three competitors whose auctions clear a cent apart (2.00, 2.01, 2.02), a fourth
  // at 3.33, and 700 moments nobody filled (close_game's floor is 0.35).
  await seed(1000, CLOSE_GAME_NBA, { clearingUsd: 2.0, winner: adv("a") });
  await seed(1000, CLOSE_GAME_NBA, { clearingUsd: 2.01, winner: adv("b") });
  await seed(1000, CLOSE_GAME_NBA, { clearingUsd: 2.02, winner: adv("c") });
  await seed(700, CLOSE_GAME_NBA, { clearingUsd: 3.33, winner: adv("d") });
  await seed(700, CLOSE_GAME_NBA);
  // never counted: the demo's auctions (three sandbox advertisers at 1.50, and unfilled ones)
  // and the rival's own wins at 1.20
  await seed(1000, CLOSE_GAME_NBA, { clearingUsd: 1.5, winner: (i) => `adv_demo${i % 3}`, sandbox: true });
  await seed(1000, CLOSE_GAME_NBA, { sandbox: true });
  await seed(1000, CLOSE_GAME_NBA, { clearingUsd: 1.2, winner: () => rival.advertiserId });
});
afterAll(() => icons.close());

type Estimate = [impressions: number, spendUsd: number, status: string];

const body = (bid: number, overrides: Record<string, unknown> = {}) =>
  campaignBody(icons.url(), {
    moment_types: ["close_game"],
    sports: ["nba"],
    bid_cpm_usd: bid,
    daily_budget_usd: 1000,
    total_budget_usd: 10_000,
    ...overrides,
  });

async function previewCreate(bid: number, overrides: Record<string, unknown> = {}): Promise<Estimate> {
  const res = await call(POST, "/api/ads/campaigns", {
    method: "POST",
    query: { validate_only: "true" },
    body: body(bid, overrides),
    headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectMatchesOpenApi("POST", "/api/ads/campaigns", 200, res.body);
  return [res.body.estimated_daily_impressions, res.body.estimated_daily_spend_usd, res.body.estimate_status];
}

async function previewUpdate(id: string, bid: number): Promise<Estimate> {
  const res = await call(PATCH, `/api/ads/campaigns/${id}`, {
    method: "PATCH",
    params: { id },
    query: { validate_only: "true" },
    body: { bid_cpm_usd: bid },
    headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectMatchesOpenApi("PATCH", "/api/ads/campaigns/{id}", 200, res.body);
  return [res.body.estimated_daily_impressions, res.body.estimated_daily_spend_usd, res.body.estimate_status];
}

/** Bids from `from` to `to` USD, a cent apart. */
const cents = (from: number, to: number) =>
  Array.from({ length: Math.round((to - from) * 100) + 1 }, (_, i) => Math.round(from * 100 + i) / 100);

/** What a rival's sweep shows: whole cents and 2 significant digits, and steps only where the bid's band changes. */
function expectOnlyBands(sweep: [bid: number, estimate: Estimate][]) {
  for (const [bid, [impressions, spend, status]] of sweep) {
    expect(status, String(bid)).toBe("estimated");
    expect(Number.isInteger(Math.round(spend * 100 * 1e6) / 1e6), `${bid}: ${spend}`).toBe(true);
    expect(roundToTwoSignificant(impressions), `${bid}: ${impressions}`).toBe(impressions);
  }
  for (let i = 1; i < sweep.length; i++) {
    const [lower, before] = sweep[i - 1]!;
    const [bid, after] = sweep[i]!;
    const sameBand = bandOf(Math.round(lower * 1e6)) === bandOf(Math.round(bid * 1e6));
    if (sameBand) expect(after, `${lower} -> ${bid}`).toEqual(before);
  }
}

describe("a rival sweeping its bid a cent at a time", () => {
  // no other advertiser cleared below 2.0789 (the grid point after 1.9799): only the 700 unfilled moments,
  // 700 / 7 = 100 a day at the 0.35 floor, 0.035 -> 0.04 USD
  const BELOW: Estimate = [100, 0.04, "estimated"];
  // from 2.0789 the 3000 auctions clearing at 2.00-2.02 too, each priced at 2.078928 (their band's upper edge):
  // 3700 / 7 = 528.6 -> 530 a day; (700 × 0.35 + 3000 × 2.078928) / 1000 / 7 = 0.926 -> 0.93
  const ABOVE: Estimate = [530, 0.93, "estimated"];

  it("learns from E5's previews only the 5 % band the competitors cleared in, never their prices", async () => {
    const sweep: [number, Estimate][] = [];
    for (const bid of cents(1.96, 2.1)) sweep.push([bid, await previewCreate(bid)]);
    expectOnlyBands(sweep);
    const at = new Map(sweep);
    // the competitors' prices and bids (2.00-2.03) are no steps: every bid from 1.98 to 2.07 answers alike
    for (const bid of cents(1.98, 2.07)) expect(at.get(bid), String(bid)).toEqual(BELOW);
    for (const bid of cents(2.08, 2.1)) expect(at.get(bid), String(bid)).toEqual(ABOVE);
    // the demo's auctions at 1.50 and the rival's own at 1.20 are not in the market
    for (const bid of [1.15, 1.25, 1.55]) expect(await previewCreate(bid), String(bid)).toEqual(BELOW);
    // above 3.33's band the fourth competitor's auctions are won too
    expect((await previewCreate(4))[0]).toBeGreaterThan(ABOVE[0]);
  });

  it("learns no more from E7's previews of a bid change, and a real creation answers as its preview", async () => {
    const created = await call(POST, "/api/ads/campaigns", { method: "POST", body: body(2.05), headers });
    expect(created.status).toBe(201);
    expect([
      created.body.estimated_daily_impressions,
      created.body.estimated_daily_spend_usd,
      created.body.estimate_status,
    ]).toEqual(BELOW);
    const id = created.body.id as string;
    const sweep: [number, Estimate][] = [];
    for (const bid of cents(1.96, 2.1)) sweep.push([bid, await previewUpdate(id, bid)]);
    expectOnlyBands(sweep);
    const at = new Map(sweep);
    for (const bid of cents(1.98, 2.07)) expect(at.get(bid), String(bid)).toEqual(BELOW);
    for (const bid of cents(2.08, 2.1)) expect(at.get(bid), String(bid)).toEqual(ABOVE);
    for (const bid of [1.15, 1.25, 1.55]) expect(await previewUpdate(id, bid), String(bid)).toEqual(BELOW);
  });
});

describe("markets too small to estimate", () => {
  const WITHHELD: Estimate = [0, 0, "insufficient_volume"];

  beforeAll(async () => {
    const overtimeNfl = { momentType: "overtime", sport: "nfl" };
    const spreadNfl = { momentType: "spread_alert", sport: "nfl" };
    const propMlb = { momentType: "prop_alert", sport: "mlb" };
    const totalMlb = { momentType: "total_alert", sport: "mlb" };
    // two other advertisers, however many auctions (and unfilled ones)
    await seed(1000, overtimeNfl, { clearingUsd: 1.5, winner: (i) => `adv_pair${i % 2}` });
    await seed(1000, overtimeNfl);
    // three, but 19 auctions
    await seed(19, spreadNfl, { clearingUsd: 1.5, winner: (i) => `adv_few${i % 3}` });
    // three demo advertisers
    await seed(1000, propMlb, { clearingUsd: 1.5, winner: (i) => `adv_demo${i % 3}`, sandbox: true });
    // two others and the caller
    await seed(1000, totalMlb, {
      clearingUsd: 1.5,
      winner: (i) => [`adv_pair0`, `adv_pair1`, rival.advertiserId][i % 3]!,
    });
  });

  it("withholds both figures unless 20 auctions were won by 3 other advertisers, with status insufficient_volume", async () => {
    expect(await previewCreate(5, { moment_types: ["overtime"], sports: ["nfl"] })).toEqual(WITHHELD);
    expect(await previewCreate(5, { moment_types: ["spread_alert"], sports: ["nfl"] })).toEqual(WITHHELD);
    expect(await previewCreate(5, { moment_types: ["prop_alert"], sports: ["mlb"] })).toEqual(WITHHELD);
    expect(await previewCreate(5, { moment_types: ["total_alert"], sports: ["mlb"] })).toEqual(WITHHELD);
  });

  it("takes the campaign's lanes together: two small markets can make one sample", async () => {
    // overtime × nfl (2 advertisers, 1000 auctions) and spread_alert × nfl (3, 19) make 1019 auctions of 5
    const [impressions, spend, status] = await previewCreate(5, {
      moment_types: ["overtime", "spread_alert"],
      sports: ["nfl"],
    });
    expect(status).toBe("estimated");
    expect(impressions).toBeGreaterThan(0);
    expect(spend).toBeGreaterThan(0);
  });
});

describe("auctions counted in one row (a moment's alike auctions)", () => {
  it("estimate as the same auctions one row each", async () => {
    const oneEach = { momentType: "close_game", sport: "nfl" };
    const counted = { momentType: "close_game", sport: "ncaa_basketball" };
    const market = [
      { usd: 2.0, winner: "adv_ca", count: 300 },
      { usd: 2.5, winner: "adv_cb", count: 250 },
      { usd: 3.0, winner: "adv_cc", count: 120 },
      { usd: undefined, winner: undefined, count: 400 },
    ];
    for (const { usd, winner, count } of market) {
      await seed(count, oneEach, { clearingUsd: usd, winner: winner === undefined ? undefined : () => winner });
      // the same auctions as one row each kind, in the middle of the window
      await db().auction.create({
        data: {
          id: newId("auc"),
          ...counted,
          outcome: usd === undefined ? "no_fill" : "filled",
          bidders: usd === undefined ? 0 : 2,
          winningBidMicros: usd === undefined ? null : BigInt(Math.round(usd * 1e6)) + 10_000n,
          clearingCpmMicros: usd === undefined ? null : BigInt(Math.round(usd * 1e6)),
          winnerAdvertiserId: winner ?? null,
          occurredAtMs: BigInt(Date.now() - 3 * DAY),
          auctionCount: count,
        },
      });
    }
    for (const bid of [1, 2.2, 2.7, 5]) {
      const rows = await previewCreate(bid, { moment_types: ["close_game"], sports: ["nfl"] });
      expect(rows[2]).toBe("estimated");
      expect(await previewCreate(bid, { moment_types: ["close_game"], sports: ["ncaa_basketball"] })).toEqual(rows);
    }
  });
});

describe("the preview limit, one count for every transport", () => {
  const PREVIEW_UPDATE = `
    query PreviewUpdate($input: UpdateCampaignInput!) {
      previewCampaignUpdate(input: $input) { preview { estimateStatus } userErrors { code } }
    }`;

  it("answers the 61st preview of a minute, REST's or GraphQL's, with 429 / RATE_LIMITED; a creation is not a preview", async () => {
    const prober = await createTestAdvertiser("Prober");
    const auth = await prober.auth(["campaigns:read", "campaigns:write"]);
    const campaign = await createTestCampaign({ advertiserId: prober.advertiserId });
    const { points, durationSec } = RATE_LIMIT_POLICIES.preview;
    expect([points, durationSec]).toEqual([60, 60]);

    // REST's E7 previews and GraphQL's previewCampaignUpdate, alternately: one count
    for (let used = 1; used <= points; used++) {
      const bid = 2 + used / 100;
      const res =
        used % 2
          ? await call(PATCH, `/api/ads/campaigns/${campaign.id}`, {
              method: "PATCH",
              params: { id: campaign.id },
              query: { validate_only: "true" },
              body: { bid_cpm_usd: bid },
              headers: auth,
            })
          : await gql(PREVIEW_UPDATE, {
              headers: auth,
              variables: { input: { id: toGlobalId("Campaign", campaign.id), bidCpmUsd: bid } },
            });
      expect(res.status, String(used)).toBe(200);
      expect(res.headers.get("ratelimit-limit"), String(used)).toBe("60");
      expect(res.headers.get("ratelimit-remaining"), String(used)).toBe(String(points - used));
    }

    const rest = await call(PATCH, `/api/ads/campaigns/${campaign.id}`, {
      method: "PATCH",
      params: { id: campaign.id },
      query: { validate_only: "true" },
      body: { bid_cpm_usd: 3 },
      headers: auth,
    });
    expect(rest.status).toBe(429);
    expect(rest.body.code).toBe("rate_limited");
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(rest.headers.get("ratelimit-remaining")).toBe("0");
    expectMatchesOpenApi("PATCH", "/api/ads/campaigns/{id}", 429, rest.body);
    expectRateLimited(
      await gql(PREVIEW_UPDATE, {
        headers: auth,
        variables: { input: { id: toGlobalId("Campaign", campaign.id), bidCpmUsd: 3 } },
      }),
      "previewCampaignUpdate",
      points,
    );
    // E5's preview is refused before its icon check
    const heads = icons.heads.length;
    const e5 = await call(POST, "/api/ads/campaigns", {
      method: "POST",
      query: { validate_only: "true" },
      body: body(2),
      headers: auth,
    });
    expect(e5.status).toBe(429);
    expect(icons.heads.length).toBe(heads);

    // a real creation and a real update are not previews
    const created = await call(POST, "/api/ads/campaigns", { method: "POST", body: body(2), headers: auth });
    expect(created.status).toBe(201);
    expect(created.body.estimate_status).toBe("estimated");
    const updated = await call(PATCH, `/api/ads/campaigns/${campaign.id}`, {
      method: "PATCH",
      params: { id: campaign.id },
      body: { bid_cpm_usd: 3 },
      headers: auth,
    });
    expect(updated.status).toBe(200);
  });
});
