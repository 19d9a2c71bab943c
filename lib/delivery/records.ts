// What the delivery hot path hands to its writer, and what a committed batch
// reports back. Money is integer micro-dollars in JS numbers (safe integers).

export type ImpressionRecord = {
  impressionId: string;
  clickId: string;
  advertiserId: string;
  campaignId: string;
  creativeId: string;
  momentType: string;
  sport: string;
  gameId: string;
  userId: string;
  bidders: number;
  winningBidMicros: number;
  clearingCpmMicros: number;
  costMicros: number;
  servedAtMs: number;
  /** decided with a sandbox platform key (the demo): its auction never counts in market statistics */
  sandbox: boolean;
  /** write its impression.served outbox event (only when the advertiser has a subscribed endpoint) */
  emitEvent: boolean;
};

export type AuctionOutcome = "filled" | "no_fill" | "capped";

/** An auction that filled nothing (no fill, or capped); the store counts alike ones into one auctions row. */
export type AuctionRecord = {
  momentType: string;
  sport: string;
  outcome: Exclude<AuctionOutcome, "filled">;
  bidders: number;
  occurredAtMs: number;
  /** decided with a sandbox platform key (the demo) */
  sandbox: boolean;
};

/** A first click candidate; the writer inserts it only if the click id has no click yet. */
export type ClickRecord = {
  clickId: string;
  impressionId: string;
  advertiserId: string;
  campaignId: string;
  creativeId: string;
  momentType: string;
  sport: string;
  clickedAtMs: number;
};

export type WriteBatch = {
  impressions: ImpressionRecord[];
  auctions: AuctionRecord[];
  clicks: ClickRecord[];
  /** the UTC day (YYYY-MM-DD) whose daily budget the impressions spend */
  day: string;
  nowMs: number;
  /** a moment fanned out to many users: committed whole, in one transaction (see MomentCommit) */
  moment?: MomentCommit;
};

/**
 * What makes a batch a moment's (POST /api/delivery/moments): every user of it
 * ends in this one transaction with an impression or an auction row, so a
 * committed moment is whole and a failed one left nothing
 * (docs/decisions/0408-moments-fan-out.md).
 */
export type MomentCommit = {
  /**
   * Called inside the transaction with the impressions the budgets refused
   * (another instance spent them): their users' auctions run again without the
   * refused campaigns, as a single decision retries. Returns the replacements to
   * spend, and the auction rows of users left without one. With `last`, no more
   * replacements are wanted: every user of `refused` gets its no-fill row.
   */
  rebid(
    refused: readonly ImpressionRecord[],
    last: boolean,
  ): { impressions: ImpressionRecord[]; auctions: AuctionRecord[] };
  /** every campaign a replacement may spend on, locked with the batch's own (in id order, before any spend) */
  campaignIds: readonly string[];
  /** the moment's transaction, when the store began it before the auctions (DeliveryStore.openMoment) */
  opened?: OpenedMoment;
  /**
   * Told the batch's verdicts (BatchResult.impressions) as soon as the plan has made
   * them, before its statements and the commit are confirmed, so the engine can
   * prepare the answer while the database works; the answer still goes out only
   * after the commit. A store may leave it uncalled (SQLite's commit is synchronous).
   */
  judged?(verdicts: readonly ImpressionVerdict[]): void;
};

/** What opening a moment needs: its users, its game (the per-game cap) and its time. */
export type MomentToOpen = { users: readonly string[]; gameId: string; nowMs: number };

/**
 * A moment's transaction begun before its auctions run: its users' locks taken and
 * their committed alerts read while the engine decides, so the database works in
 * parallel with the engine (PostgreSQL, docs/decisions/0408-moments-fan-out.md).
 * The commit of that moment continues it; `abandon` rolls it back when the
 * moment is not committed.
 */
export type OpenedMoment = {
  /** the users whose locks it holds */
  readonly users: ReadonlySet<string>;
  abandon(): void;
};

/** accepted; refused by the total or daily budget; refused by a per-user cap (checked at commit on PostgreSQL) */
export type ImpressionVerdict = "accepted" | "budget" | "cap";

/** The committed counters of a campaign after the batch (authoritative, other instances' spend included). */
export type CampaignSpend = {
  id: string;
  status: string;
  spendMicros: number;
  spendDay: string | null;
  daySpendMicros: number;
};

export type BatchResult = {
  /** one per impression of the batch, then one per replacement of a moment's rebids, in the order rebid returned them */
  impressions: ImpressionVerdict[];
  /** true when this click was the first for its click id */
  clicks: boolean[];
  campaigns: CampaignSpend[];
  /** campaigns this batch ended (budget exhausted) */
  ended: string[];
};

/** The impression behind a click id, with the creative's destination. */
export type ClickTarget = Omit<ClickRecord, "clickedAtMs"> & { actionUrl: string };

export type CreativeRow = {
  id: string;
  campaignId: string;
  variantIndex: number;
  variantLabel: string;
  headline: string;
  body: string;
  iconUrl: string;
  ctaText: string | null;
  actionUrl: string;
};

export type CampaignRow = {
  id: string;
  advertiserId: string;
  status: string;
  momentTypes: string;
  sports: string;
  bidMicros: number;
  dailyBudgetMicros: number;
  totalBudgetMicros: number;
  spendMicros: number;
  spendDay: string | null;
  daySpendMicros: number;
  startDate: string;
  endDate: string | null;
  pacing: string;
  createdAtMs: number;
  /** a demo advertiser's campaign: bids only in decisions made with a sandbox platform key */
  sandbox: boolean;
  /** approved creatives only, by variant index */
  creatives: CreativeRow[];
};

export type RecentAlert = { userId: string; gameId: string; servedAtMs: number };

/**
 * The delivery hot path's database access: one implementation per database,
 * raw driver statements (docs/decisions/0402-delivery-writes.md).
 */
export type DeliveryStore = {
  readonly kind: "sqlite" | "postgresql";
  /** active campaigns running on `day` with their approved creatives; with ids, only those */
  loadCampaigns(day: string, ids?: readonly string[]): Promise<CampaignRow[]>;
  /** changes whenever any campaign changes (count, max updated_at, sum of versions) */
  signature(): Promise<string>;
  /** committed counters of every active campaign */
  loadSpend(): Promise<CampaignSpend[]>;
  /** filled decisions since `sinceMs` (to rebuild per-user caps at start) */
  loadRecentAlerts(sinceMs: number): Promise<RecentAlert[]>;
  findClick(clickId: string): Promise<ClickTarget | null>;
  /** advertisers with an active webhook endpoint subscribed to impression.served */
  impressionSubscribers(): Promise<string[]>;
  /** writes the batch in one transaction; throws StoreBusyError when the database is locked (before any of it ran) */
  commit(batch: WriteBatch): Promise<BatchResult>;
  /**
   * Begins a moment's transaction now, before its auctions (OpenedMoment): locks the
   * users and reads the alerts their caps in `gameId` depend on at `nowMs` and after,
   * sent at once so the database works while the engine decides. Undefined where the
   * store has no idle connection for it (the commit then begins its own). Only the
   * writer calls it, while idle.
   */
  openMoment?(moment: MomentToOpen): OpenedMoment | undefined;
  close(): Promise<void>;
};

export class StoreBusyError extends Error {
  constructor(message = "the database is busy") {
    super(message);
    this.name = "StoreBusyError";
  }
}
