// How delivery writes are committed, written once for both databases as plans of
// statements (lib/db/plan.ts, docs/decisions/1001): `commitBatch` for single
// decisions and clicks, `commitMoment` for a moment decided under its locks. Each
// store only says how to run each named statement in its database's SQL, so budget
// safety, per-user caps at commit, the first-click rule, rollups, budget
// transitions and the outbox rows live here once.
import { mergeRollupDeltas, type RollupDelta, type RollupRow } from "@/lib/domain/rollups/increment-rollups";
import { changeRow, SYSTEM_ACTORS, type ChangeRow } from "@/lib/history/changes";
import { accountEventData } from "@/lib/webhooks/events";
import { outboxRow, packedEventRows, typedOutboxRow, type OutboxRow } from "@/lib/webhooks/outbox";
import {
  statement,
  type AsyncStatements as AsyncOf,
  type Plan as PlanOf,
  type SyncStatements as SyncOf,
} from "@/lib/db/plan";
import type {
  AccountSpend,
  AuctionRecord,
  BatchResult,
  CampaignBudgetRow,
  CampaignSpend,
  ClickRecord,
  CommitOutcome,
  ImpressionRecord,
  ImpressionVerdict,
  MomentWrites,
  RecentAlert,
  WriteBatch,
} from "./delivery-store";
import { budgetSteps, budgetThresholdEvent, campaignEndedEvent, type BudgetProgress } from "../rules/budget-lifecycle";
import { CAP_MEMORY_MS, UserCaps } from "../rules/caps";
import { sortableId } from "@/lib/ids";
import { microsToUsd } from "@/lib/money";

/** The spend to add to a campaign, applied only while it started no impression above a budget. */
export type SpendArgs = {
  campaignId: string;
  /** the UTC day whose daily budget is spent */
  day: string;
  sumMicros: number;
  count: number;
  /** the spend of the group before its last impression: the update applies only if spend + this is under both budgets */
  beforeLastMicros: number;
};

/** What the conditional spend update returned (null-free, normalized from either driver). */
export type SpendUpdate = {
  advertiserId: string;
  status: string;
  spendMicros: bigint;
  totalBudgetMicros: bigint;
  spendDay: string | null;
  daySpendMicros: bigint;
  budget50Set: boolean;
  budget90Set: boolean;
};

/** An auctions row: filled ones carry the winning bid and clearing price; it stands for `auctionCount` alike auctions. */
export type AuctionRow = Omit<AuctionRecord, "outcome"> & {
  id: string;
  outcome: "filled" | AuctionRecord["outcome"];
  winningBidMicros: number | null;
  clearingCpmMicros: number | null;
  winnerAdvertiserId: string | null;
  auctionCount: number;
};

/**
 * How a batch locks its users: each user (exclusive) under a shared lock of its
 * bucket, or, for many users, whole buckets (exclusive): at most USER_LOCK_BUCKETS
 * locks, since PostgreSQL's lock table is bounded and shared by the whole server.
 * A bucket's locks conflict across both ways, so the caps stay exact.
 */
export type UserLockScope = "users" | "buckets";
/** the bucket count of per-user locks (a power of two: the bucket is the hash's low bits) */
export const USER_LOCK_BUCKETS = 1024;
/** a batch with more distinct users than this locks whole buckets */
export const USER_LOCKS_MAX = 256;

/** A billing account as a commit reads it under its lock, and after its spend. */
export type AccountRow = AccountSpend & {
  mode: string;
  /** spent at or above this: account.balance_low */
  lowAtMicros: number | null;
  balanceLowSet: boolean;
  limitReachedSet: boolean;
};

