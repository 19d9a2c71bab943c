// validate_only on E5 and E7 (docs/decisions/1301): every check runs, the
// estimates come from recorded auctions exactly as creation would report them
// (docs/decisions/0304), and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { fixedClock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { campaignBody } from "@/test/campaign-input";
import { appErrorOf } from "@/test/errors";
import { actorFor } from "@/test/factories/actors";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { createCampaign, getCampaign, previewCampaign, previewCampaignUpdate, updateCampaign } from "@/test/campaigns";

let icons: IconServer;
let actor: Actor;
const NOW = new Date("2026-03-10T12:00:00.000Z");
const CLOCK = fixedClock(NOW);
const DAY = 86_400_000;

beforeAll(async () => {
  icons = await startIconServer();
  const adv = await createTestAdvertiser();
  actor = actorFor(adv.advertiserId, ["campaigns:write"]);
  // 7 days of history for close_game × nba: 700 moments won by 3 other advertisers, clearing
  // at 1.00 (the 1.00-1.05 price band), and 140 unfilled
  const spread = (i: number) => NOW.getTime() - 7 * DAY + i * 60_000;
  await db().auction.createMany({
    data: [
      ...Array.from({ length: 700 }, (_, i) => ({
        id: newId("auc"),
        momentType: "close_game",
        sport: "nba",
        outcome: "filled",
        bidders: 2,
        winningBidMicros: 1_500_000n,
        clearingCpmMicros: 1_000_000n,
        winnerAdvertiserId: `adv_rival${i % 3}`,
        occurredAtMs: BigInt(spread(i)),
      })),
      ...Array.from({ length: 140 }, (_, i) => ({
        id: newId("auc"),
        momentType: "close_game",
        sport: "nba",
        outcome: "no_fill",
        bidders: 0,
        occurredAtMs: BigInt(spread(i)),
      })),
    ],
  });
});
afterAll(() => icons.close());

const body = (overrides: Record<string, unknown> = {}) =>
  campaignBody(icons.url(), {
    start_date: "2026-03-11",
    moment_types: ["close_game"],
    sports: ["nba"],
    bid_cpm_usd: 2,
    ...overrides,
  });

async function campaignCount(): Promise<number> {
  return db().campaign.count({ where: { advertiserId: actor.advertiserId } });
}

describe("E5 validate_only", () => {
  it("returns the campaign it would create and the same estimates creation reports, writing nothing", async () => {
    const before = await campaignCount();
    const preview = await previewCampaign(actor, body(), { clock: CLOCK });
    expect(await campaignCount()).toBe(before);
    expect(preview).toMatchObject({
      validate_only: true,
      campaign: { name: "NBA close games", status: "active", bid_cpm_usd: 2, moment_types: ["close_game"] },
      creative: { status: "approved", review_reason: null },
      // 840 moments / 7 days = 120 a day, each won one at its band's upper edge (1.05) or the 0.35 floor:
      // (700 × 1.05 + 140 × 0.35) / 1000 / 7 = 0.112 -> 0.11
      estimated_daily_impressions: 120,
      estimated_daily_spend_usd: 0.11,
      estimate_status: "estimated",
    });
    const created = await createCampaign(actor, body(), { clock: CLOCK });
    expect([created.estimated_daily_impressions, created.estimated_daily_spend_usd, created.estimate_status]).toEqual([
      preview.estimated_daily_impressions,
      preview.estimated_daily_spend_usd,
      preview.estimate_status,
    ]);
  });

  it("runs every check: fields, floors, the icon and the review", async () => {
    const invalid = await appErrorOf(
      previewCampaign(actor, body({ bid_cpm_usd: 0.1, daily_budget_usd: 1 }), { clock: CLOCK }),
    );
    expect(invalid.code).toBe("validation_failed");
    expect(invalid.fieldErrors?.map((error) => error.path).sort()).toEqual(["bid_cpm_usd", "daily_budget_usd"]);
    const icon = await appErrorOf(
      previewCampaign(actor, campaignBody(icons.url("/missing.png"), { start_date: "2026-03-11" }), {
        clock: CLOCK,
      }),
    );
    expect(icon.code).toBe("icon_unreachable");
    const rejected = await previewCampaign(
      actor,
      body({ creative: { ...body().creative, headline: "A risk-free parlay tonight" } }),
      { clock: CLOCK },
    );
    expect(rejected.creative.status).toBe("rejected");
    // it would deliver nothing, whatever the market: an estimate, not a withheld one
    expect([
      rejected.estimated_daily_impressions,
      rejected.estimated_daily_spend_usd,
      rejected.estimate_status,
    ]).toEqual([0, 0, "estimated"]);
  });
});

