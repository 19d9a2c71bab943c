// The two sources of every report number (docs/decisions/0502):
// - hourly_rollups, grouped by UTC hour: exact whenever the keys asked for
//   (the range bounds, local days, local hours) fall on UTC hours;
// - the raw rows (impressions by served_at, clicks by clicked_at, conversions
//   by recorded_at), grouped in buckets that never straddle a local hour.
// Both count each event at its own timestamp, so they give identical numbers;
// the caller maps each (bucket, key) to its local key. Same SQL on SQLite and
// PostgreSQL: integer division of epoch milliseconds.
import { db } from "@/lib/db/client";
import { Prisma } from "@/prisma/generated/sqlite/client";
import { toBigInt, type MetricSums } from "./metrics";
import { HOUR_MS } from "./zone-calendar";

export type Source = "rollups" | "raw";
export type Dimension = "moment_type" | "sport" | "creative";

export type LoadRequest = {
  campaignId: string;
  startMs: number;
  endMs: number;
  source: Source;
  /** group by time buckets of this size (epoch-aligned, a divisor of an hour; rollups: exactly an hour); null: no time grouping */
  bucketMs: number | null;
  dimension: Dimension | null;
  /** skip the conversions query (time series do not show them) */
  withConversions?: boolean;
};

export type MetricRow = MetricSums & { bucketStartMs: number | null; key: string | null };

const DIMENSION_COLUMN: Record<Dimension, string> = { moment_type: "moment_type", sport: "sport", creative: "creative_id" };

type Aggregate = { b?: unknown; k?: unknown; n?: unknown; s?: unknown };

function grouping(timeColumn: string, bucketMs: number | null, dimension: Dimension | null) {
  if (bucketMs !== null && (!Number.isSafeInteger(bucketMs) || bucketMs <= 0 || HOUR_MS % bucketMs !== 0)) {
    throw new RangeError(`bucketMs must divide an hour, got ${bucketMs}`);
  }
  const expressions: string[] = [];
  const selects: string[] = [];
  if (bucketMs !== null) {
    // bucketMs is a validated integer, safe to inline (a bound number would be a REAL on SQLite)
    const expression = `(${timeColumn} / ${bucketMs})`;
    expressions.push(expression);
    selects.push(`${expression} AS b`);
  }
  if (dimension !== null) {
    expressions.push(DIMENSION_COLUMN[dimension]);
    selects.push(`${DIMENSION_COLUMN[dimension]} AS k`);
  }
  return {
    select: Prisma.raw(selects.map((entry) => `${entry}, `).join("")),
    groupBy: Prisma.raw(expressions.length ? `GROUP BY ${expressions.join(", ")}` : ""),
  };
}

function rowKey(row: Aggregate): string {
  return `${row.b ?? ""}\u0000${row.k ?? ""}`;
}

export async function loadMetrics(request: LoadRequest): Promise<MetricRow[]> {
  const { campaignId, source, bucketMs, dimension } = request;
  const start = BigInt(request.startMs);
  const end = BigInt(request.endMs);
  const client = db();
  const rows = new Map<string, MetricRow>();
  const rowFor = (aggregate: Aggregate, bucket: number | null): MetricRow => {
    const id = rowKey(aggregate);
    let row = rows.get(id);
    if (!row) {
      row = {
        bucketStartMs: aggregate.b === undefined || aggregate.b === null || bucket === null ? null : Number(aggregate.b) * bucket,
        key: aggregate.k === undefined || aggregate.k === null ? null : String(aggregate.k),
        impressions: 0n,
        clicks: 0n,
        conversions: 0n,
        spendMicros: 0n,
      };
      rows.set(id, row);
    }
    return row;
  };

  if (source === "rollups") {
    if (bucketMs !== null && bucketMs !== HOUR_MS) throw new RangeError("rollups are grouped by the hour");
    if (request.startMs % HOUR_MS !== 0 || request.endMs % HOUR_MS !== 0) throw new RangeError("rollup ranges start and end on UTC hours");
    const { select, groupBy } = grouping("hour_ms", bucketMs, dimension);
    const result = await client.$queryRaw<(Aggregate & { i: unknown; c: unknown; v: unknown })[]>`
      SELECT ${select}
        CAST(COALESCE(SUM(impressions), 0) AS BIGINT) AS i,
        CAST(COALESCE(SUM(clicks), 0) AS BIGINT) AS c,
        CAST(COALESCE(SUM(conversions), 0) AS BIGINT) AS v,
        CAST(COALESCE(SUM(spend_micros), 0) AS BIGINT) AS s
      FROM hourly_rollups
      WHERE campaign_id = ${campaignId} AND hour_ms >= ${start} AND hour_ms < ${end}
      ${groupBy}`;
    for (const aggregate of result) {
      const row = rowFor(aggregate, bucketMs);
      row.impressions += toBigInt(aggregate.i);
      row.clicks += toBigInt(aggregate.c);
      row.conversions += toBigInt(aggregate.v);
      row.spendMicros += toBigInt(aggregate.s);
    }
  } else {
    const impressions = grouping("served_at_ms", bucketMs, dimension);
    const clicks = grouping("clicked_at_ms", bucketMs, dimension);
    const conversions = grouping("recorded_at_ms", bucketMs, dimension);
    const [served, clicked, converted] = await Promise.all([
      client.$queryRaw<Aggregate[]>`
        SELECT ${impressions.select} COUNT(*) AS n, CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT) AS s
        FROM impressions
        WHERE campaign_id = ${campaignId} AND served_at_ms >= ${start} AND served_at_ms < ${end}
        ${impressions.groupBy}`,
      client.$queryRaw<Aggregate[]>`
        SELECT ${clicks.select} COUNT(*) AS n
        FROM clicks
        WHERE campaign_id = ${campaignId} AND clicked_at_ms >= ${start} AND clicked_at_ms < ${end}
        ${clicks.groupBy}`,
      request.withConversions === false
        ? Promise.resolve([] as Aggregate[])
        : client.$queryRaw<Aggregate[]>`
        SELECT ${conversions.select} COUNT(*) AS n
        FROM conversions
        WHERE campaign_id = ${campaignId} AND recorded_at_ms >= ${start} AND recorded_at_ms < ${end}
        ${conversions.groupBy}`,
    ]);
    for (const aggregate of served) {
      const row = rowFor(aggregate, bucketMs);
      row.impressions += toBigInt(aggregate.n);
      row.spendMicros += toBigInt(aggregate.s);
    }
    for (const aggregate of clicked) rowFor(aggregate, bucketMs).clicks += toBigInt(aggregate.n);
    for (const aggregate of converted) rowFor(aggregate, bucketMs).conversions += toBigInt(aggregate.n);
  }
  // an aggregate without GROUP BY over no rows still returns one all-zero row: drop it
  return [...rows.values()].filter((row) => row.impressions || row.clicks || row.conversions || row.spendMicros);
}
