// The live budget of one campaign in the delivery index: committed counters
// (from the database) plus spend in flight (decided, not yet committed), and
// the time from which it may enter auctions again. Eligibility by budget and
// pacing changes only when these numbers change or when time passes a known
// instant, so it is computed once per change (`refresh`) and the auction only
// compares `blockedUntilMs` with the clock (docs/decisions/0404-pacing.md).
import { DAY_MS } from "@/lib/clock";
import { dayStartMs, evenPacingResumeMs, utcDay } from "@/lib/domain/campaigns/pacing";

/**
 * An advertiser's billing account as delivery sees it: what it allows (null: no limit), what
 * was committed and what is in flight. Exhausted, it blocks every campaign of the advertiser
 * until its numbers change (docs/api.md, "Billing").
 */
export class AccountBudget {
  readonly advertiserId: string;
  allowanceMicros: number | null = null;
  spentMicros = 0;
  inflightMicros = 0;
  exhausted = false;
  readonly campaigns: CampaignBudget[] = [];

  constructor(advertiserId: string) {
    this.advertiserId = advertiserId;
  }

  /** Recomputes `exhausted`; when it changed, every campaign of the account refreshes. */
  refresh(nowMs: number): void {
    const exhausted = this.allowanceMicros !== null && this.spentMicros + this.inflightMicros >= this.allowanceMicros;
    if (exhausted === this.exhausted) return;
    this.exhausted = exhausted;
    for (const campaign of this.campaigns) campaign.refresh(nowMs);
  }
}

export class CampaignBudget {
  readonly id: string;
  status = "active";
  spendMicros = 0;
  spendDay: string | null = null;
  daySpendMicros = 0;
  inflightMicros = 0;
  dailyBudgetMicros = 0;
  totalBudgetMicros = 0;
  pacing: "even" | "asap" = "even";
  paceStartMs = 0;
  /** the campaign may enter auctions from this time on (Infinity: not until its numbers change) */
  blockedUntilMs = 0;
  /** its advertiser's billing account (one object for all the advertiser's campaigns) */
  account: AccountBudget | undefined;
  /** where the index keeps a copy of blockedUntilMs for the typed-array auction */
  readonly #table: { array: Float64Array } | undefined;
  readonly slot: number;

  constructor(id: string, table?: { array: Float64Array }, slot = -1) {
    this.id = id;
    this.#table = table;
    this.slot = slot;
  }

  /** Spend of the UTC day of `nowMs`, in flight included. */
  daySpend(nowMs: number): number {
    return (this.spendDay === utcDay(nowMs) ? this.daySpendMicros : 0) + this.inflightMicros;
  }

  /** Why the campaign may not enter an auction at `nowMs` (the reference rule), or undefined. */
  exclusion(nowMs: number): string | undefined {
    if (this.status !== "active") return "not_active";
    if (this.account?.exhausted) return "account_limit_reached";
    if (this.spendMicros + this.inflightMicros >= this.totalBudgetMicros) return "total_budget_spent";
    const daySpend = this.daySpend(nowMs);
    if (daySpend >= this.dailyBudgetMicros) return "daily_budget_spent";
    if (this.pacing === "even" && nowMs < evenPacingResumeMs(this.dailyBudgetMicros, daySpend, nowMs, this.paceStartMs))
      return "paced";
    return undefined;
  }

  /** Recomputes `blockedUntilMs` after any change of the numbers (or of the day). */
  refresh(nowMs: number): void {
    this.blockedUntilMs = this.#blockedUntil(nowMs);
    if (this.#table) this.#table.array[this.slot] = this.blockedUntilMs;
  }

  #blockedUntil(nowMs: number): number {
    if (this.status !== "active" || this.spendMicros + this.inflightMicros >= this.totalBudgetMicros) return Infinity;
    if (this.account?.exhausted) return Infinity;
    const daySpend = this.daySpend(nowMs);
    if (daySpend >= this.dailyBudgetMicros) return dayStartMs(nowMs) + DAY_MS;
    return this.pacing === "even" ? evenPacingResumeMs(this.dailyBudgetMicros, daySpend, nowMs, this.paceStartMs) : 0;
  }

  /** Spend decided and not yet committed (negative once committed or given up): the account's too. */
  addInflight(micros: number, nowMs: number): void {
    this.inflightMicros += micros;
    const account = this.account;
    if (account && account.allowanceMicros !== null) {
      account.inflightMicros += micros;
      account.refresh(nowMs);
    }
    this.refresh(nowMs);
  }
}
