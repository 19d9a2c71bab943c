// The ad decision and click use cases of the delivery hot path, over the
// in-memory campaign index, the per-user caps and the group-commit writer.
// Clock and randomness are injected (tests are deterministic).
import type { Logger } from "pino";
import { runBookAuction } from "@/lib/auction/auction-book";
import type { AuctionMoment, AuctionResult, AuctionVariant } from "@/lib/auction/rules";
import { MINUTE_MS } from "@/lib/clock";
import { MOMENT_TYPES } from "@/lib/domain/moment-types/catalog";
import { onCampaignsChanged, onWebhooksChanged } from "@/lib/change-events";
import { CampaignIndex, type LiveCampaign } from "./campaign-index";
import { CAP_MEMORY_MS, UserCaps } from "../rules/caps";
import type { DecisionInput, DecisionView, MomentInput } from "../delivery.schemas";
import { CLICK_ID_PATTERN, clickId, sortableId } from "@/lib/ids";
import { clickDestination } from "../rules/click-destination";
import { impressionCostMicros, microsToUsd } from "@/lib/money";
import type {
  AuctionRecord,
  BatchResult,
  CreativeRow,
  DeliveryStore,
  ImpressionRecord,
  ImpressionVerdict,
} from "../records";
import { DeliveryWriter } from "./writer";

const FLOORS = new Map<string, number>(MOMENT_TYPES.map((type) => [type.key, Number(type.floorCpmMicros)]));
/** a decision whose winner the database refuses (another instance spent the budget) runs again without it */
const MAX_ATTEMPTS = 3;

function auctionRecord(
  momentType: string,
  sport: string,
  outcome: "no_fill" | "capped",
  bidders: number,
  now: number,
  sandbox: boolean,
): AuctionRecord {
  return { momentType, sport, outcome, bidders, occurredAtMs: now, sandbox };
}

export type Decision = { kind: "filled"; view: DecisionView } | { kind: "no_fill" } | { kind: "capped" };

/** One user's part of a fanned-out moment, in the order of the request's user ids. */
export type MomentDecision = { userId: string } & Decision;

/** A moment's decisions, known before its commit is confirmed (DeliveryEngine.prepareFanOut). */
export type PreparedMoment = { decisions: MomentDecision[]; committed: Promise<void> };

/** A moment's user whose impression is being committed (and, if refused, replaced). */
type MomentEntry = {
  index: number;
  userId: string;
  /** the current impression, or null once the user is settled without one */
  record: ImpressionRecord | null;
  /** where `record` is in the impressions the plan judged (its verdict's index) */
  judged: number;
  winner: LiveCampaign;
  variant: AuctionVariant;
  /** campaigns the database refused for this user (another instance spent their budget) */
  refused?: Set<LiveCampaign>;
  /** the most bidders any of the user's attempts saw (the no-fill row's count, as a single decision's) */
  bidders: number;
  attempts: number;
};

export type DeliveryEngineOptions = {
  store: DeliveryStore;
  log: Logger;
  publicBaseUrl: string;
  clock?: () => number;
  random?: () => number;
  /** periodic signature/spend check; 0 disables the timer (tests call refresh()) */
  refreshMs?: number;
};

export class DeliveryEngine {
  readonly store: DeliveryStore;
  readonly index: CampaignIndex;
  readonly caps = new UserCaps();
  readonly writer: DeliveryWriter;
  readonly #clock: () => number;
  readonly #random: () => number;
  readonly #log: Logger;
  readonly #clickBase: string;
  readonly #refreshMs: number;
  #timers: NodeJS.Timeout[] = [];
  #unsubscribe: (() => void) | null = null;
  #unsubscribeWebhooks: (() => void) | null = null;
  /**
   * Advertisers with an endpoint subscribed to impression.served. Only their
   * impressions get an outbox event: for the rest it would be a write per
   * decision that nobody receives (docs/decisions/0407). Reloaded every refresh
   * and at once when this process registers an endpoint.
   */
  #impressionSubscribers = new Set<string>();
  /** the answers' creative objects, one per creative row of the index (a reload makes new rows) */
  readonly #creativeViews = new WeakMap<CreativeRow, DecisionView["creative"]>();

