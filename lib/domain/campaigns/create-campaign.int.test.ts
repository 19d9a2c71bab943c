// createCampaign with an injected clock: "today" in UTC, and estimates from seeded auctions.
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
import { ICON_UNREACHABLE_MESSAGE } from "@/lib/domain/creatives/check-icon-url";
import { createCampaign } from "@/test/campaigns";

let icons: IconServer;
let actor: Actor;
const NOW = new Date("2026-03-10T23:59:59.000Z");
const CLOCK = fixedClock(NOW);
const DAY = 86_400_000;

beforeAll(async () => {
  icons = await startIconServer();
  const adv = await createTestAdvertiser();
  actor = actorFor(adv.advertiserId, ["campaigns:write"]);
});
afterAll(() => icons.close());

describe("start_date and today (UTC)", () => {
  it("accepts today at the last second of the UTC day and refuses yesterday", async () => {
    const created = await createCampaign(actor, campaignBody(icons.url(), { start_date: "2026-03-10" }), {
      clock: CLOCK,
    });
    expect(created.created_at).toBe("2026-03-10T23:59:59.000Z");
    const error = await appErrorOf(
      createCampaign(actor, campaignBody(icons.url(), { start_date: "2026-03-09" }), { clock: CLOCK }),
    );
    expect(error.code).toBe("validation_failed");
    expect(error.fieldErrors).toEqual([{ path: "start_date", message: "must be today (UTC) or later" }]);
  });

  it("refuses the same date one second later, when the UTC day has turned", async () => {
    const error = await appErrorOf(
      createCampaign(actor, campaignBody(icons.url(), { start_date: "2026-03-10" }), {
        clock: fixedClock("2026-03-11T00:00:00.000Z"),
      }),
    );
    expect(error.fieldErrors?.[0]?.path).toBe("start_date");
  });
});

describe("icon check timeout", () => {
  // the icon server answers after 2 s: without the 300 ms timeout the check would pass and this fail
  it("answers icon_unreachable when the icon server does not answer in time", async () => {
    const error = await appErrorOf(
      createCampaign(actor, campaignBody(icons.url("/slow.png"), { start_date: "2026-03-11" }), {
        clock: CLOCK,
        iconCheck: { timeoutMs: 300 },
      }),
    );
    expect(error.code).toBe("icon_unreachable");
    expect(error.fieldErrors).toEqual([{ path: "creative.icon_url", message: ICON_UNREACHABLE_MESSAGE }]);
  });
});

