// The ad decision and click use cases of the delivery hot path, over the
// in-memory campaign index, the per-user caps and the group-commit writer.
// Clock and randomness are injected (tests are deterministic).
import type { Logger } from "pino";
import { runBookAuction } from "@/lib/auction/auction-book";
import type { AuctionMoment, AuctionResult, AuctionVariant } from "@/lib/auction/rules";
import { MINUTE_MS } from "@/lib/clock";
import { MOMENT_TYPES } from "@/lib/domain/moment-types/catalog";
import { metrics } from "@/lib/observability/metrics";
import { withSpan } from "@/lib/observability/tracing";
import { onCampaignsChanged, onWebhooksChanged } from "@/lib/process-events";
import { CampaignIndex, type LiveCampaign } from "./campaign-index";
import { CAP_MEMORY_MS, UserCaps } from "../rules/caps";
import {
  momentUsers,
  type DecisionInput,
  type DecisionView,
  type MomentInput,
  type MomentUser,
} from "../delivery.schemas";
import { ANYONE, audienceKey, reaches, type Audience } from "../rules/audience";
import { CLICK_ID_PATTERN, clickId, sortableId } from "@/lib/ids";
import { clickDestination } from "../rules/click-destination";
import { impressionCostMicros, microsToUsd } from "@/lib/money";
import type {
  AuctionRecord,
  CommitOutcome,
  CreativeRow,
  DeliveryStore,
  ImpressionRecord,
  MomentState,
  MomentWrites,
} from "../store/delivery-store";
import type { AuctionBook } from "@/lib/auction/auction-book";
import { whenNotBusy } from "./busy-retry";
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

/** Eligibility by audience, per auction book (a reload builds new books, so this forgets with them). */
const eligibility = new WeakMap<AuctionBook<LiveCampaign>, Map<string, Uint8Array | undefined>>();

/**
 * Which of the book's candidates may serve `audience` (docs/api.md, "Jurisdictions"), by candidate
 * index; undefined when all of them may (a book without region targeting or restricted categories).
 */
function eligibleIn(book: AuctionBook<LiveCampaign>, audience: Audience): Uint8Array | undefined {
  let known = eligibility.get(book);
  if (!known) eligibility.set(book, (known = new Map()));
  const key = audienceKey(audience);
  if (known.has(key)) return known.get(key);
  const mask = Uint8Array.from(book.candidates, (campaign) => (reaches(campaign.reach, audience) ? 1 : 0));
  const eligible = mask.includes(0) ? mask : undefined;
  // a long-lived book meets a bounded number of audiences: regions times excluded category sets
  known.set(key, eligible);
  return eligible;
}

export type Decision = { kind: "filled"; view: DecisionView } | { kind: "no_fill" } | { kind: "capped" };

/** One user's part of a fanned-out moment, in the order of the request's user ids. */
export type MomentDecision = { userId: string } & Decision;

