// The process's Prometheus metrics (prom-client), one registry per process whichever copy
// of this module asks (server.ts's, the routes Next bundles, the workers': lib/process-wide.ts).
// The hot path pays an increment: every label value is one of a fixed list (operation names
// of the REST surface, outcomes, rate-limit policies), the children are made once and kept,
// and nothing of a request (path, id, header) ever becomes a label (docs/decisions/1440).
// METRICS=0 swaps every child for a no-op: the baseline of the bench (scripts/bench/metrics.bench.ts).
import client from "prom-client";
import { env } from "@/lib/env";
import { processWide } from "@/lib/process-wide";
import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from "@/lib/rate-limit/policies";

/** What the hot path holds: an increment, an observation. */
export type Count = { inc(by?: number): void };
export type Timing = { observe(value: number): void };
export type Level = { set(value: number): void };

const NOOP: Count & Timing & Level = { inc() {}, observe() {}, set() {} };

export const DECISION_OUTCOMES = ["filled", "no_fill", "capped"] as const;
export type DecisionOutcome = (typeof DECISION_OUTCOMES)[number];
/** One webhook attempt: a 2xx; another status; no answer (refused by the guard, network, timeout). */
export const WEBHOOK_OUTCOMES = ["success", "http_error", "no_answer"] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** Seconds: requests, commits (a decision's p99 target is milliseconds, a moment's up to a second). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000];

/** What /metrics asks at scrape time, never on the hot path (set by the process: server.ts, scripts/worker.ts). */
export type ScrapeSources = {
  outbox?: () => Promise<{ unsent: number; oldestAgeSec: number }>;
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
};

export type Metrics = {
  registry: client.Registry;
  enabled: boolean;
  /** a request's count and duration by operation name and status (lib/observability/request-observer.ts) */
  request(operation: string, status: number): { count: Count; seconds: Timing };
  decisions: Record<DecisionOutcome, Count>;
  /** each user's outcome in a moment, and the moments */
  momentUsers: Record<DecisionOutcome, Count>;
  moments: Count;
  groupCommitSeconds: Timing;
  groupCommitSize: Timing;
  momentCommitSeconds: Timing;
  momentCommitUsers: Timing;
  budgetRefusals: Count;
  accountLimitRefusals: Count;
  webhookAttempts: Record<WebhookOutcome, Count>;
  rateLimitRefusals: Record<RateLimitPolicy, Count>;
  /** what the scrape reads (outbox backlog, pool use) */
  sources: ScrapeSources;
};

function byLabel<const K extends string, T>(values: readonly K[], make: (value: K) => T): Record<K, T> {
  return Object.fromEntries(values.map((value) => [value, make(value)])) as Record<K, T>;
}

/** The statuses as label values, made once (a status outside 100-599 is "other"). */
const STATUS_LABELS: readonly string[] = Array.from({ length: 600 }, (_, code) =>
  code >= 100 ? String(code) : "other",
);

// The hot path's cells: plain numbers, written by an addition (prom-client's own children hash
// their labels into a string at every increment). prom-client formats them at scrape time:
// each family is registered in the registry as a metric whose get() reads the cells.

class CounterCell implements Count {
  value = 0;
  inc(by = 1): void {
    this.value += by;
  }
}

class HistogramCell implements Timing {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }
  observe(value: number): void {
    const bounds = this.bounds;
    let index = 0;
    while (index < bounds.length && value > bounds[index]!) index++;
    if (index < bounds.length) this.counts[index]! += 1;
    this.sum += value;
    this.count += 1;
  }
}

type Labels = Record<string, string>;
type MetricValue = { value: number; labels: Labels; metricName?: string };

abstract class Family<C> {
  readonly aggregator = "sum";
  readonly #children = new Map<string, { labels: Labels; cell: C }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: "counter" | "histogram",
    readonly labelNames: readonly string[],
  ) {}
  protected abstract make(): C;
  /** The child of these label values, made on first use and kept (call it once, keep the cell). */
  child(...values: string[]): C {
    const key = values.join("\u0000");
    let entry = this.#children.get(key);
    if (!entry) {
      const labels = Object.fromEntries(this.labelNames.map((name, index) => [name, values[index]!]));
      entry = { labels, cell: this.make() };
      this.#children.set(key, entry);
    }
    return entry.cell;
  }
  protected children(): Iterable<{ labels: Labels; cell: C }> {
    return this.#children.values();
  }
}

