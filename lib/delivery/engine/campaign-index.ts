// The in-memory index of deliverable campaigns by (moment type, sport), with
// each campaign's live budget state. Rebuilt from the database when campaigns
// change: at once for changes announced on the process bus (a PATCHed bid is
// seen by the very next decision), and by a cheap periodic signature check for
// changes made by other instances or directly in the database.
import { buildAuctionBook, type AuctionBook } from "@/lib/auction/auction-book";
import type { AuctionCandidate } from "@/lib/auction/rules";
import { utcDay } from "@/lib/domain/campaigns/pacing";
import { isAvailableIn, MOMENT_TYPE_KEYS, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { SPORTS, type Sport } from "@/lib/domain/sports";
import { ADVERTISER_CATEGORIES, type AdvertiserCategory } from "@/lib/domain/regions/regions.schemas";
import { AccountBudget, CampaignBudget } from "./budget-state";
import type { CampaignReach } from "../rules/audience";
import type {
  AccountSpend,
  CampaignBudgetRow,
  CampaignRow,
  CampaignSpend,
  CreativeRow,
  DeliveryStore,
} from "../store/delivery-store";

export type LiveCampaign = AuctionCandidate & {
  /** shared by every rebuild of the campaign, so spend in flight survives reloads */
  state: CampaignBudget;
  /** approved creatives, index-aligned with `variants` */
  creatives: readonly CreativeRow[];
  momentTypes: readonly string[];
  sports: readonly string[];
  /** a demo advertiser's campaign: in the sandbox books only */
  sandbox: boolean;
  /** whom it may serve: its advertiser's category and licences, its own region targeting */
  reach: CampaignReach;
};

const TYPE_INDEX = new Map<string, number>(MOMENT_TYPE_KEYS.map((key, index) => [key, index]));
const SPORT_INDEX = new Map<string, number>(SPORTS.map((sport, index) => [sport, index]));

/** A JSON list of region codes as a set; null stays null (no list). */
function regionSet(json: string | null): ReadonlySet<string> | null {
  return json === null ? null : new Set(parseList(json));
}

function categoryOf(value: string): AdvertiserCategory {
  return (ADVERTISER_CATEGORIES as readonly string[]).includes(value) ? (value as AdvertiserCategory) : "general";
}

function parseList(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export class CampaignIndex {
  readonly #store: DeliveryStore;
  readonly #clock: () => number;
  readonly #campaigns = new Map<string, LiveCampaign>();
  /** outlives reloads, so in-flight spend stays counted while a campaign is rebuilt */
  readonly #states = new Map<string, CampaignBudget>();
  /** the advertisers' billing accounts, one per advertiser, outliving reloads too */
  readonly #accounts = new Map<string, AccountBudget>();
  /** blockedUntilMs of every campaign budget by slot, read by the typed-array auction */
  readonly #blocked = { array: new Float64Array(1024).fill(Infinity) };
  #books: AuctionBook<LiveCampaign>[] = [];
  /** the demo advertisers' campaigns, for decisions made with a sandbox platform key (docs/decisions/0903) */
  #sandboxBooks: AuctionBook<LiveCampaign>[] = [];
  static readonly #emptyBook = buildAuctionBook<LiveCampaign>([], () => 0);
  #day = "";
  #signature = "";
  #full = true;
  readonly #dirty = new Set<string>();
  #loading: Promise<void> | null = null;

  constructor(store: DeliveryStore, clock: () => number) {
    this.#store = store;
    this.#clock = clock;
  }

  /** Campaign changes announced in-process: the next decision waits for their reload. */
  markDirty(ids?: readonly string[]): void {
    if (!ids) this.#full = true;
    else for (const id of ids) this.#dirty.add(id);
  }

  get needsReload(): boolean {
    return this.#full || this.#dirty.size > 0 || this.#day !== utcDay(this.#clock());
  }

  /** Resolves once the index reflects every change announced before the call. */
  async ready(): Promise<void> {
    while (this.needsReload) {
      if (this.#loading) {
        await this.#loading;
        continue;
      }
      this.#loading = this.#reload().finally(() => (this.#loading = null));
      await this.#loading;
    }
  }

  async #reload(): Promise<void> {
    const day = utcDay(this.#clock());
    const full = this.#full || day !== this.#day;
    const ids = full ? undefined : [...this.#dirty];
    this.#full = false;
    this.#dirty.clear();
    try {
      if (full) this.#signature = await this.#store.signature();
      const rows = await this.#store.loadCampaigns(day, ids);
      if (full) this.#campaigns.clear();
      else for (const id of ids!) this.#campaigns.delete(id);
      for (const row of rows) this.#campaigns.set(row.id, this.#live(row));
      this.#day = day;
      // a new day resets daily budgets and pacing lines
      if (full) for (const state of this.#states.values()) state.refresh(this.#clock());
      this.#rebuildCells();
    } catch (error) {
      // try again on the next decision
      if (full) this.#full = true;
      else for (const id of ids!) this.#dirty.add(id);
      throw error;
    }
  }

  #live(row: CampaignRow): LiveCampaign {
    let state = this.#states.get(row.id);
    if (!state) {
      const slot = this.#states.size;
      if (slot >= this.#blocked.array.length) {
        const grown = new Float64Array(this.#blocked.array.length * 2).fill(Infinity);
        grown.set(this.#blocked.array);
        this.#blocked.array = grown;
      }
      state = new CampaignBudget(row.id, this.#blocked, slot);
      state.spendMicros = row.spendMicros;
      state.spendDay = row.spendDay;
      state.daySpendMicros = row.daySpendMicros;
      this.#states.set(row.id, state);
    }
    state.dailyBudgetMicros = row.dailyBudgetMicros;
    state.totalBudgetMicros = row.totalBudgetMicros;
    state.pacing = row.pacing === "asap" ? "asap" : "even";
    state.paceStartMs = row.createdAtMs;
    if (!state.account) {
      let account = this.#accounts.get(row.advertiserId);
      if (!account) this.#accounts.set(row.advertiserId, (account = new AccountBudget(row.advertiserId)));
      account.campaigns.push(state);
      state.account = account;
    }
    if (row.account) this.applyAccounts([row.account]);
    this.applySpend([
      {
        id: row.id,
        status: row.status,
        spendMicros: row.spendMicros,
        spendDay: row.spendDay,
        daySpendMicros: row.daySpendMicros,
      },
    ]);
    return {
      momentTypes: parseList(row.momentTypes),
      sports: parseList(row.sports),
      sandbox: row.sandbox,
      reach: {
        category: categoryOf(row.category),
        licensedRegions: regionSet(row.licensedRegions),
        targetRegions: regionSet(row.targetRegions),
        excludedRegions: regionSet(row.excludedRegions),
      },
      campaignId: row.id,
      advertiserId: this.#intern(row.advertiserId),
      bidMicros: row.bidMicros,
      variants: row.creatives.map((creative) => ({ creativeId: creative.id, variantLabel: creative.variantLabel })),
      creatives: row.creatives,
      state,
    };
  }

  #rebuildCells(): void {
    const rows = [...this.#campaigns.values()];
    this.#books = this.#cells(rows.filter((campaign) => !campaign.sandbox));
    this.#sandboxBooks = this.#cells(rows.filter((campaign) => campaign.sandbox));
  }

  #cells(rows: readonly LiveCampaign[]): AuctionBook<LiveCampaign>[] {
    const cells: LiveCampaign[][] = Array.from({ length: MOMENT_TYPE_KEYS.length * SPORTS.length }, () => []);
    for (const campaign of rows) {
      if (campaign.variants.length === 0) continue;
      const sports = new Set(campaign.sports);
      for (const type of new Set(campaign.momentTypes)) {
        const typeIndex = TYPE_INDEX.get(type);
        if (typeIndex === undefined) continue;
        for (const sport of sports) {
          const sportIndex = SPORT_INDEX.get(sport);
          if (sportIndex === undefined || !isAvailableIn(type as MomentTypeKey, sport as Sport)) continue;
          cells[typeIndex * SPORTS.length + sportIndex]!.push(campaign);
        }
      }
    }
    // one advertiser's campaigns adjacent, best bid first, as typed arrays (lib/auction/auction-book)
    return cells.map((cell) => buildAuctionBook(cell, (campaign) => campaign.state.slot));
  }

  /** blockedUntilMs by budget slot (see CampaignBudget) */
  get blockedUntil(): Float64Array {
    return this.#blocked.array;
  }

  /** One string object per advertiser id, so the auction compares advertisers by reference. */
  readonly #advertiserIds = new Map<string, string>();
  #intern(advertiserId: string): string {
    const known = this.#advertiserIds.get(advertiserId);
    if (known !== undefined) return known;
    this.#advertiserIds.set(advertiserId, advertiserId);
    return advertiserId;
  }

  /** Adds campaigns built elsewhere (the in-process benchmark). */
  load(rows: readonly CampaignRow[]): void {
    const day = utcDay(this.#clock());
    for (const row of rows) this.#campaigns.set(row.id, this.#live(row));
    this.#day = day;
    this.#full = false;
    this.#rebuildCells();
  }

  /** The campaigns bidding at this moment type and sport (both validated): real ones, or with `sandbox` the demo's only. */
  cell(momentType: string, sport: string, sandbox = false): AuctionBook<LiveCampaign> {
    const books = sandbox ? this.#sandboxBooks : this.#books;
    return books[TYPE_INDEX.get(momentType)! * SPORTS.length + SPORT_INDEX.get(sport)!] ?? CampaignIndex.#emptyBook;
  }

  get day(): string {
    return this.#day;
  }

  get size(): number {
    return this.#campaigns.size;
  }

  campaign(id: string): LiveCampaign | undefined {
    return this.#campaigns.get(id);
  }

  /**
   * Merges committed counters read from the database. Total spend only grows, so
   * a read that raced with one of our own commits never moves it backwards.
   */
  applySpend(rows: readonly CampaignSpend[]): void {
    const now = this.#clock();
    for (const row of rows) {
      const state = this.#states.get(row.id);
      if (!state) continue;
      state.status = row.status;
      state.spendMicros = Math.max(state.spendMicros, row.spendMicros);
      if (row.spendDay === state.spendDay) state.daySpendMicros = Math.max(state.daySpendMicros, row.daySpendMicros);
      else if (row.spendDay !== null && (state.spendDay === null || row.spendDay > state.spendDay)) {
        state.spendDay = row.spendDay;
        state.daySpendMicros = row.daySpendMicros;
      }
      state.refresh(now);
    }
  }

  /**
   * Merges billing accounts read from the database: their allowance as read, their spend
   * never backwards (as campaigns' spend).
   */
  applyAccounts(rows: readonly AccountSpend[]): void {
    const now = this.#clock();
    for (const row of rows) {
      const account = this.#accounts.get(row.advertiserId);
      if (!account) continue;
      account.allowanceMicros = row.allowanceMicros;
      account.spentMicros = Math.max(account.spentMicros, row.spentMicros);
      account.refresh(now);
    }
  }

  /**
   * Takes campaign rows and billing accounts read under their locks (a moment's): their
   * budgets and allowances as read, their counters merged.
   */
  applyBudgets(rows: readonly CampaignBudgetRow[], accounts: readonly AccountSpend[]): void {
    for (const row of rows) {
      const state = this.#states.get(row.id);
      if (!state) continue;
      state.totalBudgetMicros = row.totalBudgetMicros;
      state.dailyBudgetMicros = row.dailyBudgetMicros;
    }
    this.applyAccounts(accounts);
    this.applySpend(rows);
  }

  /** Periodic check: reload everything when the campaigns' signature changed; refresh spend. */
  async refresh(): Promise<void> {
    const signature = await this.#store.signature();
    if (signature !== this.#signature) {
      this.#full = true;
      await this.ready();
    } else {
      const spend = await this.#store.loadSpend();
      this.applyAccounts(spend.accounts);
      this.applySpend(spend.campaigns);
    }
  }
}