/** Every statement a plan may ask for: its arguments and its result. */
export type StatementSet = {
  /** hold every other batch of these users until commit (per-user caps across instances) */
  lockUsers: { args: { users: readonly string[]; scope: UserLockScope }; result: void };
  /** committed filled decisions of these users since `sinceMs` */
  recentAlerts: { args: { users: readonly string[]; sinceMs: number }; result: RecentAlert[] };
  /** lock these campaign rows until commit, in the given (id) order */
  lockCampaigns: { args: readonly string[]; result: void };
  /** lock and read the billing accounts of these advertisers (those that have one), in the given (id) order */
  lockAccounts: { args: readonly string[]; result: AccountRow[] };
  /** adds each advertiser's spend to its billing account (making the account of one without); the rows after */
  spendAccounts: { args: readonly { advertiserId: string; sumMicros: number }[]; result: AccountRow[] };
  /** sets balance_low_at / limit_reached_at of each account if still unset; true where this call set it */
  markAccounts: {
    args: { advertiserIds: readonly string[]; mark: "balance_low" | "limit_reached"; nowMs: number };
    result: boolean[];
  };
  /** the conditional spend update of each group; undefined where it did not apply */
  spend: { args: readonly SpendArgs[]; result: (SpendUpdate | undefined)[] };
  /** committed counters and budgets of these campaigns (those that exist) */
  readBudgets: { args: readonly string[]; result: CampaignBudgetRow[] };
  insertImpressions: { args: readonly ImpressionRecord[]; result: void };
  insertAuctions: { args: readonly AuctionRow[]; result: void };
  /** inserts each click unless its id already has one; true where inserted */
  insertClicks: { args: readonly ClickRecord[]; result: boolean[] };
  /** campaign id -> clicks to add to its counter */
  countClicks: { args: ReadonlyMap<string, number>; result: void };
  upsertRollups: { args: readonly RollupRow[]; result: void };
  /** sets budget_50_at / budget_90_at of each campaign if still unset; true where this call set it */
  markBudget: { args: { campaignIds: readonly string[]; threshold: 50 | 90; nowMs: number }; result: boolean[] };
  /** ends each campaign that is active with spend >= total budget; true where this call ended it */
  endForBudget: { args: { campaignIds: readonly string[]; nowMs: number }; result: boolean[] };
  insertOutbox: { args: readonly OutboxRow[]; result: void };
  /** appends rows to the change history (the campaigns this batch ended) */
  insertChanges: { args: readonly ChangeRow[]; result: void };
};

/** How a store runs each statement inside its open transaction. */
export type SyncStatements = SyncOf<StatementSet>;
export type AsyncStatements = AsyncOf<StatementSet>;
export type Plan<T> = PlanOf<StatementSet, T>;

function run<K extends keyof StatementSet>(name: K, args: StatementSet[K]["args"]): Plan<StatementSet[K]["result"]> {
  return statement<StatementSet, K>(name, args);
}

/** The commit of a batch of single decisions and clicks, step by step. */
export function* commitBatch(batch: WriteBatch): Plan<BatchResult> {
  const verdicts = new Map<ImpressionRecord, ImpressionVerdict>();
  const capped = yield* recheckCaps(batch.impressions, batch.nowMs, verdicts);
  yield* lockCampaigns(capped, batch.clicks);
  const candidates = yield* withinAccounts(capped, verdicts);
  const spend = newSpendOutcome();
  yield* spendBudgets(candidates, batch.day, verdicts, spend);
  const outbox: OutboxRow[] = [];
  yield* insertDecisions(spend.accepted, batch.auctions, outbox);
  const clicks = yield* recordFirstClicks(batch.clicks, outbox);
  const outcome = yield* settleSpend(spend, clicks.recorded, batch.nowMs, outbox);
  return {
    impressions: batch.impressions.map((impression) => verdicts.get(impression) ?? "budget"),
    clicks: clicks.verdicts,
    ...outcome,
  };
}

/**
 * The commit of a moment whose users and campaigns are locked and whose auctions were
 * decided against the committed state those locks guard: a pure function of its
 * decisions. Its spend was decided within the budgets and account limits it read, so
 * every campaign's conditional update applies and no account passes its limit; one that
 * does not means the state moved under the locks, and the whole moment fails (the
 * transaction rolls back).
 */
