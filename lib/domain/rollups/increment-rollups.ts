// Hourly rollups are advanced in the same transaction as the raw rows they sum
// (impressions, clicks, conversions), with one upsert that adds to the counters:
// the same SQL on SQLite and PostgreSQL. Each row also counts the events before
// minute 15, 30 and 45 of its hour, so that reports in zones whose hours are not
// UTC hours (+05:30, +05:45, +08:45) are answered from rollups too
// (docs/decisions/1400-quarter-hour-rollups.md). The column list and the
// conflict clause below are the one definition every writer uses (this module,
// both delivery stores).
import { HOUR_MS, QUARTER_HOUR_MS } from "@/lib/clock";
import type { Db, Tx } from "@/lib/db/client";
import { join, raw, sql } from "@/lib/db/sql";

const HOUR_MS_BIG = BigInt(HOUR_MS);

export type RollupDelta = {
  campaignId: string;
  creativeId: string;
  momentType: string;
  sport: string;
  /** the users' region; null or absent when the decision named none */
  region?: string | null;
  /** the event's time; the row is its UTC hour, the quarter counts follow its minute */
  atMs: number | bigint;
  impressions?: number;
  clicks?: number;
  conversions?: number;
  spendMicros?: bigint;
  conversionValueMicros?: bigint;
};

export function hourStartMs(atMs: number | bigint): bigint {
  const ms = BigInt(atMs);
  return ms - (((ms % HOUR_MS_BIG) + HOUR_MS_BIG) % HOUR_MS_BIG);
}

/** The counters of a row that have quarter-hour prefixes (in this order: m15, m30, m45). */
type Prefixed = "impressions" | "clicks" | "conversions" | "spendMicros";

/** One hourly_rollups row's increments; `m` holds, per counter, the part before minute 15, 30 and 45. */
export type RollupRow = Required<Omit<RollupDelta, "atMs" | "region">> & {
  /** "" for none */
  region: string;
  hourMs: bigint;
  m: Record<Prefixed, [bigint, bigint, bigint]>;
};

const KEY_COLUMNS = ["campaign_id", "creative_id", "moment_type", "sport", "region", "hour_ms"] as const;
const PREFIXED: readonly [Prefixed, string][] = [
  ["impressions", "impressions"],
  ["clicks", "clicks"],
  ["conversions", "conversions"],
  ["spendMicros", "spend_micros"],
];
const COUNTER_COLUMNS = [
  "impressions",
  "clicks",
  "conversions",
  "spend_micros",
  "conversion_value_micros",
  ...PREFIXED.flatMap(([, column]) => [`${column}_m15`, `${column}_m30`, `${column}_m45`]),
];

/** Every column a rollup upsert writes, in the order of `rollupValues`: 5 text keys, then integers. */
export const ROLLUP_COLUMNS: readonly string[] = [...KEY_COLUMNS, ...COUNTER_COLUMNS];
/** How many of ROLLUP_COLUMNS are text (the rest are integers). */
export const ROLLUP_TEXT_COLUMNS = 5;

/** The conflict clause that adds every counter to the existing row. */
export const ROLLUP_ON_CONFLICT = `ON CONFLICT (${KEY_COLUMNS.join(", ")}) DO UPDATE SET ${COUNTER_COLUMNS.map(
  (column) => `${column} = hourly_rollups.${column} + excluded.${column}`,
).join(", ")}`;

/** A row's values in ROLLUP_COLUMNS order (integers as bigint). */
export function rollupValues(row: RollupRow): [string, string, string, string, string, ...bigint[]] {
  return [
    row.campaignId,
    row.creativeId,
    row.momentType,
    row.sport,
    row.region,
    row.hourMs,
    BigInt(row.impressions),
    BigInt(row.clicks),
    BigInt(row.conversions),
    row.spendMicros,
    row.conversionValueMicros,
    ...PREFIXED.flatMap(([field]) => row.m[field]),
  ];
}

const zeros = (): [bigint, bigint, bigint] => [0n, 0n, 0n];

/** Sums deltas that share a key, so one statement carries each row once. */
export function mergeRollupDeltas(deltas: readonly RollupDelta[]): RollupRow[] {
  const merged = new Map<string, RollupRow>();
  for (const delta of deltas) {
    // event times are epoch milliseconds, exact in a double
    const atMs = Number(delta.atMs);
    const intoHour = ((atMs % HOUR_MS) + HOUR_MS) % HOUR_MS;
    const hourMs = atMs - intoHour;
    // 0-3: the quarter of the hour the event falls in; it counts in every prefix that ends after it
    const quarter = Math.floor(intoHour / QUARTER_HOUR_MS);
    const region = delta.region ?? "";
    const key = `${delta.campaignId}\u0000${delta.creativeId}\u0000${delta.momentType}\u0000${delta.sport}\u0000${region}\u0000${hourMs}`;
    let row = merged.get(key);
    if (!row) {
      row = {
        campaignId: delta.campaignId,
        creativeId: delta.creativeId,
        momentType: delta.momentType,
        sport: delta.sport,
        region,
        hourMs: BigInt(hourMs),
        impressions: 0,
        clicks: 0,
        conversions: 0,
        spendMicros: 0n,
        conversionValueMicros: 0n,
        m: { impressions: zeros(), clicks: zeros(), conversions: zeros(), spendMicros: zeros() },
      };
      merged.set(key, row);
    }
    const added: Record<Prefixed, bigint> = {
      impressions: BigInt(delta.impressions ?? 0),
      clicks: BigInt(delta.clicks ?? 0),
      conversions: BigInt(delta.conversions ?? 0),
      spendMicros: delta.spendMicros ?? 0n,
    };
    row.impressions += delta.impressions ?? 0;
    row.clicks += delta.clicks ?? 0;
    row.conversions += delta.conversions ?? 0;
    row.spendMicros += added.spendMicros;
    row.conversionValueMicros += delta.conversionValueMicros ?? 0n;
    for (const [field] of PREFIXED) {
      const prefixes = row.m[field];
      for (let index = quarter; index < 3; index++) prefixes[index] = prefixes[index]! + added[field];
    }
  }
  return [...merged.values()];
}

export async function incrementRollups(client: Tx | Db, deltas: readonly RollupDelta[]): Promise<void> {
  const rows = mergeRollupDeltas(deltas);
  // keep statements well under SQLite's bound-parameter limit
  for (let start = 0; start < rows.length; start += 200) {
    const values = rows.slice(start, start + 200).map((row) => sql`(${join(rollupValues(row))})`);
    await client.$executeRaw`
      INSERT INTO hourly_rollups (${raw(ROLLUP_COLUMNS.join(", "))})
      VALUES ${join(values)}
      ${raw(ROLLUP_ON_CONFLICT)}`;
  }
}
