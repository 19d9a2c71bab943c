// The ad decision and click use cases of the delivery hot path, over the
// in-memory campaign index, the per-user caps and the group-commit writer.
// Clock and randomness are injected (tests are deterministic).
import type { Logger } from "pino";
import { runBookAuction } from "@/lib/auction/auction-book";
import type { AuctionMoment } from "@/lib/auction/run-auction";
import { MINUTE_MS } from "@/lib/clock";
import { MOMENT_TYPES } from "@/lib/domain/moment-types/catalog";
import { onCampaignsChanged, onWebhooksChanged } from "@/lib/process-bus";
import { CampaignIndex, type LiveCampaign } from "./campaign-index";
import { CAP_MEMORY_MS, UserCaps } from "../rules/caps";
import type { DecisionInput, DecisionView } from "../delivery.schemas";
import { CLICK_ID_PATTERN, clickId, sortableId } from "@/lib/ids";
import { clickDestination } from "../rules/click-destination";
import { impressionCost, microsToUsdNumber } from "../rules/money-fast";
import type { BatchResult, DeliveryStore, ImpressionRecord } from "../records";
import { DeliveryWriter } from "./writer";

const FLOORS = new Map<string, number>(MOMENT_TYPES.map((type) => [type.key, Number(type.floorCpmMicros)]));
/** a decision whose winner the database refuses (another instance spent the budget) runs again without it */
const MAX_ATTEMPTS = 3;

export type Decision = { kind: "filled"; view: DecisionView } | { kind: "no_fill" } | { kind: "capped" };

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
      const cost = impressionCost(result.clearingCpmMicros);
      const record: ImpressionRecord = {
        impressionId: sortableId("imp", now),
        clickId: clickId(now),
        auctionId: sortableId("auc", now),
        advertiserId: winner.advertiserId,
        campaignId: winner.campaignId,
        creativeId: result.variant.creativeId,
        momentType: input.moment_type,
        sport: input.sport,
        gameId: input.game_id,
        userId: input.user_id,
        bidders: result.bidders,
        winningBidMicros: result.winningBidMicros,
        clearingCpmMicros: result.clearingCpmMicros,
        costMicros: cost,
        servedAtMs: now,
        sandbox: platform.sandbox,
        emitEvent: this.#impressionSubscribers.has(winner.advertiserId),
      };
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
      if (verdict === "accepted") {
        const creative = winner.creatives[winner.variants.indexOf(result.variant)]!;
        return {
          kind: "filled",
          view: {
            impression_id: record.impressionId,
            campaign_id: record.campaignId,
            creative_id: record.creativeId,
            variant_label: result.variant.variantLabel,
            clearing_cpm_usd: microsToUsdNumber(record.clearingCpmMicros),
            creative: {
              headline: creative.headline,
              body: creative.body,
              icon_url: creative.iconUrl,
              cta_text: creative.ctaText,
            },
            click_url: this.#clickBase + record.clickId,
          },
        };
      }
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
    this.writer.submitAuction({
      id: sortableId("auc", now),
      momentType: input.moment_type,
      sport: input.sport,
      outcome,
      bidders,
      occurredAtMs: now,
      sandbox,
    });
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
