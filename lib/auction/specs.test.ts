// Golden auction scenarios: every lib/auction/specs/*.json is one case
// (moment, candidates, expected result), so a new rule example is one file.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { runAuction } from "@/test/reference-auction";
import { buildAuctionBook, runBookAuction } from "./auction-book";
import type { AuctionCandidate } from "./rules";

type Spec = {
  description: string;
  moment: { moment_type: string; sport: string; game_id: string; user_id: string; floor_cpm_usd: number };
  candidates: {
    campaign_id: string;
    advertiser_id: string;
    bid_cpm_usd: number;
    variants: string[];
    excluded?: string;
  }[];
  random: number;
  expected: {
    outcome: "filled" | "no_fill";
    winner?: string;
    variant?: string;
    bidders: number;
    clearing_cpm_usd?: number;
    losers: Record<string, string>;
  };
};

const dir = join(import.meta.dirname, "specs");
const files = readdirSync(dir)
  .filter((name) => name.endsWith(".json"))
  .sort();

type SpecCandidate = AuctionCandidate & { excluded?: string };

describe("golden auction specs", () => {
  it("has scenarios", () => expect(files.length).toBeGreaterThanOrEqual(10));

  for (const file of files) {
    const spec = JSON.parse(readFileSync(join(dir, file), "utf8")) as Spec;
    it(`${file}: ${spec.description}`, () => {
      const candidates: SpecCandidate[] = spec.candidates.map((candidate) => ({
        campaignId: candidate.campaign_id,
        advertiserId: candidate.advertiser_id,
        bidMicros: Number(usdToMicros(candidate.bid_cpm_usd)),
        variants: candidate.variants.map((label) => ({
          creativeId: `${candidate.campaign_id}_${label}`,
          variantLabel: label,
        })),
        excluded: candidate.excluded,
      }));
      const moment = {
        momentType: spec.moment.moment_type,
        sport: spec.moment.sport,
        gameId: spec.moment.game_id,
        userId: spec.moment.user_id,
        floorCpmMicros: Number(usdToMicros(spec.moment.floor_cpm_usd)),
      };
      // the auction production runs: excluded candidates are blocked (as caps, pacing or budgets block them)
      const slot = new Map(candidates.map((candidate, index) => [candidate, index]));
      const book = buildAuctionBook(candidates, (candidate) => slot.get(candidate)!);
      const blockedUntil = Float64Array.from(candidates, (candidate) => (candidate.excluded ? Infinity : 0));
      const result = runBookAuction(moment, book, blockedUntil, 0, { random: () => spec.random });
      expect(result.outcome).toBe(spec.expected.outcome);
      expect(result.bidders).toBe(spec.expected.bidders);
      if (result.outcome === "filled") {
        expect(result.winner.campaignId).toBe(spec.expected.winner);
        expect(result.variant.variantLabel).toBe(spec.expected.variant);
        expect(microsToUsd(result.clearingCpmMicros)).toBe(spec.expected.clearing_cpm_usd);
      }
      // why each other candidate lost, from the reference model (production does not explain)
      const explained = runAuction(moment, candidates, {
        random: () => spec.random,
        exclude: (candidate) => candidate.excluded,
        explain: true,
      });
      expect(explained.outcome === "filled" ? explained.winner.campaignId : undefined).toBe(spec.expected.winner);
      expect(Object.fromEntries((explained.losers ?? []).map((loser) => [loser.campaignId, loser.reason]))).toEqual(
        spec.expected.losers,
      );
    });
  }
});
