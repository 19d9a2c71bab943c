// The two sources of every report number (docs/decisions/0502):
// - hourly_rollups: exact for every UTC hour whose instants share one key
//   (source-plan.ts decides which hours those are);
// - the raw rows (impressions by served_at, clicks by clicked_at, conversions
//   by recorded_at): exact always, used for the other hours.
// Both count each event at its own timestamp, so they give identical numbers.
// Local days and hours of day are computed in SQL from the zone's offset
// segments (a CASE over at most a few offset changes), so the database returns
// one row per key rather than one per UTC hour. Same SQL on SQLite and
// PostgreSQL: integer arithmetic on epoch milliseconds.
import { db } from "@/lib/db/client";
import { toBigInt, type MetricSums } from "./metrics";
import { rawRanges, type SourcePlan } from "./source-plan";
import { DAY_MS, HOUR_MS, type OffsetSegment } from "./zone-calendar";
import { empty, join, raw, sql } from "@/lib/db/sql";
export type Dimension = "moment_type" | "sport" | "creative";

export type TimeGrouping =
  /** epoch-aligned buckets of `bucketMs` (a divisor of an hour; an hour on rollups); the value is the bucket's start (ms) */
  | { kind: "bucket"; bucketMs: number }
  /** the local date; the value is its day number (local midnight / 86,400,000) */
  | { kind: "day"; segments: readonly OffsetSegment[] }
  /** the local hour of day, 0-23 */
  | { kind: "hour_of_day"; segments: readonly OffsetSegment[] };

export type LoadRequest = {
  campaignId: string;
  startMs: number;
  endMs: number;
  plan: SourcePlan;
  time: TimeGrouping | null;
  dimension: Dimension | null;
  /** skip the conversions query (time series do not show them) */
  withConversions?: boolean;
};

export type MetricRow = MetricSums & { time: number | null; key: string | null };

const DIMENSION_COLUMN: Record<Dimension, string> = {
  moment_type: "moment_type",
  sport: "sport",
  creative: "creative_id",
};

type Aggregate = { t?: unknown; k?: unknown; n?: unknown; s?: unknown };

