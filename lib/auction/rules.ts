// The auction's shared terms (docs/api.md, "Rules"): moments, candidates, results,
// the tie-break rank and the variant pick. runBookAuction (auction-book.ts) runs
// the auction itself, pure: no I/O, no clock and no randomness of its own.
// Money is integer micro-dollars held in JS numbers
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

export type AuctionResult<C extends AuctionCandidate> =
  | {
      outcome: "filled";
      winner: C;
      variant: AuctionVariant;
      /** advertisers that entered (each with its best eligible campaign) */
      bidders: number;
      winningBidMicros: number;
      clearingCpmMicros: number;
    }
  | { outcome: "no_fill"; bidders: 0 };

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

/** Uniform choice among the approved variants. */
export function pickVariant(variants: readonly AuctionVariant[], random: () => number): AuctionVariant {
  const index = Math.min(variants.length - 1, Math.floor(random() * variants.length));
  return variants[index]!;
}
