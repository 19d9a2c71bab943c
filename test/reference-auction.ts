// The auction's reference model for tests: the rules of docs/api.md written as
// plainly as possible, one pass over the candidates in any order, with a reason
// for every loser. Production runs runBookAuction (lib/auction/auction-book.ts);
// property tests hold the two equal, and the golden specs read the losers'
// reasons from here.
import {
  pickVariant,
  tieRank,
  type AuctionCandidate,
  type AuctionMoment,
  type AuctionResult,
} from "@/lib/auction/rules";

export type ReferenceOptions<C extends AuctionCandidate> = {
  /** uniform in [0, 1): picks the variant */
  random: () => number;
  /** undefined = eligible; otherwise the reason it may not enter (budget, pacing, caps...) */
  exclude?: (candidate: C) => string | undefined;
  /** compute a reason for every losing candidate */
  explain?: boolean;
};

export type ReferenceResult<C extends AuctionCandidate> = AuctionResult<C> & {
  losers?: { campaignId: string; reason: LossReason }[];
};

export type LossReason =
  /** excluded before the auction (budget, pacing, status...): the predicate's reason */
  | `ineligible:${string}`
  | "below_floor"
  | "no_approved_variant"
  /** another campaign of the same advertiser bid more: an advertiser never raises its own price */
  | "advertiser_outbid"
  | "outbid"
  /** same bid as the winner, lost the deterministic tie-break */
  | "tie_lost";

/** true when a ranks above b (higher bid; equal bids by tie rank, then by id). */
function ranksAbove(moment: AuctionMoment, a: AuctionCandidate, b: AuctionCandidate): boolean {
  if (a.bidMicros !== b.bidMicros) return a.bidMicros > b.bidMicros;
  if (a.campaignId === b.campaignId) return false;
  const rankA = tieRank(moment, a.campaignId);
  const rankB = tieRank(moment, b.campaignId);
  if (rankA !== rankB) return rankA > rankB;
  return a.campaignId < b.campaignId;
}

/**
 * Runs one auction. Rules (docs/api.md):
 * - a candidate needs an approved variant and a bid at or above the floor;
 * - only the best eligible campaign of each advertiser enters;
 * - the highest entered bid wins; equal top bids are broken by `tieRank`;
 * - clearing price = max(second-highest entered bid, floor); a lone bidder pays
 *   the floor; a tie at the top pays that bid (the runner-up bid equals it).
 * One pass over the candidates in any order.
 */
export function runAuction<C extends AuctionCandidate>(
  moment: AuctionMoment,
  candidates: readonly C[],
  options: ReferenceOptions<C>,
): ReferenceResult<C> {
  const floor = moment.floorCpmMicros;
  const exclude = options.exclude;
  // top: the best candidate; secondBid: the best bid of any other advertiser (only its amount matters)
  let top: C | undefined;
  let topBid = -1;
  let secondBid = -1;
  let bidders = 0;
  const advertisers = new Set<string>();

  for (let index = 0; index < candidates.length; index++) {
    const candidate = candidates[index]!;
    const bid = candidate.bidMicros;
    if (bid < floor || candidate.variants.length === 0) continue;
    if (exclude !== undefined && exclude(candidate) !== undefined) continue;
    if (!advertisers.has(candidate.advertiserId)) {
      advertisers.add(candidate.advertiserId);
      bidders++;
    }
    if (top === undefined) {
      top = candidate;
      topBid = bid;
    } else if (bid > topBid || (bid === topBid && ranksAbove(moment, candidate, top))) {
      // the old top is the best so far of every advertiser but the new top's
      if (candidate.advertiserId !== top.advertiserId) secondBid = topBid;
      top = candidate;
      topBid = bid;
    } else if (bid > secondBid && candidate.advertiserId !== top.advertiserId) {
      secondBid = bid;
    }
  }

  if (top === undefined) {
    return options.explain
      ? { outcome: "no_fill", bidders: 0, losers: explainLosers(moment, candidates, undefined, options) }
      : { outcome: "no_fill", bidders: 0 };
  }
  const clearing = secondBid < 0 ? floor : Math.max(secondBid, floor);
  const result: ReferenceResult<C> = {
    outcome: "filled",
    winner: top,
    variant: pickVariant(top.variants, options.random),
    bidders,
    winningBidMicros: top.bidMicros,
    clearingCpmMicros: clearing,
  };
  if (options.explain) result.losers = explainLosers(moment, candidates, top, options);
  return result;
}

function explainLosers<C extends AuctionCandidate>(
  moment: AuctionMoment,
  candidates: readonly C[],
  winner: C | undefined,
  options: ReferenceOptions<C>,
): { campaignId: string; reason: LossReason }[] {
  const entered = (candidate: C) =>
    candidate.bidMicros >= moment.floorCpmMicros &&
    candidate.variants.length > 0 &&
    options.exclude?.(candidate) === undefined;
  const losers: { campaignId: string; reason: LossReason }[] = [];
  for (const candidate of candidates) {
    if (candidate === winner) continue;
    let reason: LossReason;
    if (candidate.variants.length === 0) reason = "no_approved_variant";
    else if (candidate.bidMicros < moment.floorCpmMicros) reason = "below_floor";
    else if (options.exclude?.(candidate) !== undefined) reason = `ineligible:${options.exclude(candidate)!}`;
    else if (
      candidates.some(
        (other) =>
          other !== candidate &&
          other.advertiserId === candidate.advertiserId &&
          entered(other) &&
          ranksAbove(moment, other, candidate),
      )
    )
      reason = "advertiser_outbid";
    else if (winner !== undefined && candidate.bidMicros === winner.bidMicros) reason = "tie_lost";
    else reason = "outbid";
    losers.push({ campaignId: candidate.campaignId, reason });
  }
  return losers;
}
