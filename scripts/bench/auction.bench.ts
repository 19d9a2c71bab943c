// In-process auctions per second over 1,000 active campaigns: the index lookup,
// the budget and pacing checks of every candidate, the second-price auction and
// the variant pick, exactly as a decision runs them (no I/O).
import { runBookAuction } from "@/lib/auction/auction-book";
import type { AuctionMoment } from "@/lib/auction/rules";
import { CampaignIndex } from "@/lib/delivery/engine/campaign-index";
import { MOMENT_TYPES } from "@/lib/domain/moment-types/catalog";
import { SPORTS } from "@/lib/domain/sports";
import type { DeliveryStore } from "@/lib/delivery/store/delivery-store";
import { createRng } from "@/lib/random";
import { round, type BenchResult } from "./bench-result";
import { syntheticCampaigns } from "./lib/synthetic-campaigns";

const CAMPAIGNS = 1000;
const ADVERTISERS = 100;
const TARGET = 1_000_000;

export async function run(): Promise<BenchResult> {
  const now = Date.UTC(2026, 10, 22, 15, 0, 0);
  const index = new CampaignIndex({} as DeliveryStore, () => now);
  index.load(syntheticCampaigns(CAMPAIGNS, ADVERTISERS));
  const rng = createRng(7);
  const moments: AuctionMoment[] = Array.from({ length: 4096 }, (_, n) => {
    const type = rng.pick(MOMENT_TYPES);
    return {
      momentType: type.key,
      sport: rng.pick(type.availableSports as readonly string[]),
      gameId: `g${rng.int(1, 300)}`,
      userId: `u${n}`,
      floorCpmMicros: Number(type.floorCpmMicros),
    };
  });
  const random = () => rng.next();
  let candidates = 0;
  let filled = 0;
  const once = (count: number) => {
    for (let n = 0; n < count; n++) {
      const moment = moments[n & 4095]!;
      const cell = index.cell(moment.momentType, moment.sport);
      candidates += cell.candidates.length;
      if (runBookAuction(moment, cell, index.blockedUntil, now, { random }).outcome === "filled") filled++;
    }
  };
  once(200_000); // warm-up (JIT)
  candidates = 0;
  filled = 0;
  let auctions = 0;
  const started = performance.now();
  while (performance.now() - started < 3000) {
    once(100_000);
    auctions += 100_000;
  }
  const seconds = (performance.now() - started) / 1000;
  const perSecond = auctions / seconds;
  void SPORTS;
  return {
    name: "auction",
    description: `In-process auctions over ${CAMPAIGNS} active campaigns of ${ADVERTISERS} advertisers (index lookup, budget and even-pacing checks, second price, variant pick)`,
    metrics: [
      { label: "auctions per second", value: Math.round(perSecond), unit: "/s" },
      { label: "candidates per auction (mean)", value: round(candidates / auctions, 1), unit: "" },
      { label: "fill rate", value: round(filled / auctions, 3), unit: "" },
    ],
    checks: [
      {
        label: "in-process auctions per second",
        value: Math.round(perSecond),
        target: ">= 1,000,000 /s",
        pass: perSecond >= TARGET,
      },
    ],
  };
}
