// The delivery store's contract: what the hot path writes (impressions, auction rows,
// clicks), what a commit reports back, and what a moment locks and reads. Money is
// integer micro-dollars in JS numbers (safe integers).

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
  /** the user's region the decision named, or null */
  region: string | null;
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
  /** the impression's region, or null */
  region: string | null;
  clickedAtMs: number;
};

/** Single decisions and clicks queued together: committed in one transaction (group commit). */
export type WriteBatch = {
  impressions: ImpressionRecord[];
  auctions: AuctionRecord[];
  clicks: ClickRecord[];
  /** the UTC day (YYYY-MM-DD) whose daily budget the impressions spend */
  day: string;
  nowMs: number;
};

/**
 * What a moment locks before its auctions: its users (their caps), the campaigns of its cell
 * and their advertisers' billing accounts, at its instant.
 */
export type MomentLocks = {
  users: readonly string[];
  gameId: string;
  campaignIds: readonly string[];
  /** sorted */
  advertiserIds: readonly string[];
  nowMs: number;
};

/** What a moment's auctions are decided against: the committed state its locks guard. */
export type MomentState = {
  /** committed counters and budgets of the locked campaigns (those that exist) */
  campaigns: CampaignBudgetRow[];
  /** the billing accounts of their advertisers (those that have one: the others have no limit) */
  accounts: AccountSpend[];
  /**
   * users whose committed alerts (any instance's) put them at a cap in the moment's game;
   * none on SQLite, where one process writes and its caps in memory hold every alert
   */
  cappedUsers: ReadonlySet<string>;
};

/** A moment's decisions as rows: its impressions and the auctions that filled nothing. */
export type MomentWrites = { impressions: ImpressionRecord[]; auctions: AuctionRecord[] };

/** What an advertiser's billing account allows delivery (docs/api.md, "Billing"): null allowance, no limit. */
export type AccountSpend = { advertiserId: string; allowanceMicros: number | null; spentMicros: number };

/**
 * A single decision's impression at commit: accepted; refused by the total or daily budget,
 * by a per-user cap, or by the advertiser's account limit.
 */
export type ImpressionVerdict = "accepted" | "budget" | "cap" | "account";

/** The committed counters of a campaign after the batch (authoritative, other instances' spend included). */
export type CampaignSpend = {
  id: string;
  status: string;
  spendMicros: number;
  spendDay: string | null;
  daySpendMicros: number;
};

/**
 * What a commit changed: the campaigns' counters after it, those it ended (budget exhausted),
 * and the billing accounts it spent on.
 */
export type CommitOutcome = { campaigns: CampaignSpend[]; ended: string[]; accounts: AccountSpend[] };

export type BatchResult = CommitOutcome & {
  /** one per impression of the batch, in its order */
  impressions: ImpressionVerdict[];
  /** true when this click was the first for its click id */
  clicks: boolean[];
};

/** A campaign's committed counters with its budgets, read under a lock. */
export type CampaignBudgetRow = CampaignSpend & { totalBudgetMicros: number; dailyBudgetMicros: number };

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
  /** JSON arrays of region codes, or null (everywhere; none excluded) */
  targetRegions: string | null;
  excludedRegions: string | null;
  /** the advertiser's category, and its licensed regions (JSON array, or null) */
  category: string;
  licensedRegions: string | null;
  /** the advertiser's billing account, null without one (no limit) */
  account: AccountSpend | null;
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
  /** committed counters of every active campaign, and the billing accounts of their advertisers */
  loadSpend(): Promise<{ campaigns: CampaignSpend[]; accounts: AccountSpend[] }>;
  /** filled decisions since `sinceMs` (to rebuild per-user caps at start) */
  loadRecentAlerts(sinceMs: number): Promise<RecentAlert[]>;
  findClick(clickId: string): Promise<ClickTarget | null>;
  /** advertisers with an active webhook endpoint subscribed to impression.served */
  impressionSubscribers(): Promise<string[]>;
  /** writes the batch in one transaction; throws StoreBusyError when the database is locked (before any of it ran) */
  commit(batch: WriteBatch): Promise<BatchResult>;
  /**
   * A moment in one transaction: locks its users and campaigns, reads the state they
   * guard, calls `decide` once with it, and writes what `decide` returns. Throws
   * StoreBusyError, before `decide` ran, when the database is locked.
   */
  commitMoment(locks: MomentLocks, decide: (state: MomentState) => MomentWrites): Promise<CommitOutcome>;
  close(): Promise<void>;
};

export class StoreBusyError extends Error {
  constructor(message = "the database is busy") {
    super(message);
    this.name = "StoreBusyError";
  }
}
