import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRng } from "@/lib/random";
import { runAuction } from "@/test/reference-auction";
import { buildAuctionBook, runBookAuction } from "./auction-book";
import { pickVariant, tieRank, type AuctionCandidate, type AuctionMoment } from "./rules";

const moment: AuctionMoment = {
  momentType: "close_game",
  sport: "nba",
  gameId: "g1",
  userId: "u1",
  floorCpmMicros: 350_000,
};
const variant = [{ creativeId: "cr", variantLabel: "variant_a" }];
const candidate = (campaignId: string, advertiserId: string, bidMicros: number): AuctionCandidate => ({
  campaignId,
  advertiserId,
  bidMicros,
  variants: variant,
});
const random = () => 0.5;

/** runBookAuction over `candidates`, those `exclude` names blocked (as a cap or pacing blocks them). */
function auction(
  m: AuctionMoment,
  candidates: readonly AuctionCandidate[],
  options: { random: () => number; exclude?: (candidate: AuctionCandidate) => string | undefined },
) {
  const blockedUntil = Float64Array.from(candidates, (c) => (options.exclude?.(c) === undefined ? 0 : Infinity));
  const slot = new Map(candidates.map((c, index) => [c, index]));
  const book = buildAuctionBook(candidates, (c) => slot.get(c)!);
  return runBookAuction(m, book, blockedUntil, 1000, { random: options.random });
}

