// The second-price auction core (docs/api.md, "Rules"): pure, no I/O, no clock and
// no randomness of its own. Money is integer micro-dollars held in JS numbers
// (exact below 2^53, i.e. up to about 9 billion USD); the ranking never touches
// a fraction (docs/decisions/0401-auction-rules.md).

export type AuctionMoment = {
  momentType: string;
  sport: string;
  gameId: string;
  userId: string;
  /** the moment type's floor CPM, micro-dollars */
  floorCpmMicros: number;
};

export type AuctionVariant = { readonly creativeId: string; readonly variantLabel: string };

export type AuctionCandidate = {
  readonly campaignId: string;
  readonly advertiserId: string;
  /** CPM bid, integer micro-dollars */
  readonly bidMicros: number;
  /** approved variants; traffic is split equally across them */
  readonly variants: readonly AuctionVariant[];
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

export type AuctionOptions<C extends AuctionCandidate> = {
  /** uniform in [0, 1): picks the variant */
  random: () => number;
  /** undefined = eligible; otherwise the reason it may not enter (budget, pacing...) */
  exclude?: (candidate: C) => string | undefined;
  /** compute a reason for every losing candidate (tests, specs, debugging; off on the hot path) */
  explain?: boolean;
  /**
   * The caller guarantees that the campaigns of one advertiser are adjacent in
   * `candidates` (the delivery index keeps them so): advertisers are then counted
   * by runs instead of by lookup. The result is the same as without the flag.
   */
  groupedByAdvertiser?: boolean;
};

export type AuctionResult<C extends AuctionCandidate> =
  | {
      outcome: "filled";
      winner: C;
      variant: AuctionVariant;
      /** advertisers that entered (each with its best eligible campaign) */
      bidders: number;
      winningBidMicros: number;
      clearingCpmMicros: number;
      losers?: { campaignId: string; reason: LossReason }[];
    }
  | {
      outcome: "no_fill";
      bidders: 0;
      losers?: { campaignId: string; reason: LossReason }[];
    };

/** 32-bit FNV-1a of a string. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The tie-break rank of a campaign for one moment: a hash of the moment and the
 * campaign id. Deterministic (the same moment and campaigns always give the same
 * winner) yet it rotates among equal bidders across users and games, so no
 * campaign wins every tie merely by its id.
 */
export function tieRank(moment: AuctionMoment, campaignId: string): number {
  const momentSeed = fnv1a(`${moment.momentType}|${moment.sport}|${moment.gameId}|${moment.userId}`);
  return fnv1a(campaignId, momentSeed);
}

/** true when a ranks above b (higher bid; equal bids by tie rank, then by id). */
function ranksAbove(moment: AuctionMoment, a: AuctionCandidate, b: AuctionCandidate): boolean {
  if (a.bidMicros !== b.bidMicros) return a.bidMicros > b.bidMicros;
  if (a.campaignId === b.campaignId) return false;
  const rankA = tieRank(moment, a.campaignId);
  const rankB = tieRank(moment, b.campaignId);
  if (rankA !== rankB) return rankA > rankB;
  return a.campaignId < b.campaignId;
}

/** Uniform choice among the approved variants. */
export function pickVariant(variants: readonly AuctionVariant[], random: () => number): AuctionVariant {
  const index = Math.min(variants.length - 1, Math.floor(random() * variants.length));
  return variants[index]!;
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
  options: AuctionOptions<C>,
): AuctionResult<C> {
  const floor = moment.floorCpmMicros;
  const exclude = options.exclude;
  // top: the best candidate; secondBid: the best bid of any other advertiser (only its amount matters)
  let top: C | undefined;
  let topBid = -1;
  let secondBid = -1;
  let bidders = 0;
  const grouped = options.groupedByAdvertiser === true;
  const advertisers = grouped ? undefined : new Set<string>();
  // grouped: the current run of one advertiser's campaigns and its best entrant's bid (-1: none yet)
  let runAdvertiser: string | undefined;
  let runBestBid = -1;

  for (let index = 0; index < candidates.length; index++) {
    const candidate = candidates[index]!;
    const bid = candidate.bidMicros;
    if (grouped) {
      if (candidate.advertiserId !== runAdvertiser) {
        runAdvertiser = candidate.advertiserId;
        runBestBid = -1;
      } else if (bid < runBestBid) {
        // below its own advertiser's entrant: can be neither the winner nor the price
        continue;
      }
    }
    if (bid < floor || candidate.variants.length === 0) continue;
    if (exclude !== undefined && exclude(candidate) !== undefined) continue;
    if (grouped) {
      if (runBestBid < 0) bidders++;
      if (bid > runBestBid) runBestBid = bid;
    } else if (!advertisers!.has(candidate.advertiserId)) {
      advertisers!.add(candidate.advertiserId);
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
  const result: AuctionResult<C> = {
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
  options: AuctionOptions<C>,
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