export function* commitMoment(writes: MomentWrites, day: string, nowMs: number): Plan<CommitOutcome> {
  const spend = newSpendOutcome();
  const groups = groupByCampaign(writes.impressions);
  if (groups.length) {
    const updates = yield* run(
      "spend",
      groups.map(([campaignId, group]) => spendArgs(campaignId, day, group)),
    );
    groups.forEach(([campaignId, group], index) => {
      const update = updates[index];
      if (!update) throw new Error(`a moment's spend on ${campaignId} was refused under its lock`);
      applied(spend, campaignId, group, update);
    });
  }
  const outbox: OutboxRow[] = [];
  yield* insertDecisions(spend.accepted, writes.auctions, outbox);
  return yield* settleSpend(spend, [], nowMs, outbox);
}

/**
 * The accounts' spend, rollups, budget transitions and the outbox rows of a commit's
 * accepted impressions and recorded clicks.
 */
function* settleSpend(
  spend: SpendOutcome,
  clicks: readonly ClickRecord[],
  nowMs: number,
  outbox: OutboxRow[],
): Plan<CommitOutcome> {
  const accounts = yield* spendAccounts(spend.accepted, nowMs, outbox);
  const rollups = impressionRollups(spend.accepted, clicks);
  if (rollups.length) yield* run("upsertRollups", rollups);
  const campaigns = [...spend.campaigns.values()];
  const ended = yield* applyBudgetSteps([...spend.progress.values()], campaigns, nowMs, outbox);
  if (outbox.length) yield* run("insertOutbox", outbox);
  return { campaigns, ended, accounts };
}

/**
 * 2b. The advertisers' billing accounts, locked after the campaigns (the order every commit
 * takes them in): of each advertiser's impressions, in order, those that start below its
 * allowance (so spend passes it by one impression at most); the others are refused.
 */
function* withinAccounts(
  impressions: readonly ImpressionRecord[],
  verdicts: Map<ImpressionRecord, ImpressionVerdict>,
): Plan<readonly ImpressionRecord[]> {
  if (!impressions.length) return impressions;
  const advertisers = [...new Set(impressions.map((impression) => impression.advertiserId))].sort();
  const accounts = yield* run("lockAccounts", advertisers);
  const limited = new Map<string, number>();
  for (const account of accounts)
    if (account.allowanceMicros !== null)
      limited.set(account.advertiserId, account.allowanceMicros - account.spentMicros);
  if (!limited.size) return impressions;
  return impressions.filter((impression) => {
    const left = limited.get(impression.advertiserId);
    if (left === undefined) return true;
    if (left <= 0) {
      verdicts.set(impression, "account");
      return false;
    }
    limited.set(impression.advertiserId, left - impression.costMicros);
    return true;
  });
}

/**
 * 8. The accepted impressions' cost added to their advertisers' accounts, one statement;
 * each account that crossed its low mark or reached its allowance says so once
 * (account.balance_low, account.limit_reached). An account passed its allowance by more
 * than its last impression only if the state moved under the lock: the commit fails.
 */
function* spendAccounts(
  accepted: readonly ImpressionRecord[],
  nowMs: number,
  outbox: OutboxRow[],
): Plan<AccountSpend[]> {
  if (!accepted.length) return [];
  const sums = new Map<string, { sum: number; last: number }>();
  for (const impression of accepted) {
    const entry = sums.get(impression.advertiserId);
    if (entry) {
      entry.sum += impression.costMicros;
      entry.last = impression.costMicros;
    } else sums.set(impression.advertiserId, { sum: impression.costMicros, last: impression.costMicros });
  }
  const advertisers = [...sums.keys()].sort();
  const rows = yield* run(
    "spendAccounts",
    advertisers.map((advertiserId) => ({ advertiserId, sumMicros: sums.get(advertiserId)!.sum })),
  );
  const due = { balance_low: [] as AccountRow[], limit_reached: [] as AccountRow[] };
  for (const row of rows) {
    const { last } = sums.get(row.advertiserId)!;
    if (row.allowanceMicros !== null && row.spentMicros - last >= row.allowanceMicros)
      throw new Error(`the spend of ${row.advertiserId} passed its account limit under its lock`);
    if (row.lowAtMicros !== null && !row.balanceLowSet && row.spentMicros >= row.lowAtMicros) due.balance_low.push(row);
    if (row.allowanceMicros !== null && !row.limitReachedSet && row.spentMicros >= row.allowanceMicros)
      due.limit_reached.push(row);
  }
  for (const mark of ["balance_low", "limit_reached"] as const) {
    if (!due[mark].length) continue;
    const set = yield* run("markAccounts", { advertiserIds: due[mark].map((row) => row.advertiserId), mark, nowMs });
    due[mark].forEach((row, index) => {
      if (set[index]) outbox.push(outboxRow(accountEvent(row, mark, nowMs)));
    });
  }
  return rows.map(({ advertiserId, allowanceMicros, spentMicros }) => ({ advertiserId, allowanceMicros, spentMicros }));
}

