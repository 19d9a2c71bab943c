// The second-price auction as production runs it (docs/api.md, "Rules"; decision
// 0401): a cell's candidates laid out as typed arrays (struct of arrays),
// eligibility read from a Float64Array of "blocked until" times. The golden specs
// (lib/auction/specs) and property tests run it against a plain reference model
// (test/reference-auction.ts). Pure: no I/O, no clock, no randomness of its own.
import { pickVariant, tieRank, type AuctionCandidate, type AuctionMoment, type AuctionResult } from "./rules";

export type AuctionBook<C extends AuctionCandidate> = {
  /** grouped by advertiser, highest bid first within each advertiser; only candidates with a variant */
  readonly candidates: readonly C[];
  readonly bids: Float64Array;
  /** advertiser run number of each candidate (equal for one advertiser's adjacent campaigns) */
  readonly runs: Int32Array;
  /** position of each candidate's eligibility in the caller's `blockedUntil` array */
  readonly slots: Int32Array;
};

/** Lays out candidates for runBookAuction (sorted by advertiser, then bid descending). */
export function buildAuctionBook<C extends AuctionCandidate>(
  candidates: readonly C[],
  slotOf: (candidate: C) => number,
): AuctionBook<C> {
  const sorted = candidates
    .filter((candidate) => candidate.variants.length > 0)
    .sort((a, b) =>
      a.advertiserId < b.advertiserId ? -1 : a.advertiserId > b.advertiserId ? 1 : b.bidMicros - a.bidMicros,
    );
  const bids = new Float64Array(sorted.length);
  const runs = new Int32Array(sorted.length);
  const slots = new Int32Array(sorted.length);
  let run = -1;
  sorted.forEach((candidate, index) => {
    if (index === 0 || candidate.advertiserId !== sorted[index - 1]!.advertiserId) run++;
    bids[index] = candidate.bidMicros;
    runs[index] = run;
    slots[index] = slotOf(candidate);
  });
  return { candidates: sorted, bids, runs, slots };
}

export type BookAuctionOptions<C extends AuctionCandidate> = {
  random: () => number;
  /** candidates refused for this decision (rare: another instance spent their budget) */
  excluded?: ReadonlySet<C>;
  /** by candidate index, 1 where the candidate may serve this user (its region, its exclusions); all when absent */
  eligible?: Uint8Array;
};

/** true when a ranks above b at equal bids */
function winsTie(moment: AuctionMoment, a: AuctionCandidate, b: AuctionCandidate): boolean {
  if (a.campaignId === b.campaignId) return false;
  const rankA = tieRank(moment, a.campaignId);
  const rankB = tieRank(moment, b.campaignId);
  return rankA !== rankB ? rankA > rankB : a.campaignId < b.campaignId;
}

/**
 * Runs one auction over an AuctionBook. Rules:
 * - a candidate needs an approved variant (the book holds no other) and a bid at or above the floor,
 *   and is eligible when `blockedUntil[slot] <= nowMs`, it is not in `excluded` and `eligible` allows it;
 * - only the best eligible campaign of each advertiser enters;
 * - the highest entered bid wins; equal top bids are broken by `tieRank`, then by campaign id;
 * - clearing price = max(second-highest entered bid, floor); a lone bidder pays the floor; a tie at
 *   the top pays that bid (the runner-up bid equals it).
 */
export function runBookAuction<C extends AuctionCandidate>(
  moment: AuctionMoment,
  book: AuctionBook<C>,
  blockedUntil: Float64Array,
  nowMs: number,
  options: BookAuctionOptions<C>,
): AuctionResult<C> {
  const { bids, runs, slots, candidates } = book;
  const floor = moment.floorCpmMicros;
  const excluded = options.excluded;
  const eligible = options.eligible;
  let topIndex = -1;
  let topBid = -1;
  let topRun = -1;
  let secondBid = -1;
  let bidders = 0;
  let enteredRun = -1;
  let runBestBid = -1;
  const count = bids.length;
  for (let index = 0; index < count; index++) {
    const bid = bids[index]!;
    const run = runs[index]!;
    // one advertiser's later campaigns bid no more than its entrant: only an equal bid can matter (tie-break)
    if (run === enteredRun && bid < runBestBid) continue;
    if (bid < floor) continue;
    if (blockedUntil[slots[index]!]! > nowMs) continue;
    if (eligible !== undefined && eligible[index] === 0) continue;
    if (excluded !== undefined && excluded.has(candidates[index]!)) continue;
    if (run !== enteredRun) {
      enteredRun = run;
      runBestBid = bid;
      bidders++;
    }
    if (topIndex < 0) {
      topIndex = index;
      topBid = bid;
      topRun = run;
    } else if (bid > topBid || (bid === topBid && winsTie(moment, candidates[index]!, candidates[topIndex]!))) {
      if (run !== topRun) secondBid = topBid;
      topIndex = index;
      topBid = bid;
      topRun = run;
    } else if (bid > secondBid && run !== topRun) {
      secondBid = bid;
    }
  }
  if (topIndex < 0) return { outcome: "no_fill", bidders: 0 };
  const winner = candidates[topIndex]!;
  return {
    outcome: "filled",
    winner,
    variant: pickVariant(winner.variants, options.random),
    bidders,
    winningBidMicros: topBid,
    clearingCpmMicros: secondBid < 0 ? floor : Math.max(secondBid, floor),
  };
}
