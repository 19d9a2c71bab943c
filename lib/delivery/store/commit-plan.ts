// How one delivery batch is committed, written once for both databases
// (docs/decisions/1001-one-commit-plan-two-drivers.md). `commitBatch` is a
// generator: each step yields the statements it needs (named, with typed
// results) and reads their results, and never touches a driver. A synchronous
// better-sqlite3 transaction drives it with `runPlan`, an awaited pg
// transaction with `runPlanAsync`; each store only says how to run each named
// statement in its database's SQL. Budget safety, per-user caps at commit,
// the first-click rule, rollups, budget transitions and the outbox rows
// therefore live here once.
import { mergeRollupDeltas, type RollupDelta, type RollupRow } from "@/lib/domain/rollups/increment-rollups";
import { outboxRow, type OutboxRow } from "@/lib/webhooks/outbox";
import type {
  AuctionRecord,
  BatchResult,
  CampaignSpend,
  ClickRecord,
  ImpressionRecord,
  ImpressionVerdict,
  RecentAlert,
  WriteBatch,
} from "../records";
import { budgetSteps, budgetThresholdEvent, campaignEndedEvent, type BudgetProgress } from "../rules/budget-lifecycle";
import { CAP_MEMORY_MS, UserCaps } from "../rules/caps";
import { isoTime, microsToUsdNumber } from "../rules/money-fast";

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

/** An auctions row: filled ones carry the winning bid and clearing price. */
export type AuctionRow = Omit<AuctionRecord, "outcome"> & {
  outcome: "filled" | AuctionRecord["outcome"];
  winningBidMicros: number | null;
  clearingCpmMicros: number | null;
  winnerAdvertiserId: string | null;
};

/** Every statement a plan may ask for: its arguments and its result. */
export type StatementSet = {
  /** hold every other batch of these users until commit (per-user caps across instances) */
  lockUsers: { args: readonly string[]; result: void };
  /** committed filled decisions of these users since `sinceMs` */
  recentAlerts: { args: { users: readonly string[]; sinceMs: number }; result: RecentAlert[] };
  /** lock these campaign rows until commit, in the given (id) order */
  lockCampaigns: { args: readonly string[]; result: void };
  /** the conditional spend update; undefined when it did not apply */
  spend: { args: SpendArgs; result: SpendUpdate | undefined };
  readSpend: { args: string; result: CampaignSpend | undefined };
  insertImpressions: { args: readonly ImpressionRecord[]; result: void };
  insertAuctions: { args: readonly AuctionRow[]; result: void };
  /** inserts each click unless its id already has one; true where inserted */
  insertClicks: { args: readonly ClickRecord[]; result: boolean[] };
  /** campaign id -> clicks to add to its counter */
  countClicks: { args: ReadonlyMap<string, number>; result: void };
  upsertRollups: { args: readonly RollupRow[]; result: void };
  /** sets budget_50_at / budget_90_at if still unset; true when this call set it */
  markBudget: { args: { campaignId: string; threshold: 50 | 90; nowMs: number }; result: boolean };
  /** ends the campaign if active with spend >= total budget; true when this call ended it */
  endForBudget: { args: { campaignId: string; nowMs: number }; result: boolean };
  insertOutbox: { args: readonly OutboxRow[]; result: void };
};

type Name = keyof StatementSet;
export type Statement = { [K in Name]: { name: K; args: StatementSet[K]["args"] } }[Name];
/** How a store runs each statement inside its open transaction. */
export type SyncStatements = { [K in Name]: (args: StatementSet[K]["args"]) => StatementSet[K]["result"] };
export type AsyncStatements = { [K in Name]: (args: StatementSet[K]["args"]) => Promise<StatementSet[K]["result"]> };
export type Plan<T> = Generator<Statement, T, unknown>;

function* run<K extends Name>(name: K, args: StatementSet[K]["args"]): Plan<StatementSet[K]["result"]> {
  return (yield { name, args } as Statement) as StatementSet[K]["result"];
}

/** Drives a plan with synchronous statements (inside a better-sqlite3 transaction). */
export function runPlan<T>(plan: Plan<T>, statements: SyncStatements): T {
  let step = plan.next();
  while (!step.done) {
    const execute = statements[step.value.name] as (args: unknown) => unknown;
    step = plan.next(execute(step.value.args));
  }
  return step.value;
}