/** account.balance_low or account.limit_reached of an account after a commit's spend. */
function accountEvent(row: AccountRow, mark: "balance_low" | "limit_reached", nowMs: number) {
  return {
    advertiserId: row.advertiserId,
    type: `account.${mark}` as const,
    data: accountEventData(row.mode, row.allowanceMicros, row.spentMicros, nowMs),
    createdAtMs: nowMs,
  };
}

/**
 * 1. Per-user caps: the batch's users locked, then the alerts other instances committed
 * for them (none where one process writes, SQLite) and the batch's own impressions
 * before each; returns the impressions still in (decision 0403).
 */
function* recheckCaps(
  impressions: readonly ImpressionRecord[],
  nowMs: number,
  verdicts: Map<ImpressionRecord, ImpressionVerdict>,
): Plan<readonly ImpressionRecord[]> {
  if (!impressions.length) return impressions;
  const users = [...new Set(impressions.map((impression) => impression.userId))];
  yield* run("lockUsers", { users, scope: users.length > USER_LOCKS_MAX ? "buckets" : "users" });
  const alerts = yield* run("recentAlerts", { users, sinceMs: nowMs - CAP_MEMORY_MS });
  return withinCaps(impressions, alerts, nowMs, users.length === impressions.length, (impression) =>
    verdicts.set(impression, "cap"),
  );
}

/**
 * The impressions, in order, that their users' committed `alerts` and the batch's
 * impressions before them leave under the caps at `nowMs`; `refused` is told of the
 * others. `oneEach`: no user has two impressions in the batch.
 */
export function withinCaps(
  impressions: readonly ImpressionRecord[],
  alerts: readonly RecentAlert[],
  nowMs: number,
  oneEach: boolean,
  refused: (impression: ImpressionRecord) => void = () => {},
): ImpressionRecord[] {
  const caps = new UserCaps();
  caps.load(alerts, nowMs);
  // a user with no committed alert and one impression in the batch is under both caps: no state to build
  const alerted = oneEach ? new Set(alerts.map((alert) => alert.userId)) : undefined;
  return impressions.filter((impression) => {
    if (alerted && !alerted.has(impression.userId)) return true;
    if (caps.tryReserve(impression.userId, impression.gameId, nowMs)) return true;
    refused(impression);
    return false;
  });
}

/** 2. Every campaign row the batch may change, locked in id order (no deadlock between instances). */
function* lockCampaigns(impressions: readonly ImpressionRecord[], clicks: readonly ClickRecord[]): Plan<void> {
  const ids = new Set<string>();
  for (const impression of impressions) ids.add(impression.campaignId);
  for (const click of clicks) ids.add(click.campaignId);
  if (ids.size) yield* run("lockCampaigns", [...ids].sort());
}