describe("auction rules", () => {
  it.each([
    { name: "second price", bids: [3_000_000, 2_000_000], clearing: 2_000_000 },
    { name: "lone bidder pays the floor", bids: [3_000_000], clearing: 350_000 },
    { name: "floor above the runner-up", bids: [3_000_000, 300_000], clearing: 350_000 },
    { name: "runner-up exactly at the floor", bids: [900_000, 350_000], clearing: 350_000 },
    { name: "three bidders", bids: [1_000_000, 5_000_000, 4_999_999], clearing: 4_999_999 },
    { name: "tie pays that bid", bids: [2_000_000, 2_000_000, 1_000_000], clearing: 2_000_000 },
  ])("$name", ({ bids, clearing }) => {
    const result = auction(
      moment,
      bids.map((bid, index) => candidate(`c${index}`, `a${index}`, bid)),
      { random },
    );
    expect(result.outcome).toBe("filled");
    if (result.outcome !== "filled") return;
    expect(result.clearingCpmMicros).toBe(clearing);
    expect(result.winningBidMicros).toBe(Math.max(...bids));
  });

  it("breaks ties deterministically and independently of input order", () => {
    const a = candidate("cmp_a", "adv_a", 2_000_000);
    const b = candidate("cmp_b", "adv_b", 2_000_000);
    const first = auction(moment, [a, b], { random });
    const second = auction(moment, [b, a], { random });
    expect(
      first.outcome === "filled" && second.outcome === "filled" && first.winner.campaignId === second.winner.campaignId,
    ).toBe(true);
  });

  it("spreads tie wins across moments instead of always favouring one campaign", () => {
    const a = candidate("cmp_a", "adv_a", 2_000_000);
    const b = candidate("cmp_b", "adv_b", 2_000_000);
    const wins = { cmp_a: 0, cmp_b: 0 };
    for (let user = 0; user < 400; user++) {
      const result = auction({ ...moment, userId: `u${user}` }, [a, b], { random });
      if (result.outcome === "filled") wins[result.winner.campaignId as "cmp_a" | "cmp_b"] += 1;
    }
    expect(wins.cmp_a).toBeGreaterThan(120);
    expect(wins.cmp_b).toBeGreaterThan(120);
  });

  it("ignores excluded candidates completely", () => {
    const result = auction(moment, [candidate("rich", "a1", 9_000_000), candidate("ok", "a2", 1_000_000)], {
      random,
      exclude: (c) => (c.campaignId === "rich" ? "budget" : undefined),
    });
    expect(result.outcome === "filled" && result.winner.campaignId).toBe("ok");
    expect(result.outcome === "filled" && result.clearingCpmMicros).toBe(350_000);
  });

  it("picks variants uniformly", () => {
    const variants = ["a", "b", "c", "d"].map((label) => ({ creativeId: label, variantLabel: label }));
    expect(pickVariant(variants, () => 0).variantLabel).toBe("a");
    expect(pickVariant(variants, () => 0.2499).variantLabel).toBe("a");
    expect(pickVariant(variants, () => 0.25).variantLabel).toBe("b");
    expect(pickVariant(variants, () => 0.9999999).variantLabel).toBe("d");
    const counts = new Map<string, number>();
    const random = createRng(7).next;
    for (let index = 0; index < 8000; index++) {
      const label = pickVariant(variants, random).variantLabel;
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    for (const label of ["a", "b", "c", "d"]) expect(counts.get(label)).toBeGreaterThan(1800);
  });

  it("tieRank depends on the moment", () => {
    const ranks = new Set(
      Array.from({ length: 20 }, (_, index) => tieRank({ ...moment, userId: `u${index}` }, "cmp_a")),
    );
    expect(ranks.size).toBeGreaterThan(15);
  });
});

const candidateArb = fc.record({
  campaignId: fc.string({ minLength: 1, maxLength: 6 }),
  advertiserId: fc.constantFrom("a1", "a2", "a3", "a4", "a5"),
  bidMicros: fc.integer({ min: 0, max: 1_000_000_000 }),
  variants: fc.constantFrom([], variant, [...variant, { creativeId: "cr2", variantLabel: "variant_b" }]),
});
const momentArb = fc.record({
  momentType: fc.constantFrom("close_game", "overtime"),
  sport: fc.constantFrom("nba", "nfl"),
  gameId: fc.string(),
  userId: fc.string(),
  floorCpmMicros: fc.integer({ min: 100_000, max: 600_000 }),
});
const uniqueCandidates = fc.uniqueArray(candidateArb, { selector: (c) => c.campaignId, maxLength: 30 });

describe("auction properties", () => {
  it("the winner holds the highest entered bid; the price lies between the floor and the winner's bid", () => {
    fc.assert(
      fc.property(
        momentArb,
        uniqueCandidates,
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (m, candidates, r) => {
          const result = auction(m, candidates, { random: () => r });
          const entered = candidates.filter((c) => c.bidMicros >= m.floorCpmMicros && c.variants.length > 0);
          if (entered.length === 0) return result.outcome === "no_fill";
          if (result.outcome !== "filled") return false;
          const highest = Math.max(...entered.map((c) => c.bidMicros));
          return (
            result.winningBidMicros === highest &&
            result.winner.bidMicros === highest &&
            result.clearingCpmMicros <= result.winner.bidMicros &&
            result.clearingCpmMicros >= m.floorCpmMicros &&
            result.winner.variants.includes(result.variant)
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("the price is the best bid of another advertiser (or the floor), never the winner's own other campaigns", () => {
    fc.assert(
      fc.property(momentArb, uniqueCandidates, (m, candidates) => {
        const result = auction(m, candidates, { random: () => 0 });
        if (result.outcome !== "filled") return true;
        const others = candidates.filter(
          (c) =>
            c.advertiserId !== result.winner.advertiserId && c.bidMicros >= m.floorCpmMicros && c.variants.length > 0,
        );
        const expected = Math.max(m.floorCpmMicros, ...others.map((c) => c.bidMicros));
        const advertisers = new Set(
          candidates.filter((c) => c.bidMicros >= m.floorCpmMicros && c.variants.length > 0).map((c) => c.advertiserId),
        );
        return result.clearingCpmMicros === expected && result.bidders === advertisers.size;
      }),
      { numRuns: 2000 },
    );
  });

  it("the result does not depend on the order of the candidates", () => {
    fc.assert(
      fc.property(
        momentArb,
        uniqueCandidates.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })),
        ),
        (m, [list, shuffled]) => {
          const a = auction(m, list, { random: () => 0 });
          const b = auction(m, shuffled, { random: () => 0 });
          if (a.outcome !== b.outcome) return false;
          if (a.outcome === "filled" && b.outcome === "filled") {
            return (
              a.winner.campaignId === b.winner.campaignId &&
              a.clearingCpmMicros === b.clearingCpmMicros &&
              a.bidders === b.bidders
            );
          }
          return true;
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("runBookAuction against the reference model (test/reference-auction.ts)", () => {
  it("gives exactly the reference's result for any candidates, eligibility, audience and refusals", () => {
    fc.assert(
      fc.property(
        momentArb,
        uniqueCandidates,
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 30, maxLength: 30 }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        fc.option(fc.array(fc.boolean(), { minLength: 30, maxLength: 30 })),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (m, list, blockedCodes, refusedFlags, audienceFlags, r) => {
          const now = 1000;
          const slot = new Map(list.map((candidate, index) => [candidate, index]));
          const blockedUntil = Float64Array.from(blockedCodes, (code) => [0, 999, 1000, 1001][code]!);
          const excluded = new Set(list.filter((_, index) => refusedFlags[index]));
          // the candidates this user may not see (another region, an excluded category)
          const unreached = new Set(audienceFlags ? list.filter((_, index) => audienceFlags[index]) : []);
          const book = buildAuctionBook(list, (candidate) => slot.get(candidate)!);
          const eligible = audienceFlags
            ? Uint8Array.from(book.candidates, (candidate) => (unreached.has(candidate) ? 0 : 1))
            : undefined;
          const fast = runBookAuction(m, book, blockedUntil, now, { random: () => r, excluded, eligible });
          const reference = runAuction(m, list, {
            random: () => r,
            exclude: (candidate) =>
              blockedUntil[slot.get(candidate)!]! > now || excluded.has(candidate) || unreached.has(candidate)
                ? "x"
                : undefined,
          });
          if (fast.outcome !== reference.outcome || fast.bidders !== reference.bidders) return false;
          if (fast.outcome === "filled" && reference.outcome === "filled") {
            return (
              fast.winner === reference.winner &&
              fast.clearingCpmMicros === reference.clearingCpmMicros &&
              fast.winningBidMicros === reference.winningBidMicros &&
              fast.variant === reference.variant
            );
          }
          return true;
        },
      ),
      { numRuns: 5000 },
    );
  });
});