/** Drives a plan with awaited statements (inside a pg transaction). */
export async function runPlanAsync<T>(plan: Plan<T>, statements: AsyncStatements): Promise<T> {
  let step = plan.next();
  while (!step.done) {
    const execute = statements[step.value.name] as (args: unknown) => Promise<unknown>;
    step = plan.next(await execute(step.value.args));
  }
  return step.value;
}

export type CommitOptions = {
  /**
   * Re-check per-user caps against committed impressions under per-user locks:
   * needed where several instances share the database (PostgreSQL). On SQLite one
   * process writes, and its in-memory caps already decided (decision 0403).
   */
  recheckCaps: boolean;
};

/** The whole commit of one batch, step by step. */
export function* commitBatch(batch: WriteBatch, options: CommitOptions): Plan<BatchResult> {
  const verdicts = new Map<ImpressionRecord, ImpressionVerdict>();
  const candidates = options.recheckCaps
    ? yield* recheckCaps(batch.impressions, batch.nowMs, verdicts)
    : batch.impressions;
  yield* lockCampaigns(candidates, batch.clicks);
  const spend = yield* spendBudgets(candidates, batch.day, verdicts);
  const outbox: OutboxRow[] = [];
  yield* insertDecisions(spend.accepted, batch.auctions, outbox);
  const clicks = yield* recordFirstClicks(batch.clicks, outbox);
  const rollups = impressionRollups(spend.accepted, clicks.recorded);
  if (rollups.length) yield* run("upsertRollups", rollups);
  const ended = yield* applyBudgetSteps(spend.progress, spend.campaigns, batch.nowMs, outbox);
  if (outbox.length) yield* run("insertOutbox", outbox);
  return {
    impressions: batch.impressions.map((impression) => verdicts.get(impression) ?? "budget"),
    clicks: clicks.verdicts,
    campaigns: spend.campaigns,
    ended,
  };
}

/** 1. Per-user caps against every instance's committed impressions plus this batch; returns the impressions still in. */
function* recheckCaps(
  impressions: readonly ImpressionRecord[],
  nowMs: number,
  verdicts: Map<ImpressionRecord, ImpressionVerdict>,
): Plan<readonly ImpressionRecord[]> {
  if (!impressions.length) return impressions;
  const users = [...new Set(impressions.map((impression) => impression.userId))];
  yield* run("lockUsers", users);
  const caps = new UserCaps();
  caps.load(yield* run("recentAlerts", { users, sinceMs: nowMs - CAP_MEMORY_MS }), nowMs);
  return impressions.filter((impression) => {
    if (caps.tryReserve(impression.userId, impression.gameId, nowMs)) return true;
    verdicts.set(impression, "cap");
    return false;
  });
}

/** 2. Every campaign row the batch changes, locked in id order (no deadlock between instances). */
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
  /** committed counters of every campaign the batch tried to spend on */
  campaigns: CampaignSpend[];
  /** campaigns whose spend advanced, for their budget transitions */
  progress: BudgetProgress[];
};

/**
 * 3. Spend: one conditional update per campaign for its whole group, accepted when
 * the spend before the group's last impression is under both budgets (so no
 * impression starts above a budget); near a budget, impression by impression until
 * one is refused.
 */
function* spendBudgets(
  impressions: readonly ImpressionRecord[],
  day: string,
  verdicts: Map<ImpressionRecord, ImpressionVerdict>,
): Plan<SpendOutcome> {
  const outcome: SpendOutcome = { accepted: [], campaigns: [], progress: [] };
  for (const [campaignId, group] of groupByCampaign(impressions)) {
    let sum = 0;
    for (const impression of group) sum += impression.costMicros;
    const beforeLast = sum - group[group.length - 1]!.costMicros;
    let update = yield* run("spend", {
      campaignId,
      day,
      sumMicros: sum,
      count: group.length,
      beforeLastMicros: beforeLast,
    });
    if (update) {
      for (const impression of group) accept(outcome, verdicts, impression);
    } else {
      let refused = false;
      for (const impression of group) {
        const one = refused
          ? undefined
          : yield* run("spend", { campaignId, day, sumMicros: impression.costMicros, count: 1, beforeLastMicros: 0 });
        if (one) {
          update = one;
          accept(outcome, verdicts, impression);
        } else {
          refused = true;
          verdicts.set(impression, "budget");
        }
      }
    }
    if (update) {
      outcome.campaigns.push({
        id: campaignId,
        status: update.status,
        spendMicros: Number(update.spendMicros),
        spendDay: update.spendDay,
        daySpendMicros: Number(update.daySpendMicros),
      });
      outcome.progress.push({
        id: campaignId,
        advertiserId: update.advertiserId,
        spendMicros: update.spendMicros,
        totalBudgetMicros: update.totalBudgetMicros,
        budget50Set: update.budget50Set,
        budget90Set: update.budget90Set,
      });
    } else {
      const current = yield* run("readSpend", campaignId);
      if (current) outcome.campaigns.push(current);
    }
  }
  return outcome;
}