  constructor(options: DeliveryEngineOptions) {
    this.store = options.store;
    this.#clock = options.clock ?? Date.now;
    this.#random = options.random ?? Math.random;
    this.#log = options.log;
    this.#clickBase = `${options.publicBaseUrl}/c/`;
    this.#refreshMs = options.refreshMs ?? 1000;
    this.index = new CampaignIndex(this.store, this.#clock);
    this.writer = new DeliveryWriter(this.store, {
      clock: this.#clock,
      log: this.#log,
      onCommitted: (result) => this.#committed(result),
    });
  }

  /** Reloads which advertisers receive impression.served events. */
  async refreshSubscribers(): Promise<void> {
    this.#impressionSubscribers = new Set(await this.store.impressionSubscribers());
  }

  async start(): Promise<this> {
    this.#unsubscribe = onCampaignsChanged((ids) => this.index.markDirty(ids));
    this.#unsubscribeWebhooks = onWebhooksChanged((advertiserId) => {
      this.#impressionSubscribers.add(advertiserId);
      this.refreshSubscribers().catch((error: unknown) =>
        this.#log.warn({ err: error }, "webhook subscriber refresh failed"),
      );
    });
    await this.refreshSubscribers();
    await this.index.ready();
    const now = this.#clock();
    this.caps.load(await this.store.loadRecentAlerts(now - CAP_MEMORY_MS), now);
    if (this.#refreshMs > 0) {
      const refresh = setInterval(() => {
        this.index.refresh().catch((error: unknown) => this.#log.warn({ err: error }, "campaign index refresh failed"));
        this.refreshSubscribers().catch((error: unknown) =>
          this.#log.warn({ err: error }, "webhook subscriber refresh failed"),
        );
      }, this.#refreshMs);
      const prune = setInterval(() => this.caps.prune(this.#clock()), MINUTE_MS);
      refresh.unref();
      prune.unref();
      this.#timers = [refresh, prune];
    }
    return this;
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#unsubscribeWebhooks?.();
    this.#unsubscribeWebhooks = null;
    await this.writer.flush();
  }

  #committed(result: BatchResult): void {
    this.index.applySpend(result.campaigns);
    if (result.ended.length) this.index.markDirty(result.ended);
  }

  /** POST /api/delivery/decisions: the auction for one moment of one user. */
  /** One decision; `platform.sandbox` (the demo simulator's key) auctions the demo advertisers' campaigns only. */
  async decide(input: DecisionInput, platform: { sandbox: boolean } = { sandbox: false }): Promise<Decision> {
    if (this.index.needsReload) await this.index.ready();
    const now = this.#clock();
    const moment: AuctionMoment = {
      momentType: input.moment_type,
      sport: input.sport,
      gameId: input.game_id,
      userId: input.user_id,
      floorCpmMicros: FLOORS.get(input.moment_type)!,
    };
    const cell = this.index.cell(input.moment_type, input.sport, platform.sandbox);
    let refused: Set<LiveCampaign> | undefined;
    let bidders = 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const result = runBookAuction(moment, cell, this.index.blockedUntil, now, {
        random: this.#random,
        excluded: refused,
      });
      if (result.outcome === "no_fill") break;
      bidders = Math.max(bidders, result.bidders);
      if (!this.caps.tryReserve(input.user_id, input.game_id, now)) {
        this.#auction(input, "capped", result.bidders, now, platform.sandbox);
        return { kind: "capped" };
      }
      const winner = result.winner;
      const record = this.#impression(moment, result, now, platform.sandbox);
      const cost = record.costMicros;
      winner.state.addInflight(cost, now);
      let verdict;
      try {
        verdict = await this.writer.submitImpression(record);
      } catch (error) {
        this.caps.release(input.user_id, input.game_id, now);
        throw error;
      } finally {
        winner.state.addInflight(-cost, this.#clock());
      }
      if (verdict === "accepted") return { kind: "filled", view: this.#view(record, winner, result.variant) };
      this.caps.release(input.user_id, input.game_id, now);
      if (verdict === "cap") {
        this.#auction(input, "capped", result.bidders, now, platform.sandbox);
        return { kind: "capped" };
      }
      (refused ??= new Set()).add(winner);
    }
    this.#auction(input, "no_fill", bidders, now, platform.sandbox);
    return { kind: "no_fill" };
  }

  #auction(input: DecisionInput, outcome: "no_fill" | "capped", bidders: number, now: number, sandbox: boolean): void {
    this.writer.submitAuction(auctionRecord(input.moment_type, input.sport, outcome, bidders, now, sandbox));
  }

  /** The impression a filled auction makes (ids, price, cost), not yet committed. */
  #impression(
    moment: AuctionMoment,
    result: Extract<AuctionResult<LiveCampaign>, { outcome: "filled" }>,
    now: number,
    sandbox: boolean,
  ): ImpressionRecord {
    const winner = result.winner;
    return {
      impressionId: sortableId("imp", now),
      clickId: clickId(now),
      advertiserId: winner.advertiserId,
      campaignId: winner.campaignId,
      creativeId: result.variant.creativeId,
      momentType: moment.momentType,
      sport: moment.sport,
      gameId: moment.gameId,
      userId: moment.userId,
      bidders: result.bidders,
      winningBidMicros: result.winningBidMicros,
      clearingCpmMicros: result.clearingCpmMicros,
      costMicros: impressionCostMicros(result.clearingCpmMicros),
      servedAtMs: now,
      sandbox,
      emitEvent: this.#impressionSubscribers.has(winner.advertiserId),
    };
  }

  /** The answer of a committed impression (docs/api.md). */
  #view(record: ImpressionRecord, winner: LiveCampaign, variant: AuctionVariant): DecisionView {
    return {
      impression_id: record.impressionId,
      campaign_id: record.campaignId,
      creative_id: record.creativeId,
      variant_label: variant.variantLabel,
      clearing_cpm_usd: microsToUsd(record.clearingCpmMicros),
      creative: this.#creativeView(winner, variant),
      click_url: this.#clickBase + record.clickId,
    };
  }