describe("estimates from other advertisers' recorded auctions (docs/decisions/0304)", () => {
  const nowMs = NOW.getTime();

  async function auctions(
    count: number,
    row: {
      momentType: string;
      sport: string;
      outcome: string;
      clearing?: bigint;
      /** the winner of the i-th auction (filled only) */
      winner?: (i: number) => string;
      sandbox?: boolean;
      atMs: (i: number) => number;
    },
  ) {
    await db().auction.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        id: newId("auc"),
        momentType: row.momentType,
        sport: row.sport,
        outcome: row.outcome,
        bidders: row.outcome === "filled" ? 2 : 0,
        // the winner's own bid is recorded, and never read by the estimate
        winningBidMicros: row.clearing ? row.clearing + 3_000_000n : null,
        clearingCpmMicros: row.clearing ?? null,
        winnerAdvertiserId: row.outcome === "filled" ? (row.winner?.(i) ?? `adv_rival${i % 3}`) : null,
        sandbox: row.sandbox ?? false,
        occurredAtMs: BigInt(row.atMs(i)),
      })),
    });
  }

  it("withholds both figures with no recorded auctions", async () => {
    const created = await createCampaign(actor, campaignBody(icons.url(), { start_date: "2026-03-11" }), {
      clock: CLOCK,
    });
    expect([created.estimated_daily_impressions, created.estimated_daily_spend_usd, created.estimate_status]).toEqual([
      0,
      0,
      "insufficient_volume",
    ]);
  });

  it("counts moments this bid would have won over 7 days, priced at their clearing band's upper edge", async () => {
    const spread = (i: number) => nowMs - 7 * DAY + i * 60_000;
    // the oldest recorded auction is exactly 7 days old: 7 days of history
    await auctions(700, {
      momentType: "close_game",
      sport: "nba",
      outcome: "filled",
      clearing: 1_000_000n,
      atMs: spread,
    });
    await auctions(350, {
      momentType: "close_game",
      sport: "nba",
      outcome: "filled",
      clearing: 2_100_000n,
      atMs: spread,
    });
    await auctions(140, { momentType: "close_game", sport: "nba", outcome: "no_fill", atMs: spread });
    await auctions(70, { momentType: "close_game", sport: "nba", outcome: "capped", atMs: spread });
    // not counted: other sport, other type, older than the window, in the future, the demo's, the caller's own
    const cheap = { outcome: "filled", clearing: 400_000n };
    await auctions(500, { momentType: "close_game", sport: "mlb", ...cheap, atMs: spread });
    await auctions(500, { momentType: "bet_resolved", sport: "nba", ...cheap, atMs: spread });
    await auctions(500, { momentType: "close_game", sport: "nba", ...cheap, atMs: (i) => nowMs - 8 * DAY - i });
    await auctions(500, { momentType: "close_game", sport: "nba", ...cheap, atMs: (i) => nowMs + 1000 + i });
    await auctions(500, { momentType: "close_game", sport: "nba", ...cheap, sandbox: true, atMs: spread });
    await auctions(500, { momentType: "close_game", sport: "nba", outcome: "no_fill", sandbox: true, atMs: spread });
    await auctions(500, {
      momentType: "close_game",
      sport: "nba",
      ...cheap,
      winner: () => actor.advertiserId,
      atMs: spread,
    });

    const body = (bid: number) =>
      campaignBody(icons.url(), {
        start_date: "2026-03-11",
        moment_types: ["close_game"],
        sports: ["nba"],
        bid_cpm_usd: bid,
      });
    const estimate = async (bid: number) => {
      const created = await createCampaign(actor, body(bid), { clock: CLOCK });
      return [created.estimated_daily_impressions, created.estimated_daily_spend_usd, created.estimate_status];
    };
    // 2.00 wins the 700 clearing at 1.00 (at 1.05, their band's edge) and the 140 unfilled at the 0.35 floor:
    // 840 / 7 = 120 a day; (700 × 1.05 + 140 × 0.35) / 1000 / 7 = 0.112 -> 0.11 USD a day
    expect(await estimate(2)).toEqual([120, 0.11, "estimated"]);
    // 1.00 is the grid point of the 1.00 band: an auction of the bid's own band is not won, only the unfilled ones
    expect(await estimate(1)).toEqual([20, 0.01, "estimated"]);
    // 5.00 also wins the 350 clearing at 2.10 (band 2.0789-2.1829, at 2.182875):
    // 1190 / 7 = 170 a day; (735 + 49 + 350 × 2.182875) / 7000 = 0.2211 -> 0.22
    expect(await estimate(5)).toEqual([170, 0.22, "estimated"]);
  });

  it("targets a moment type only in the selected sports where it exists", async () => {
    const recent = (i: number) => nowMs - 3 * DAY + i;
    // a qualifying market, but in a lane that does not exist (no foul trouble in football)
    await auctions(60, {
      momentType: "foul_trouble",
      sport: "nfl",
      outcome: "filled",
      clearing: 150_000n,
      atMs: recent,
    });
    await auctions(21, { momentType: "foul_trouble", sport: "nfl", outcome: "no_fill", atMs: recent });
    const created = await createCampaign(
      actor,
      campaignBody(icons.url(), {
        start_date: "2026-03-11",
        moment_types: ["foul_trouble"],
        sports: ["nfl", "nba"],
        bid_cpm_usd: 1,
      }),
      { clock: CLOCK },
    );
    expect([created.estimated_daily_impressions, created.estimate_status]).toEqual([0, "insufficient_volume"]);
  });
});
