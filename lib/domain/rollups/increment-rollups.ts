// Hourly rollups are advanced in the same transaction as the raw rows they sum
// (impressions, clicks, conversions), with one upsert that adds to the counters:
// the same SQL on SQLite and PostgreSQL.
import type { Db, Tx } from "@/lib/db/client";
import { join, sql } from "@/lib/db/sql";

export const HOUR_MS = 3_600_000;

export type RollupDelta = {
  campaignId: string;
  creativeId: string;
  momentType: string;
  sport: string;
  /** any time inside the hour; it is floored to the UTC hour */
  atMs: number | bigint;
  impressions?: number;
  clicks?: number;
  conversions?: number;
  spendMicros?: bigint;
  conversionValueMicros?: bigint;
};

export function hourStartMs(atMs: number | bigint): bigint {
  const ms = BigInt(atMs);
  return ms - (((ms % 3_600_000n) + 3_600_000n) % 3_600_000n);
}

/** One hourly_rollups row's increments. */
export type RollupRow = Required<Omit<RollupDelta, "atMs">> & { hourMs: bigint };

/** Sums deltas that share a key, so one statement carries each row once. */
export function mergeRollupDeltas(deltas: readonly RollupDelta[]): RollupRow[] {
  const merged = new Map<string, RollupRow>();
  for (const delta of deltas) {
    const hourMs = hourStartMs(delta.atMs);
    const key = `${delta.campaignId}\u0000${delta.creativeId}\u0000${delta.momentType}\u0000${delta.sport}\u0000${hourMs}`;
    const row = merged.get(key) ?? {
      campaignId: delta.campaignId,
      creativeId: delta.creativeId,
      momentType: delta.momentType,
      sport: delta.sport,
      hourMs,
      impressions: 0,
      clicks: 0,
      conversions: 0,
      spendMicros: 0n,
      conversionValueMicros: 0n,
    };
    row.impressions += delta.impressions ?? 0;
    row.clicks += delta.clicks ?? 0;
    row.conversions += delta.conversions ?? 0;
    row.spendMicros += delta.spendMicros ?? 0n;
    row.conversionValueMicros += delta.conversionValueMicros ?? 0n;
    merged.set(key, row);
  }
  return [...merged.values()];
}

export async function incrementRollups(client: Tx | Db, deltas: readonly RollupDelta[]): Promise<void> {
  const rows = mergeRollupDeltas(deltas);
  // keep statements well under SQLite's bound-parameter limit
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows
      .slice(start, start + 500)
      .map(
        (row) =>
          sql`(${row.campaignId}, ${row.creativeId}, ${row.momentType}, ${row.sport}, ${row.hourMs}, ${BigInt(row.impressions)}, ${BigInt(row.clicks)}, ${BigInt(row.conversions)}, ${row.spendMicros}, ${row.conversionValueMicros})`,
      );
    await client.$executeRaw`
      INSERT INTO hourly_rollups
        (campaign_id, creative_id, moment_type, sport, hour_ms, impressions, clicks, conversions, spend_micros, conversion_value_micros)
      VALUES ${join(values)}
      ON CONFLICT (campaign_id, creative_id, moment_type, sport, hour_ms) DO UPDATE SET
        impressions = hourly_rollups.impressions + excluded.impressions,
        clicks = hourly_rollups.clicks + excluded.clicks,
        conversions = hourly_rollups.conversions + excluded.conversions,
        spend_micros = hourly_rollups.spend_micros + excluded.spend_micros,
        conversion_value_micros = hourly_rollups.conversion_value_micros + excluded.conversion_value_micros`;
  }
}