  /** A creative's part of the answer: made once per creative row and shared by its answers (only serialized). */
  #creativeView(winner: LiveCampaign, variant: AuctionVariant): DecisionView["creative"] {
    const creative = winner.creatives[winner.variants.indexOf(variant)]!;
    let view = this.#creativeViews.get(creative);
    if (!view) {
      // frozen: the moment answer's encoder keeps its JSON per object (lib/server/moment-answer.ts)
      view = Object.freeze({
        headline: creative.headline,
        body: creative.body,
        icon_url: creative.iconUrl,
        cta_text: creative.ctaText,
      });
      this.#creativeViews.set(creative, view);
    }
    return view;
  }

  /**
   * POST /api/delivery/moments: one moment for many users. The moment's auction
   * book is looked up once; each user's auction, caps and the campaigns' budgets
   * and pacing are then applied user by user in the order given, each user seeing
   * the spend of those before it, so the outcome is that of the same users' single
   * decisions made one after another (same clock, same randomness). Everything is
   * committed in one transaction; the answer comes only after it
   * (docs/decisions/0408-moments-fan-out.md).
   */
  async fanOut(input: MomentInput, platform: { sandbox: boolean } = { sandbox: false }): Promise<MomentDecision[]> {
    const moment = await this.prepareFanOut(input, platform);
    await moment.committed;
    return moment.decisions;
  }

  /**
   * fanOut in two steps: the decisions as soon as the commit plan has judged the
   * impressions (on PostgreSQL before the database has confirmed the statements
   * and the commit), and `committed`, which settles once the moment is committed
   * or failed. The decisions may be prepared for sending meanwhile; they are the
   * answer only if `committed` resolves (a failed commit rejects it, and nothing
   * of the moment was written).
   */
  async prepareFanOut(
    input: MomentInput,
    platform: { sandbox: boolean } = { sandbox: false },
  ): Promise<PreparedMoment> {
    if (this.index.needsReload) await this.index.ready();
    const now = this.#clock();
    const sandbox = platform.sandbox;
    const floor = FLOORS.get(input.moment_type)!;
    const cell = this.index.cell(input.moment_type, input.sport, sandbox);
    const blockedUntil = this.index.blockedUntil;
    const momentOf = (userId: string): AuctionMoment => ({
      momentType: input.moment_type,
      sport: input.sport,
      gameId: input.game_id,
      userId,
      floorCpmMicros: floor,
    });
    const decisions: MomentDecision[] = new Array(input.user_ids.length);
    const entries: MomentEntry[] = [];
    const auctions: AuctionRecord[] = [];
    const impressions: ImpressionRecord[] = [];
    // PostgreSQL locks the users and reads their alerts while the auctions below run;
    // everything until submitMoment is synchronous, so nothing else can use the writer between
    const opened = this.writer.openMoment({ users: input.user_ids, gameId: input.game_id, nowMs: now });
    const options = { random: this.#random };
    try {
      input.user_ids.forEach((userId, index) => {
        const moment = momentOf(userId);
        const result = runBookAuction(moment, cell, blockedUntil, now, options);
        if (result.outcome === "no_fill") {
          auctions.push(auctionRecord(input.moment_type, input.sport, "no_fill", 0, now, sandbox));
          decisions[index] = { userId, kind: "no_fill" };
          return;
        }
        if (!this.caps.tryReserve(userId, input.game_id, now)) {
          auctions.push(auctionRecord(input.moment_type, input.sport, "capped", result.bidders, now, sandbox));
          decisions[index] = { userId, kind: "capped" };
          return;
        }
        const record = this.#impression(moment, result, now, sandbox);
        result.winner.state.addInflight(record.costMicros, now);
        entries.push({
          index,
          userId,
          record,
          judged: impressions.length,
          winner: result.winner,
          variant: result.variant,
          bidders: result.bidders,
          attempts: 1,
        });
        impressions.push(record);
      });
    } catch (error) {
      opened?.abandon();
      throw error;
    }
    if (!entries.length && !auctions.length) {
      opened?.abandon();
      return { decisions, committed: Promise.resolve() };
    }

    // the engine's side of the commit plan's rebids: all synchronous, inside the transaction
    /** each current impression's user (made at the first rebid: most moments have none) */
    let entryOf: Map<ImpressionRecord, MomentEntry> | undefined;
    /** how many impressions the plan judged: the first ones, then each rebid's replacements, in its order */
    let judged = impressions.length;
    const rebid = (refused: readonly ImpressionRecord[], last: boolean) => {
      const replacements: ImpressionRecord[] = [];
      const settled: AuctionRecord[] = [];
      entryOf ??= new Map(entries.map((entry) => [entry.record!, entry]));
      for (const record of refused) {
        const entry = entryOf.get(record);
        if (!entry || entry.record !== record) continue;
        entry.winner.state.addInflight(-record.costMicros, now);
        (entry.refused ??= new Set()).add(entry.winner);
        const result =
          last || entry.attempts >= MAX_ATTEMPTS
            ? undefined
            : runBookAuction(momentOf(entry.userId), cell, blockedUntil, now, {
                random: this.#random,
                excluded: entry.refused,
              });
        if (!result || result.outcome === "no_fill") {
          entry.record = null;
          this.caps.release(entry.userId, input.game_id, now);
          settled.push(auctionRecord(input.moment_type, input.sport, "no_fill", entry.bidders, now, sandbox));
          continue;
        }
        const next = this.#impression(momentOf(entry.userId), result, now, sandbox);
        result.winner.state.addInflight(next.costMicros, now);
        entry.record = next;
        entry.winner = result.winner;
        entry.variant = result.variant;
        entry.bidders = Math.max(entry.bidders, result.bidders);
        entry.attempts += 1;
        // the plan judges the replacements after everything before them, in this order
        entry.judged = judged + replacements.length;
        entryOf.set(next, entry);
        replacements.push(next);
      }
      judged += replacements.length;
      return { impressions: replacements, auctions: settled };
    };

    /** the plan's verdicts, when the store told them before the commit was confirmed */
    let early: readonly ImpressionVerdict[] | undefined;
    let toldEarly!: () => void;
    const told = new Promise<void>((resolve) => (toldEarly = resolve));
    const submitted = this.writer.submitMoment({
      impressions,
      auctions,
      moment: {
        rebid,
        campaignIds: cell.candidates.map((campaign) => campaign.campaignId),
        opened,
        judged: (verdicts) => {
          early = verdicts;
          toldEarly();
        },
      },
    });
    const verdictOf = (verdicts: readonly ImpressionVerdict[], entry: MomentEntry): ImpressionVerdict =>
      verdicts[entry.judged] ?? "budget";
    /** the spend in flight leaves (counted, or not spent), and the cap slots of users `refused` are given back */
    const settle = (refused: (entry: MomentEntry) => boolean) => {
      for (const entry of entries) {
        if (!entry.record) continue;
        entry.winner.state.addInflight(-entry.record.costMicros, this.#clock());
        if (refused(entry)) this.caps.release(entry.userId, input.game_id, now);
      }
    };
    const committed = submitted.then(
      // committed: the users refused at commit give their slots back
      (verdicts) => settle((entry) => verdictOf(verdicts, entry) !== "accepted"),
      (error: unknown) => {
        // nothing of the moment was committed: every user gives its slot back
        settle(() => true);
        throw error;
      },
    );
    // whoever awaits `committed` hears of a failure; until then it is not an unhandled rejection
    committed.catch(() => {});
    await Promise.race([told, committed]);
    const verdicts = early ?? (await submitted);
    for (const entry of entries) {
      const record = entry.record;
      const verdict = record ? verdictOf(verdicts, entry) : "budget";
      if (record && verdict === "accepted") {
        decisions[entry.index] = {
          userId: entry.userId,
          kind: "filled",
          view: this.#view(record, entry.winner, entry.variant),
        };
      } else {
        // settled without an impression by a rebid, refused by a cap at commit (its capped row is in the
        // transaction), or by budgets past the last rebid
        decisions[entry.index] = { userId: entry.userId, kind: verdict === "cap" ? "capped" : "no_fill" };
      }
    }
    return { decisions, committed };
  }

  /** GET /c/{click_id}: records the first click and returns where to send the user, or null for an unknown id. */
  async click(clickId: string): Promise<string | null> {
    if (!CLICK_ID_PATTERN.test(clickId)) return null;
    const target = await this.store.findClick(clickId);
    if (!target) return null;
    await this.writer.submitClick({
      clickId: target.clickId,
      impressionId: target.impressionId,
      advertiserId: target.advertiserId,
      campaignId: target.campaignId,
      creativeId: target.creativeId,
      momentType: target.momentType,
      sport: target.sport,
      clickedAtMs: this.#clock(),
    });
    return clickDestination(target.actionUrl, clickId, target.campaignId);
  }
}