describe("E7 validate_only", () => {
  it("lists the changes, says a higher bid raises spend, estimates before and after, and writes nothing", async () => {
    const { id } = await createCampaign(actor, body({ bid_cpm_usd: 0.5 }), { clock: CLOCK });
    const stored = await getCampaign(actor, id);
    const preview = await previewCampaignUpdate(actor, id, { bid_cpm_usd: 2, name: "Renamed" }, { clock: CLOCK });
    expect(preview.changes).toEqual([
      { field: "name", from: "NBA close games", to: "Renamed" },
      { field: "bid_cpm_usd", from: 0.5, to: 2 },
    ]);
    expect(preview.raises_spend).toBe(true);
    expect(preview.campaign).toMatchObject({ id, name: "Renamed", bid_cpm_usd: 2 });
    // at 0.50 only the 140 unfilled moments are won (20 a day, 0.007 USD -> 0.01); at 2.00 the 700 at 1.00 too
    expect([
      preview.current_estimated_daily_impressions,
      preview.current_estimated_daily_spend_usd,
      preview.current_estimate_status,
    ]).toEqual([20, 0.01, "estimated"]);
    expect([preview.estimated_daily_impressions, preview.estimated_daily_spend_usd, preview.estimate_status]).toEqual([
      120,
      0.11,
      "estimated",
    ]);
    expect(await getCampaign(actor, id)).toEqual(stored);
  });

  it("pausing, a lower budget or a new name do not raise spend; resuming and a later end date do", async () => {
    const { id } = await createCampaign(actor, body({ end_date: "2026-03-20" }), { clock: CLOCK });
    const pause = await previewCampaignUpdate(actor, id, { status: "paused" }, { clock: CLOCK });
    expect(pause.raises_spend).toBe(false);
    expect([pause.estimated_daily_impressions, pause.estimated_daily_spend_usd]).toEqual([0, 0]);
    expect((await previewCampaignUpdate(actor, id, { daily_budget_usd: 20 }, { clock: CLOCK })).raises_spend).toBe(
      false,
    );
    expect((await previewCampaignUpdate(actor, id, { end_date: "2026-03-30" }, { clock: CLOCK })).raises_spend).toBe(
      true,
    );
    expect((await previewCampaignUpdate(actor, id, { end_date: null }, { clock: CLOCK })).raises_spend).toBe(true);
    expect((await previewCampaignUpdate(actor, id, { total_budget_usd: 900 }, { clock: CLOCK })).raises_spend).toBe(
      true,
    );

    await updateCampaign(actor, id, { status: "paused" }, { clock: CLOCK });
    const resume = await previewCampaignUpdate(actor, id, { status: "active" }, { clock: CLOCK });
    expect(resume.raises_spend).toBe(true);
    expect(resume.changes).toEqual([{ field: "status", from: "paused", to: "active" }]);
    expect([resume.current_estimated_daily_spend_usd, resume.estimated_daily_spend_usd]).toEqual([0, 0.11]);
    expect([resume.current_estimate_status, resume.estimate_status]).toEqual(["estimated", "estimated"]);
    expect((await getCampaign(actor, id)).status).toBe("paused");
  });

  it("refuses what the update would refuse, with the same codes", async () => {
    const { id } = await createCampaign(actor, body(), { clock: CLOCK });
    expect((await appErrorOf(previewCampaignUpdate(actor, id, { bid_cpm_usd: 0.1 }, { clock: CLOCK }))).code).toBe(
      "validation_failed",
    );
    expect((await appErrorOf(previewCampaignUpdate(actor, id, { sports: ["mlb"] }, { clock: CLOCK }))).code).toBe(
      "immutable_field",
    );
    expect((await appErrorOf(previewCampaignUpdate(actor, "cmp_nope", { name: "x" }, { clock: CLOCK }))).code).toBe(
      "not_found",
    );
    await updateCampaign(actor, id, { status: "ended" }, { clock: CLOCK });
    expect((await appErrorOf(previewCampaignUpdate(actor, id, { status: "active" }, { clock: CLOCK }))).code).toBe(
      "invalid_transition",
    );
  });
});
