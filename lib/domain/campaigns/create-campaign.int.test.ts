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
import { createCampaign } from "./create-campaign";

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

describe("estimates from recorded auctions", () => {
  const nowMs = NOW.getTime();

  async function auctions(
    count: number,
    row: {
      momentType: string;
      sport: string;
      outcome: string;
      winningBid?: bigint;
      clearing?: bigint;
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
        winningBidMicros: row.winningBid ?? null,
        clearingCpmMicros: row.clearing ?? null,
        occurredAtMs: BigInt(row.atMs(i)),
      })),
    });
  }

  it("is 0 with no recorded auctions", async () => {
    const created = await createCampaign(actor, campaignBody(icons.url(), { start_date: "2026-03-11" }), {
      clock: CLOCK,
    });
    expect([created.estimated_daily_impressions, created.estimated_daily_spend_usd]).toEqual([0, 0]);
  });

  it("counts moments this bid would have won over 7 days, at the prices it would have paid", async () => {
    const spread = (i: number) => nowMs - 7 * DAY + i * 60_000;
    // the oldest recorded auction is exactly 7 days old: 7 days of history
    await auctions(70, {
      momentType: "close_game",
      sport: "nba",
      outcome: "filled",
      winningBid: 1_000_000n,
      clearing: 800_000n,
      atMs: spread,
    });
    await auctions(35, {
      momentType: "close_game",
      sport: "nba",
      outcome: "filled",
      winningBid: 3_000_000n,
      clearing: 2_000_000n,
      atMs: spread,
    });
    await auctions(14, { momentType: "close_game", sport: "nba", outcome: "no_fill", atMs: spread });
    await auctions(7, { momentType: "close_game", sport: "nba", outcome: "capped", atMs: spread });
    // not counted: other sport, other type, older than the window, in the future
    await auctions(50, { momentType: "close_game", sport: "mlb", outcome: "no_fill", atMs: spread });
    await auctions(50, { momentType: "bet_resolved", sport: "nba", outcome: "no_fill", atMs: spread });
    await auctions(50, {
      momentType: "close_game",
      sport: "nba",
      outcome: "no_fill",
      atMs: (i) => nowMs - 8 * DAY - i,
    });
    await auctions(50, { momentType: "close_game", sport: "nba", outcome: "no_fill", atMs: (i) => nowMs + 1000 + i });

    const body = (bid: number) =>
      campaignBody(icons.url(), {
        start_date: "2026-03-11",
        moment_types: ["close_game"],
        sports: ["nba"],
        bid_cpm_usd: bid,
      });
    // 2.00 beats the 70 winning bids of 1.00 (paying 1.00) and takes the 14 unfilled moments at the 0.35 floor:
    // 84 / 7 = 12 a day; (70 × 1.00 + 14 × 0.35) / 1000 / 7 = 0.0107 USD a day
    const at2 = await createCampaign(actor, body(2), { clock: CLOCK });
    expect([at2.estimated_daily_impressions, at2.estimated_daily_spend_usd]).toEqual([12, 0.0107]);
    // a tie with the recorded winning bid is not counted as a win: only the 14 unfilled moments
    const at1 = await createCampaign(actor, body(1), { clock: CLOCK });
    expect([at1.estimated_daily_impressions, at1.estimated_daily_spend_usd]).toEqual([2, 0.0007]);
    // 5.00 also beats the 3.00 bids
    const at5 = await createCampaign(actor, body(5), { clock: CLOCK });
    expect([at5.estimated_daily_impressions, at5.estimated_daily_spend_usd]).toEqual([17, 0.0257]);
  });

  it("targets a moment type only in the selected sports where it exists", async () => {
    const recent = (i: number) => nowMs - 3 * DAY + i;
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
    expect(created.estimated_daily_impressions).toBe(0);
  });
});