export class CounterFamily extends Family<CounterCell> {
  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    super(name, help, "counter", labelNames);
  }
  protected make() {
    return new CounterCell();
  }
  get(): { name: string; help: string; type: string; aggregator: string; values: MetricValue[] } {
    const values = [...this.children()].map(({ labels, cell }) => ({ labels, value: cell.value }));
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

export class HistogramFamily extends Family<HistogramCell> {
  constructor(
    name: string,
    help: string,
    readonly bounds: readonly number[],
    labelNames: readonly string[] = [],
  ) {
    super(name, help, "histogram", labelNames);
  }
  protected make() {
    return new HistogramCell(this.bounds);
  }
  get(): { name: string; help: string; type: string; aggregator: string; values: MetricValue[] } {
    const values: MetricValue[] = [];
    for (const { labels, cell } of this.children()) {
      let cumulative = 0;
      cell.bounds.forEach((bound, index) => {
        cumulative += cell.counts[index]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: String(bound), ...labels }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { le: "+Inf", ...labels }, value: cell.count });
      values.push({ metricName: `${this.name}_sum`, labels, value: cell.sum });
      values.push({ metricName: `${this.name}_count`, labels, value: cell.count });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

/** A registry of its own (the process has one, metrics() below; the bench measures one of each kind). */
export function createMetrics(enabled: boolean): Metrics {
  const registry = new client.Registry();
  const sources: ScrapeSources = {};
  const metrics = {
    registry,
    enabled,
    sources,
  } as Metrics;
  if (enabled) client.collectDefaultMetrics({ register: registry, prefix: "sma_" });
  const register = <F extends CounterFamily | HistogramFamily>(family: F): F => {
    registry.registerMetric(family as unknown as client.Metric);
    return family;
  };

  const requests = register(
    new CounterFamily(
      "sma_http_requests_total",
      "Requests answered, by operation (the REST surface's operation names, or a fixed group) and status.",
      ["operation", "status"],
    ),
  );
  const requestSeconds = register(
    new HistogramFamily(
      "sma_http_request_duration_seconds",
      "Time from a request's arrival to its answer's last byte, by operation.",
      LATENCY_BUCKETS,
      ["operation"],
    ),
  );
  // children by operation then status: made on a pair's first request, then only looked up
  const requestChildren = new Map<string, { seconds: Timing; byStatus: (Count | undefined)[] }>();
  metrics.request = (operation, status) => {
    let entry = requestChildren.get(operation);
    if (!entry) {
      entry = { seconds: enabled ? requestSeconds.child(operation) : NOOP, byStatus: [] };
      requestChildren.set(operation, entry);
    }
    const code = status >= 100 && status < 600 ? status : 0;
    let count = entry.byStatus[code];
    if (!count) count = entry.byStatus[code] = enabled ? requests.child(operation, STATUS_LABELS[code]!) : NOOP;
    return { count, seconds: entry.seconds };
  };

  const counter = (name: string, help: string, label: string) => {
    const family = register(new CounterFamily(name, help, [label]));
    return (value: string): Count => (enabled ? family.child(value) : NOOP);
  };
  const decisions = counter("sma_decisions_total", "Single ad decisions (decideMoment) by outcome.", "outcome");
  metrics.decisions = byLabel(DECISION_OUTCOMES, decisions);
  const momentUsers = counter(
    "sma_moment_decisions_total",
    "The users of moments (fanOutMoment), by each user's outcome.",
    "outcome",
  );
  metrics.momentUsers = byLabel(DECISION_OUTCOMES, momentUsers);
  const plain = (name: string, help: string): Count => {
    const family = register(new CounterFamily(name, help));
    return enabled ? family.child() : NOOP;
  };
  const histogram = (name: string, help: string, buckets: number[]): Timing => {
    const family = register(new HistogramFamily(name, help, buckets));
    return enabled ? family.child() : NOOP;
  };
  metrics.moments = plain("sma_moments_total", "Moments committed (fanOutMoment answered 200).");
  metrics.groupCommitSeconds = histogram(
    "sma_group_commit_duration_seconds",
    "Duration of one group commit of the delivery writer (single decisions and clicks), transaction included.",
    LATENCY_BUCKETS,
  );
  metrics.groupCommitSize = histogram(
    "sma_group_commit_batch_size",
    "Impressions, auctions and clicks written by one group commit.",
    BATCH_BUCKETS,
  );
  metrics.momentCommitSeconds = histogram(
    "sma_moment_commit_duration_seconds",
    "Duration of one moment's transaction (lock, read, decide, write).",
    LATENCY_BUCKETS,
  );
  metrics.momentCommitUsers = histogram(
    "sma_moment_commit_users",
    "Users of one committed moment (its batch size).",
    BATCH_BUCKETS,
  );
  metrics.budgetRefusals = plain(
    "sma_budget_refusals_total",
    "Impressions a group commit refused because the campaign's budget was spent (the decision tries the next campaign).",
  );
  metrics.accountLimitRefusals = plain(
    "sma_account_limit_refusals_total",
    "Impressions a group commit refused because the advertiser's billing account reached its limit.",
  );
  const webhookAttempts = counter(
    "sma_webhook_attempts_total",
    "Webhook delivery attempts by outcome: success (2xx), http_error (another status), no_answer (refused, network, timeout).",
    "outcome",
  );
  metrics.webhookAttempts = byLabel(WEBHOOK_OUTCOMES, webhookAttempts);
  const policies = Object.keys(RATE_LIMIT_POLICIES) as RateLimitPolicy[];
  const refusals = counter(
    "sma_rate_limit_refusals_total",
    "Requests refused with 429 by a rate-limit policy (lib/rate-limit/policies.ts).",
    "policy",
  );
  metrics.rateLimitRefusals = byLabel(policies, refusals);

  if (enabled) {
    // children made now: every series shows from the first scrape, at 0
    for (const outcome of DECISION_OUTCOMES) {
      metrics.decisions[outcome].inc(0);
      metrics.momentUsers[outcome].inc(0);
    }
    for (const outcome of WEBHOOK_OUTCOMES) metrics.webhookAttempts[outcome].inc(0);
    for (const policy of policies) metrics.rateLimitRefusals[policy].inc(0);

    // both gauges from one read per scrape (the registry collects its metrics side by side)
    let reading: Promise<{ unsent: number; oldestAgeSec: number } | undefined> | undefined;
    const readOutbox = () =>
      (reading ??= (sources.outbox?.() ?? Promise.resolve(undefined)).finally(() =>
        setImmediate(() => (reading = undefined)),
      ));
    new client.Gauge({
      name: "sma_outbox_backlog",
      help: "Webhook outbox events not yet fanned out plus deliveries not yet delivered (read at scrape time).",
      registers: [registry],
      async collect() {
        const read = await readOutbox();
        if (read) this.set(read.unsent);
      },
    });
    new client.Gauge({
      name: "sma_outbox_oldest_unsent_age_seconds",
      help: "How long the oldest due item has waited: an event not fanned out since written, a delivery since its attempt came due (a retry scheduled for later is not late); 0 when none; read at scrape time.",
      registers: [registry],
      async collect() {
        const read = await readOutbox();
        if (read) this.set(read.oldestAgeSec);
      },
    });
    new client.Gauge({
      name: "sma_db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting: callers queued for one). SQLite: none.",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const pool = sources.pool?.();
        if (!pool) return;
        this.labels("total").set(pool.total);
        this.labels("idle").set(pool.idle);
        this.labels("waiting").set(pool.waiting);
      },
    });
  }
  return metrics;
}

let held: Metrics | undefined;

/** The process's metrics (METRICS=0: every child a no-op); this module's copy keeps it after the first call. */
export function metrics(): Metrics {
  return (held ??= processWide("metrics", () => createMetrics(env().METRICS)));
}

/** The Prometheus text of every metric, and its content type. */
export async function scrape(): Promise<{ contentType: string; text: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, text: await registry.metrics() };
}