/** A moment's auctions decided under its locks: the answer, the rows to write, and the impressions in flight. */
type DecidedMoment = {
  decisions: MomentDecision[];
  writes: MomentWrites;
  /** each impression's campaign, for the spend in flight */
  winners: LiveCampaign[];
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

  #committed(result: CommitOutcome): void {
    this.index.applyAccounts(result.accounts);
    this.index.applySpend(result.campaigns);
    if (result.ended.length) this.index.markDirty(result.ended);
  }

  /**
   * POST /api/delivery/decisions: the auction for one moment of one user, answered once its
   * impression is committed; `platform.sandbox` (the demo's key) auctions the demo advertisers' campaigns only.
   */
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
    const audience: Audience = {
      region: input.region ?? null,
      excludedCategories: input.excluded_categories ?? [],
    };
    const eligible = eligibleIn(cell, audience);
    let refused: Set<LiveCampaign> | undefined;
    let bidders = 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const result = runBookAuction(moment, cell, this.index.blockedUntil, now, {
        random: this.#random,
        excluded: refused,
        eligible,
      });
      if (result.outcome === "no_fill") break;
      bidders = Math.max(bidders, result.bidders);
      if (!this.caps.tryReserve(input.user_id, input.game_id, now)) {
        this.#auction(input, "capped", result.bidders, now, platform.sandbox);
        return { kind: "capped" };
      }
      const winner = result.winner;
      const record = this.#impression(moment, result, now, platform.sandbox, audience.region);
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
      refused ??= new Set();
      // an account refused: every campaign of the advertiser is out of this decision
      if (verdict === "account") {
        for (const campaign of cell.candidates)
          if (campaign.advertiserId === winner.advertiserId) refused.add(campaign);
      } else refused.add(winner);
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
    region: string | null,
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
      region,
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
   * POST /api/delivery/moments: one moment for many users, in one transaction of the
   * store: lock the users and the campaigns of the moment's cell, read the committed
   * state those locks guard, run each user's auction against it in the order given
   * (each user seeing the spend of those before), and write the decisions. The
   * outcome is that of the same users' single decisions made one after another (same
   * clock, same randomness); the answer comes only once the commit is confirmed
   * (docs/decisions/0408-moments-fan-out.md).
   */
  async fanOut(input: MomentInput, platform: { sandbox: boolean } = { sandbox: false }): Promise<MomentDecision[]> {
    if (this.index.needsReload) await this.index.ready();
    const now = this.#clock();
    const cell = this.index.cell(input.moment_type, input.sport, platform.sandbox);
    const users = momentUsers(input);
    const locks = {
      users: users.map((user) => user.user_id),
      gameId: input.game_id,
      campaignIds: cell.candidates.map((campaign) => campaign.campaignId),
      advertiserIds: [...new Set(cell.candidates.map((campaign) => campaign.advertiserId))].sort(),
      nowMs: now,
    };
    let decided: DecidedMoment | undefined;
    const started = performance.now();
    try {
      const outcome = await withSpan("db.moment_commit", { "sma.users": users.length }, () =>
        whenNotBusy(
          () =>
            this.store.commitMoment(locks, (state) => {
              decided = this.#decideMoment(input, users, cell, state, now, platform.sandbox);
              return decided.writes;
            }),
          { clock: this.#clock },
        ),
      );
      const observed = metrics();
      observed.momentCommitSeconds.observe((performance.now() - started) / 1000);
      observed.momentCommitUsers.observe(users.length);
      let filled = 0;
      let capped = 0;
      for (const decision of decided!.decisions)
        if (decision.kind === "filled") filled += 1;
        else if (decision.kind === "capped") capped += 1;
      observed.momentUsers.filled.inc(filled);
      observed.momentUsers.capped.inc(capped);
      observed.momentUsers.no_fill.inc(users.length - filled - capped);
      observed.moments.inc();
      this.#committed(outcome);
      return decided!.decisions;
    } catch (error) {
      // nothing of the moment was written: its users' cap slots are given back
      for (const impression of decided?.writes.impressions ?? [])
        this.caps.release(impression.userId, input.game_id, now);
      throw error;
    } finally {
      decided?.writes.impressions.forEach((impression, index) =>
        decided!.winners[index]!.state.addInflight(-impression.costMicros, this.#clock()),
      );
    }
  }

  /**
   * The moment's auctions against `state`, read under its locks: the campaigns' committed
   * counters and budgets first replace what the index knew, then each user's auction,
   * caps (this instance's in memory, other instances' committed alerts) and the spend
   * in flight are applied user by user, as single decisions would be.
   */
  #decideMoment(
    input: MomentInput,
    users: readonly MomentUser[],
    cell: AuctionBook<LiveCampaign>,
    state: MomentState,
    now: number,
    sandbox: boolean,
  ): DecidedMoment {
    this.index.applyBudgets(state.campaigns, state.accounts);
    const floor = FLOORS.get(input.moment_type)!;
    const blockedUntil = this.index.blockedUntil;
    const options = { random: this.#random };
    const decisions: MomentDecision[] = new Array(users.length);
    const writes: MomentWrites = { impressions: [], auctions: [] };
    const winners: LiveCampaign[] = [];
    // users of one region and exclusions reach the same campaigns: one eligibility per audience
    const audiences = new Map<string, { audience: Audience; eligible: Uint8Array | undefined }>();
    users.forEach((user, index) => {
      const userId = user.user_id;
      const audience: Audience =
        user.region || user.excluded_categories?.length
          ? { region: user.region ?? null, excludedCategories: user.excluded_categories ?? [] }
          : ANYONE;
      const key = audience === ANYONE ? "" : audienceKey(audience);
      let group = audiences.get(key);
      if (!group) audiences.set(key, (group = { audience, eligible: eligibleIn(cell, audience) }));
      const moment: AuctionMoment = {
        momentType: input.moment_type,
        sport: input.sport,
        gameId: input.game_id,
        userId,
        floorCpmMicros: floor,
      };
      const result = runBookAuction(moment, cell, blockedUntil, now, { ...options, eligible: group.eligible });
      if (result.outcome === "no_fill") {
        writes.auctions.push(auctionRecord(input.moment_type, input.sport, "no_fill", 0, now, sandbox));
        decisions[index] = { userId, kind: "no_fill" };
        return;
      }
      if (state.cappedUsers.has(userId) || !this.caps.tryReserve(userId, input.game_id, now)) {
        writes.auctions.push(auctionRecord(input.moment_type, input.sport, "capped", result.bidders, now, sandbox));
        decisions[index] = { userId, kind: "capped" };
        return;
      }
      const record = this.#impression(moment, result, now, sandbox, group.audience.region);
      result.winner.state.addInflight(record.costMicros, now);
      writes.impressions.push(record);
      winners.push(result.winner);
      decisions[index] = { userId, kind: "filled", view: this.#view(record, result.winner, result.variant) };
    });
    return { decisions, writes, winners };
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
      region: target.region,
      clickedAtMs: this.#clock(),
    });
    return clickDestination(target.actionUrl, clickId, target.campaignId);
  }
}