/** Impressions grouped by campaign, campaigns in id order. */
export function groupByCampaign(impressions: readonly ImpressionRecord[]): [string, ImpressionRecord[]][] {
  const groups = new Map<string, ImpressionRecord[]>();
  for (const impression of impressions) {
    const group = groups.get(impression.campaignId);
    if (group) group.push(impression);
    else groups.set(impression.campaignId, [impression]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

type SpendOutcome = {
  accepted: ImpressionRecord[];
  /** committed counters of every campaign the batch tried to spend on (the latest read of each) */
  campaigns: Map<string, CampaignSpend>;
  /** campaigns whose spend advanced, for their budget transitions (the latest update of each) */
  progress: Map<string, BudgetProgress>;
};

function newSpendOutcome(): SpendOutcome {
  return { accepted: [], campaigns: new Map(), progress: new Map() };
}

/**
 * How many of a campaign's impressions, in order, its committed counters admit:
 * none may start at or above the total or the day's budget (decision 0402). Only
 * a proposal: the conditional spend update applies the budgets again.
 */
export function fittingPrefix(row: CampaignBudgetRow, costs: readonly number[], day: string): number {
  if (row.status !== "active") return 0;
  let spend = row.spendMicros;
  let daySpend = row.spendDay === day ? row.daySpendMicros : 0;
  let count = 0;
  while (count < costs.length && spend < row.totalBudgetMicros && daySpend < row.dailyBudgetMicros) {
    spend += costs[count]!;
    daySpend += costs[count]!;
    count++;
  }
  return count;
}

function spendArgs(campaignId: string, day: string, group: readonly ImpressionRecord[]): SpendArgs {
  let sum = 0;
  for (const impression of group) sum += impression.costMicros;
  return { campaignId, day, sumMicros: sum, count: group.length, beforeLastMicros: sum - group.at(-1)!.costMicros };
}

/**
 * 3. Spend: one conditional update per campaign for its whole group (one statement
 * for all campaigns where the database allows it), accepted when the spend before
 * the group's last impression is under both budgets, so no impression starts above
 * a budget. Near a budget (a group refused), the committed counters are read under
 * the batch's lock and the longest prefix of the group they admit, in order, is
 * spent with the same conditional update; the rest is refused.
 */
function* spendBudgets(
  impressions: readonly ImpressionRecord[],
  day: string,
  verdicts: Map<ImpressionRecord, ImpressionVerdict>,
  outcome: SpendOutcome,
): Plan<void> {
  const groups = groupByCampaign(impressions);
  if (!groups.length) return;
  const updates = yield* run(
    "spend",
    groups.map(([campaignId, group]) => spendArgs(campaignId, day, group)),
  );
  const refused: [string, ImpressionRecord[]][] = [];
  groups.forEach(([campaignId, group], index) => {
    const update = updates[index];
    if (update) accept(outcome, verdicts, campaignId, group, update);
    else refused.push([campaignId, group]);
  });
  if (!refused.length) return;
  const rows = new Map(
    (yield* run(
      "readBudgets",
      refused.map(([campaignId]) => campaignId),
    )).map((row) => [row.id, row]),
  );
  const partial: [string, ImpressionRecord[], ImpressionRecord[]][] = [];
  for (const [campaignId, group] of refused) {
    const row = rows.get(campaignId);
    const fits = row
      ? fittingPrefix(
          row,
          group.map((impression) => impression.costMicros),
          day,
        )
      : 0;
    if (fits > 0) partial.push([campaignId, group.slice(0, fits), group.slice(fits)]);
    else {
      for (const impression of group) verdicts.set(impression, "budget");
      if (row) outcome.campaigns.set(campaignId, campaignSpendOf(row));
    }
  }
  if (!partial.length) return;
  const partialUpdates = yield* run(
    "spend",
    partial.map(([campaignId, prefix]) => spendArgs(campaignId, day, prefix)),
  );
  partial.forEach(([campaignId, prefix, rest], index) => {
    const update = partialUpdates[index];
    if (update) accept(outcome, verdicts, campaignId, prefix, update);
    else {
      for (const impression of prefix) verdicts.set(impression, "budget");
      const row = rows.get(campaignId);
      if (row) outcome.campaigns.set(campaignId, campaignSpendOf(row));
    }
    for (const impression of rest) verdicts.set(impression, "budget");
  });
}

function campaignSpendOf(row: CampaignBudgetRow): CampaignSpend {
  return {
    id: row.id,
    status: row.status,
    spendMicros: row.spendMicros,
    spendDay: row.spendDay,
    daySpendMicros: row.daySpendMicros,
  };
}

/** A batch's group the spend update accepted: its impressions' verdicts, then applied. */
function accept(
  outcome: SpendOutcome,
  verdicts: Map<ImpressionRecord, ImpressionVerdict>,
  campaignId: string,
  group: readonly ImpressionRecord[],
  update: SpendUpdate,
): void {
  for (const impression of group) verdicts.set(impression, "accepted");
  applied(outcome, campaignId, group, update);
}

/** A group's spend, applied: its impressions accepted, the campaign's counters and budget progress after it. */
function applied(
  outcome: SpendOutcome,
  campaignId: string,
  group: readonly ImpressionRecord[],
  update: SpendUpdate,
): void {
  for (const impression of group) outcome.accepted.push(impression);
  outcome.campaigns.set(campaignId, {
    id: campaignId,
    status: update.status,
    spendMicros: Number(update.spendMicros),
    spendDay: update.spendDay,
    daySpendMicros: Number(update.daySpendMicros),
  });
  outcome.progress.set(campaignId, {
    id: campaignId,
    advertiserId: update.advertiserId,
    spendMicros: update.spendMicros,
    totalBudgetMicros: update.totalBudgetMicros,
    budget50Set: update.budget50Set,
    budget90Set: update.budget90Set,
  });
}

/** 4. Raw rows: the accepted impressions, every decision's auction (counted), impression.served events for subscribers. */
function* insertDecisions(
  accepted: readonly ImpressionRecord[],
  unfilled: readonly AuctionRecord[],
  outbox: OutboxRow[],
): Plan<void> {
  if (accepted.length) yield* run("insertImpressions", accepted);
  outbox.push(...impressionEventRows(accepted));
  const auctions = countedAuctions(accepted, unfilled);
  if (auctions.length) yield* run("insertAuctions", auctions);
}

/**
 * The impression.served rows of the subscribers' impressions: those of one
 * advertiser at one instant packed EVENTS_PER_ROW to a row (a 10,000-user moment
 * writes a few hundred rows instead of 10,000; lib/webhooks/outbox.ts), in the
 * order their instants, then their advertisers, first appear.
 */
export function impressionEventRows(accepted: readonly ImpressionRecord[]): OutboxRow[] {
  /** events by instant, then advertiser (a batch has a few of each) */
  const byInstant = new Map<number, Map<string, OutboxRow[]>>();
  for (const impression of accepted) {
    if (!impression.emitEvent) continue;
    let byAdvertiser = byInstant.get(impression.servedAtMs);
    if (!byAdvertiser) byInstant.set(impression.servedAtMs, (byAdvertiser = new Map()));
    let events = byAdvertiser.get(impression.advertiserId);
    if (!events) byAdvertiser.set(impression.advertiserId, (events = []));
    events.push(impressionEvent(impression));
  }
  const rows: OutboxRow[] = [];
  for (const byAdvertiser of byInstant.values())
    for (const events of byAdvertiser.values()) rows.push(...packedEventRows(events));
  return rows;
}

/**
 * One auctions row per kind of ending in the batch: the auctions of the same instant,
 * lane, outcome, bidders, prices, winner and sandbox flag share a row whose
 * auctionCount says how many they are (a 10,000-user moment ends in a few dozen
 * kinds). The market statistics sum the counts, so they equal one row per auction
 * (docs/decisions/0409-auctions-counted.md).
 */
export function countedAuctions(
  accepted: readonly ImpressionRecord[],
  unfilled: readonly AuctionRecord[],
): AuctionRow[] {
  const rows = new Map<string, AuctionRow>();
  // consecutive impressions mostly end alike (one book, one instant): the last row is compared field by field
  // before a key is built; both name the same fields
  let last: AuctionRow | undefined;
  for (const i of accepted) {
    if (
      last !== undefined &&
      last.winnerAdvertiserId === i.advertiserId &&
      last.clearingCpmMicros === i.clearingCpmMicros &&
      last.winningBidMicros === i.winningBidMicros &&
      last.bidders === i.bidders &&
      last.occurredAtMs === i.servedAtMs &&
      last.momentType === i.momentType &&
      last.sport === i.sport &&
      last.sandbox === i.sandbox
    ) {
      last.auctionCount++;
      continue;
    }
    const key = `f|${i.servedAtMs}|${i.momentType}|${i.sport}|${i.sandbox}|${i.bidders}|${i.winningBidMicros}|${i.clearingCpmMicros}|${i.advertiserId}`;
    last = rows.get(key);
    if (last) {
      last.auctionCount++;
      continue;
    }
    last = {
      id: sortableId("auc", i.servedAtMs),
      momentType: i.momentType,
      sport: i.sport,
      outcome: "filled",
      bidders: i.bidders,
      winningBidMicros: i.winningBidMicros,
      clearingCpmMicros: i.clearingCpmMicros,
      winnerAdvertiserId: i.advertiserId,
      occurredAtMs: i.servedAtMs,
      sandbox: i.sandbox,
      auctionCount: 1,
    };
    rows.set(key, last);
  }
  for (const a of unfilled) {
    const key = `${a.outcome}|${a.occurredAtMs}|${a.momentType}|${a.sport}|${a.sandbox}|${a.bidders}`;
    const row = rows.get(key);
    if (row) row.auctionCount++;
    else
      rows.set(key, {
        ...a,
        id: sortableId("auc", a.occurredAtMs),
        winningBidMicros: null,
        clearingCpmMicros: null,
        winnerAdvertiserId: null,
        auctionCount: 1,
      });
  }
  return [...rows.values()];
}

/** 5. Clicks: only the first click of a click id is recorded, counted and announced. */
function* recordFirstClicks(
  clicks: readonly ClickRecord[],
  outbox: OutboxRow[],
): Plan<{ verdicts: boolean[]; recorded: ClickRecord[] }> {
  if (!clicks.length) return { verdicts: [], recorded: [] };
  const verdicts = yield* run("insertClicks", clicks);
  const recorded: ClickRecord[] = [];
  const counts = new Map<string, number>();
  clicks.forEach((click, index) => {
    if (!verdicts[index]) return;
    recorded.push(click);
    counts.set(click.campaignId, (counts.get(click.campaignId) ?? 0) + 1);
    outbox.push(clickEvent(click));
  });
  if (counts.size) yield* run("countClicks", counts);
  return { verdicts, recorded };
}

/** 6. Hourly rollups: impressions and spend in the hour served, clicks in the hour clicked, by region. */
export function impressionRollups(
  impressions: readonly ImpressionRecord[],
  clicks: readonly ClickRecord[],
): RollupRow[] {
  // impressions of one creative, lane and instant summed first in plain numbers (a moment's thousands
  // share a few keys), so the merge makes one BigInt per group, not per impression
  const same = new Map<string, { first: ImpressionRecord; count: number; costMicros: number }>();
  for (const impression of impressions) {
    const key = `${impression.creativeId}\u0000${impression.momentType}\u0000${impression.sport}\u0000${impression.region ?? ""}\u0000${impression.servedAtMs}`;
    const group = same.get(key);
    if (group) {
      group.count += 1;
      group.costMicros += impression.costMicros;
    } else {
      same.set(key, { first: impression, count: 1, costMicros: impression.costMicros });
    }
  }
  const deltas: RollupDelta[] = [];
  for (const { first, count, costMicros } of same.values()) {
    deltas.push({
      campaignId: first.campaignId,
      creativeId: first.creativeId,
      momentType: first.momentType,
      sport: first.sport,
      region: first.region,
      atMs: first.servedAtMs,
      impressions: count,
      spendMicros: BigInt(costMicros),
    });
  }
  for (const click of clicks) {
    deltas.push({
      campaignId: click.campaignId,
      creativeId: click.creativeId,
      momentType: click.momentType,
      sport: click.sport,
      region: click.region,
      atMs: click.clickedAtMs,
      clicks: 1,
    });
  }
  return mergeRollupDeltas(deltas);
}

/** The change history's row for a campaign the batch ended: the system, spending the rest of its total budget. */
export function budgetEndedChange(campaignId: string, advertiserId: string, nowMs: number): ChangeRow {
  return changeRow({
    advertiserId,
    atMs: nowMs,
    actor: SYSTEM_ACTORS.delivery,
    operation: "endCampaign",
    target: { type: "campaign", id: campaignId },
    campaignId,
    // endForBudget ends only an active campaign
    fields: { status: { from: "active", to: "ended" }, ended_reason: { from: null, to: "budget_exhausted" } },
    reason: "budget_exhausted",
  });
}

/**
 * 7. Budget transitions the new spend crossed, each by a conditional update so its
 * event is written once; one statement per kind of transition for all campaigns.
 * A campaign ended here gets its change-history row in the same transaction (one
 * statement for all of them, only in a batch that ends one).
 */
function* applyBudgetSteps(
  progress: readonly BudgetProgress[],
  campaigns: CampaignSpend[],
  nowMs: number,
  outbox: OutboxRow[],
): Plan<string[]> {
  const due = {
    budget_50pct: [] as BudgetProgress[],
    budget_90pct: [] as BudgetProgress[],
    ended: [] as BudgetProgress[],
  };
  for (const campaign of progress) for (const step of budgetSteps(campaign)) due[step].push(campaign);
  for (const [step, threshold] of [
    ["budget_50pct", 50],
    ["budget_90pct", 90],
  ] as const) {
    if (!due[step].length) continue;
    const set = yield* run("markBudget", { campaignIds: due[step].map((campaign) => campaign.id), threshold, nowMs });
    due[step].forEach((campaign, index) => {
      if (set[index]) outbox.push(outboxRow(budgetThresholdEvent(campaign, step, nowMs)));
    });
  }
  const ended: string[] = [];
  if (due.ended.length) {
    const done = yield* run("endForBudget", { campaignIds: due.ended.map((campaign) => campaign.id), nowMs });
    const changes: ChangeRow[] = [];
    due.ended.forEach((campaign, index) => {
      if (!done[index]) return;
      outbox.push(outboxRow(campaignEndedEvent(campaign.id, campaign.advertiserId, "budget_exhausted", nowMs)));
      changes.push(budgetEndedChange(campaign.id, campaign.advertiserId, nowMs));
      ended.push(campaign.id);
      const row = campaigns.find((entry) => entry.id === campaign.id);
      if (row) row.status = "ended";
    });
    if (changes.length) yield* run("insertChanges", changes);
  }
  return ended;
}

/** the last instant impressionEvent wrote as ISO 8601 (a batch's impressions share a few) */
const servedAt = { ms: Number.NaN, iso: "" };

/** An impression.served event (typed data: the tests parse it with the event's schema). */
export function impressionEvent(impression: ImpressionRecord): OutboxRow {
  if (servedAt.ms !== impression.servedAtMs) {
    servedAt.ms = impression.servedAtMs;
    servedAt.iso = new Date(impression.servedAtMs).toISOString();
  }
  return typedOutboxRow({
    advertiserId: impression.advertiserId,
    type: "impression.served",
    data: {
      impression_id: impression.impressionId,
      campaign_id: impression.campaignId,
      creative_id: impression.creativeId,
      moment_type: impression.momentType,
      sport: impression.sport,
      clearing_cpm_usd: microsToUsd(impression.clearingCpmMicros),
      cost_usd: microsToUsd(impression.costMicros),
      served_at: servedAt.iso,
      region: impression.region,
    },
    createdAtMs: impression.servedAtMs,
  });
}

function clickEvent(click: ClickRecord): OutboxRow {
  return outboxRow({
    advertiserId: click.advertiserId,
    type: "click.recorded",
    data: {
      click_id: click.clickId,
      impression_id: click.impressionId,
      campaign_id: click.campaignId,
      creative_id: click.creativeId,
      clicked_at: new Date(click.clickedAtMs).toISOString(),
    },
    createdAtMs: click.clickedAtMs,
  });
}