/** Integers inlined into SQL are checked first (a bound JS number would be a REAL on SQLite). */
function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer: ${value}`);
  return String(value);
}

function plusOffset(column: string, offsetMs: number): string {
  return offsetMs < 0 ? `(${column} - ${int(-offsetMs)})` : `(${column} + ${int(offsetMs)})`;
}

/** SQL for the time key of an event time column. */
export function timeExpression(column: string, time: TimeGrouping): string {
  if (time.kind === "bucket") {
    if (time.bucketMs <= 0 || HOUR_MS % time.bucketMs !== 0)
      throw new RangeError(`bucketMs must divide an hour, got ${time.bucketMs}`);
    return `(${column} / ${int(time.bucketMs)})`;
  }
  const branch = (offsetMs: number) =>
    time.kind === "day"
      ? `(${plusOffset(column, offsetMs)} / ${DAY_MS})`
      : `((${plusOffset(column, offsetMs)} % ${DAY_MS}) / ${HOUR_MS})`;
  const segments = time.segments;
  if (segments.length === 0) throw new RangeError("no offset segments");
  if (segments.length === 1) return branch(segments[0]!.offsetMs);
  const whens = segments
    .slice(0, -1)
    .map((segment) => `WHEN ${column} < ${int(segment.endMs)} THEN ${branch(segment.offsetMs)}`);
  return `(CASE ${whens.join(" ")} ELSE ${branch(segments.at(-1)!.offsetMs)} END)`;
}

function grouping(column: string, time: TimeGrouping | null, dimension: Dimension | null) {
  const expressions: string[] = [];
  const selects: string[] = [];
  if (time !== null) {
    const expression = timeExpression(column, time);
    expressions.push(expression);
    selects.push(`${expression} AS t`);
  }
  if (dimension !== null) {
    expressions.push(DIMENSION_COLUMN[dimension]);
    selects.push(`${DIMENSION_COLUMN[dimension]} AS k`);
  }
  return {
    select: raw(selects.map((entry) => `${entry}, `).join("")),
    groupBy: raw(expressions.length ? `GROUP BY ${expressions.join(", ")}` : ""),
  };
}

export async function loadMetrics(request: LoadRequest): Promise<MetricRow[]> {
  const { campaignId, plan, time, dimension } = request;
  const client = db();
  const rows = new Map<string, MetricRow>();
  const rowFor = (aggregate: Aggregate): MetricRow => {
    const id = `${aggregate.t ?? ""}\u0000${aggregate.k ?? ""}`;
    let row = rows.get(id);
    if (!row) {
      let value: number | null = aggregate.t === undefined || aggregate.t === null ? null : Number(aggregate.t);
      if (value !== null && time?.kind === "bucket") value *= time.bucketMs;
      row = {
        time: value,
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

  if (plan.kind !== "raw") {
    if (time?.kind === "bucket" && time.bucketMs !== HOUR_MS) throw new RangeError("rollups are grouped by the hour");
    const fromHour = BigInt(request.startMs - (request.startMs % HOUR_MS));
    const toHour = BigInt(Math.ceil(request.endMs / HOUR_MS) * HOUR_MS);
    if (plan.kind === "rollups" && (request.startMs % HOUR_MS !== 0 || request.endMs % HOUR_MS !== 0)) {
      throw new RangeError("rollup ranges start and end on UTC hours");
    }
    const excluded = plan.kind === "mixed" ? raw(`AND hour_ms NOT IN (${plan.splitHours.map(int).join(", ")})`) : empty;
    const { select, groupBy } = grouping("hour_ms", time, dimension);
    const result = await client.$queryRaw<(Aggregate & { i: unknown; c: unknown; v: unknown })[]>`
      SELECT ${select}
        CAST(COALESCE(SUM(impressions), 0) AS BIGINT) AS i,
        CAST(COALESCE(SUM(clicks), 0) AS BIGINT) AS c,
        CAST(COALESCE(SUM(conversions), 0) AS BIGINT) AS v,
        CAST(COALESCE(SUM(spend_micros), 0) AS BIGINT) AS s
      FROM hourly_rollups
      WHERE campaign_id = ${campaignId} AND hour_ms >= ${fromHour} AND hour_ms < ${toHour} ${excluded}
      ${groupBy}`;
    for (const aggregate of result) {
      const row = rowFor(aggregate);
      row.impressions += toBigInt(aggregate.i);
      row.clicks += toBigInt(aggregate.c);
      row.conversions += toBigInt(aggregate.v);
      row.spendMicros += toBigInt(aggregate.s);
    }
  }
  const ranges = rawRanges(plan, request.startMs, request.endMs);
  if (ranges.length > 0) {
    // each piece carries the campaign so that both databases read each as an index range
    // (SQLite: MULTI-INDEX OR; PostgreSQL: BitmapOr) instead of filtering the whole range
    const within = (column: string) =>
      join(
        ranges.map(
          (range) =>
            sql`(campaign_id = ${campaignId} AND ${raw(`${column} >= ${int(range.startMs)} AND ${column} < ${int(range.endMs)}`)})`,
        ),
        " OR ",
      );
    const impressions = grouping("served_at_ms", time, dimension);
    const clicks = grouping("clicked_at_ms", time, dimension);
    const conversions = grouping("recorded_at_ms", time, dimension);
    const [served, clicked, converted] = await Promise.all([
      client.$queryRaw<Aggregate[]>`
        SELECT ${impressions.select} COUNT(*) AS n, CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT) AS s
        FROM impressions
        WHERE ${within("served_at_ms")}
        ${impressions.groupBy}`,
      client.$queryRaw<Aggregate[]>`
        SELECT ${clicks.select} COUNT(*) AS n
        FROM clicks
        WHERE ${within("clicked_at_ms")}
        ${clicks.groupBy}`,
      request.withConversions === false
        ? Promise.resolve([] as Aggregate[])
        : client.$queryRaw<Aggregate[]>`
        SELECT ${conversions.select} COUNT(*) AS n
        FROM conversions
        WHERE ${within("recorded_at_ms")}
        ${conversions.groupBy}`,
    ]);
    for (const aggregate of served) {
      const row = rowFor(aggregate);
      row.impressions += toBigInt(aggregate.n);
      row.spendMicros += toBigInt(aggregate.s);
    }
    for (const aggregate of clicked) rowFor(aggregate).clicks += toBigInt(aggregate.n);
    for (const aggregate of converted) rowFor(aggregate).conversions += toBigInt(aggregate.n);
  }
  // an aggregate without GROUP BY over no rows still returns one all-zero row: drop it
  return [...rows.values()].filter((row) => row.impressions || row.clicks || row.conversions || row.spendMicros);
}