function accept(
  outcome: SpendOutcome,
  verdicts: Map<ImpressionRecord, ImpressionVerdict>,
  impression: ImpressionRecord,
): void {
  verdicts.set(impression, "accepted");
  outcome.accepted.push(impression);
}

/** 4. Raw rows: the accepted impressions, one auction row per decision, impression.served events for subscribers. */
function* insertDecisions(
  accepted: readonly ImpressionRecord[],
  unfilled: readonly AuctionRecord[],
  outbox: OutboxRow[],
): Plan<void> {
  if (accepted.length) yield* run("insertImpressions", accepted);
  const auctions: AuctionRow[] = [];
  for (const impression of accepted) {
    auctions.push({
      id: impression.auctionId,
      momentType: impression.momentType,
      sport: impression.sport,
      outcome: "filled",
      bidders: impression.bidders,
      winningBidMicros: impression.winningBidMicros,
      clearingCpmMicros: impression.clearingCpmMicros,
      winnerAdvertiserId: impression.advertiserId,
      occurredAtMs: impression.servedAtMs,
      sandbox: impression.sandbox,
    });
    if (impression.emitEvent) outbox.push(impressionEvent(impression));
  }
  for (const auction of unfilled)
    auctions.push({ ...auction, winningBidMicros: null, clearingCpmMicros: null, winnerAdvertiserId: null });
  if (auctions.length) yield* run("insertAuctions", auctions);
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

/** 6. Hourly rollups: impressions and spend in the hour served, clicks in the hour clicked. */
export function impressionRollups(
  impressions: readonly ImpressionRecord[],
  clicks: readonly ClickRecord[],
): RollupRow[] {
  const deltas: RollupDelta[] = [];
  for (const impression of impressions) {
    deltas.push({
      campaignId: impression.campaignId,
      creativeId: impression.creativeId,
      momentType: impression.momentType,
      sport: impression.sport,
      atMs: impression.servedAtMs,
      impressions: 1,
      spendMicros: BigInt(impression.costMicros),
    });
  }
  for (const click of clicks) {
    deltas.push({
      campaignId: click.campaignId,
      creativeId: click.creativeId,
      momentType: click.momentType,
      sport: click.sport,
      atMs: click.clickedAtMs,
      clicks: 1,
    });
  }
  return mergeRollupDeltas(deltas);
}

/** 7. Budget transitions the new spend crossed, each by a conditional update so its event is written once. */
function* applyBudgetSteps(
  progress: readonly BudgetProgress[],
  campaigns: CampaignSpend[],
  nowMs: number,
  outbox: OutboxRow[],
): Plan<string[]> {
  const ended: string[] = [];
  for (const campaign of progress) {
    for (const step of budgetSteps(campaign)) {
      if (step === "ended") {
        if (!(yield* run("endForBudget", { campaignId: campaign.id, nowMs }))) continue;
        outbox.push(outboxRow(campaignEndedEvent(campaign.id, campaign.advertiserId, "budget_exhausted", nowMs)));
        ended.push(campaign.id);
        const row = campaigns.find((entry) => entry.id === campaign.id);
        if (row) row.status = "ended";
      } else {
        const threshold = step === "budget_50pct" ? 50 : 90;
        if (yield* run("markBudget", { campaignId: campaign.id, threshold, nowMs }))
          outbox.push(outboxRow(budgetThresholdEvent(campaign, step, nowMs)));
      }
    }
  }
  return ended;
}

function impressionEvent(impression: ImpressionRecord): OutboxRow {
  return outboxRow({
    advertiserId: impression.advertiserId,
    type: "impression.served",
    data: {
      impression_id: impression.impressionId,
      campaign_id: impression.campaignId,
      creative_id: impression.creativeId,
      moment_type: impression.momentType,
      sport: impression.sport,
      clearing_cpm_usd: microsToUsdNumber(impression.clearingCpmMicros),
      cost_usd: microsToUsdNumber(impression.costMicros),
      served_at: isoTime(impression.servedAtMs),
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
      clicked_at: isoTime(click.clickedAtMs),
    },
    createdAtMs: click.clickedAtMs,
  });
}
