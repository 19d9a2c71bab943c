// The two sources of every report number (docs/decisions/1400):
// - hourly_rollups with their quarter-hour prefix counts: exact for every range
//   whose local keys change on quarter-hours (source-plan.ts), i.e. every zone;
// - the raw rows (impressions by served_at, clicks by clicked_at, conversions
//   by recorded_at): exact always; used for any range that is not quarter-aligned.
// Both count each event at its own timestamp, so they give identical numbers:
// each is a function of its own (loadFromRollups, loadFromRawRows), which the
// report tests run side by side; loadMetrics runs the one a SourcePlan names.
// Local days and hours of day are computed in SQL from the zone's offset
// segments (a CASE over at most a few offset changes), so the database returns
// one row per key rather than one per UTC hour. Same SQL on SQLite and
// PostgreSQL: integer arithmetic on epoch milliseconds.
import { DAY_MS, HOUR_MS, MINUTE_MS, QUARTER_HOUR_MS } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { toBigInt, type MetricSums } from "./metrics";
import { type SourcePlan } from "./source-plan";
import type { OffsetSegment } from "./zone-calendar";
import { raw, sql } from "@/lib/db/sql";
export type Dimension = "moment_type" | "sport" | "creative" | "campaign" | "region";

/** Whose events a report sums: one campaign's (E9, E10), or every campaign of an advertiser's. */
export type MetricScope = { campaignId: string } | { advertiserId: string };

/** The SQL condition on campaign_id of a scope (an advertiser's campaigns through a subquery: one statement). */
function scopeCondition(scope: MetricScope) {
  return "campaignId" in scope
    ? sql`campaign_id = ${scope.campaignId}`
    : sql`campaign_id IN (SELECT id FROM campaigns WHERE advertiser_id = ${scope.advertiserId})`;
}

export type TimeGrouping =
  /** epoch-aligned buckets of `bucketMs` (a divisor of an hour); the value is the bucket's start (ms) */
  | { kind: "bucket"; bucketMs: number }
  /** the local date; the value is its day number (local midnight / 86,400,000) */
  | { kind: "day"; segments: readonly OffsetSegment[] }
  /** the local hour of day, 0-23 */
  | { kind: "hour_of_day"; segments: readonly OffsetSegment[] };

/** What a report sums: whose events, over which instants, grouped by which time key and dimension. */
export type MetricRequest = {
  scope: MetricScope;
  startMs: number;
  endMs: number;
  time: TimeGrouping | null;
  dimension: Dimension | null;
};

export type MetricRow = MetricSums & { time: number | null; key: string | null };

/** A dimension's column in hourly_rollups (whose region is "" for decisions that named none). */
const DIMENSION_COLUMN: Record<Dimension, string> = {
  moment_type: "moment_type",
  sport: "sport",
  creative: "creative_id",
  campaign: "campaign_id",
  region: "region",
};

/** A dimension's expression in a raw event table: the region is null there when none was named, and a conversion's is its click's. */
function rawDimension(dimension: Dimension, table: "impressions" | "clicks" | "conversions"): string {
  if (dimension !== "region") return DIMENSION_COLUMN[dimension];
  if (table === "conversions")
    return "COALESCE((SELECT cl.region FROM clicks cl WHERE cl.id = conversions.click_id), '')";
  return "COALESCE(region, '')";
}

type Aggregate = { t?: unknown; k?: unknown; n?: unknown; s?: unknown; v?: unknown };
type RowFor = (aggregate: Aggregate) => MetricRow;

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

function grouping(column: string, time: TimeGrouping | null, dimension: string | null) {
  const expressions: string[] = [];
  const selects: string[] = [];
  if (time !== null) {
    const expression = timeExpression(column, time);
    expressions.push(expression);
    selects.push(`${expression} AS t`);
  }
  if (dimension !== null) {
    expressions.push(dimension);
    selects.push(`${dimension} AS k`);
  }
  return {
    select: raw(selects.map((entry) => `${entry}, `).join("")),
    groupBy: raw(expressions.length ? `GROUP BY ${expressions.join(", ")}` : ""),
  };
}

/** The rows of a request from the plan's source: the rollups (with the plan's splits) or the raw rows. */
export function loadMetrics(request: MetricRequest, plan: SourcePlan): Promise<MetricRow[]> {
  return plan.kind === "rollups" ? loadFromRollups(request, plan.splits) : loadFromRawRows(request);
}

/** One row per (time key, dimension key), created on first use; the non-zero ones are the result. */
function metricRows(time: TimeGrouping | null) {
  const rows = new Map<string, MetricRow>();
  const rowFor: RowFor = (aggregate) => {
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
        conversionValueMicros: 0n,
      };
      rows.set(id, row);
    }
    return row;
  };
  // an aggregate without GROUP BY over no rows still returns one all-zero row, and a rollup
  // correction can leave a key at zero: drop them
  const result = () =>
    [...rows.values()].filter(
      (row) => row.impressions || row.clicks || row.conversions || row.spendMicros || row.conversionValueMicros,
    );
  return { rowFor, result };
}

/** The condition on a raw event table: the scope's campaigns, its time column within the request's instants. */
function rawWithin(request: MetricRequest, column: string) {
  return sql`${scopeCondition(request.scope)} AND ${raw(`${column} >= ${int(request.startMs)} AND ${column} < ${int(request.endMs)}`)}`;
}

/**
 * The conversions of a request from the raw rows, counted (`n`) and their event values summed (`v`,
 * micro-dollars): the rollups plan reads the value from here too, since the rollups keep it per UTC hour
 * without quarter-hour prefixes (docs/decisions/1235).
 */
function rawConversions(request: MetricRequest) {
  const { time, dimension } = request;
  const conversions = grouping("recorded_at_ms", time, dimension && rawDimension(dimension, "conversions"));
  return db().$queryRaw<Aggregate[]>`
    SELECT ${conversions.select} COUNT(*) AS n, CAST(COALESCE(SUM(event_value_micros), 0) AS BIGINT) AS v
    FROM conversions
    WHERE ${rawWithin(request, "recorded_at_ms")}
    ${conversions.groupBy}`;
}

/** The raw-rows plan: each event table grouped by the key of its own timestamp (exact for any range). */
export async function loadFromRawRows(request: MetricRequest): Promise<MetricRow[]> {
  const { time, dimension } = request;
  const client = db();
  const { rowFor, result } = metricRows(time);
  const within = (column: string) => rawWithin(request, column);
  const impressions = grouping("served_at_ms", time, dimension && rawDimension(dimension, "impressions"));
  const clicks = grouping("clicked_at_ms", time, dimension && rawDimension(dimension, "clicks"));
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
    rawConversions(request),
  ]);
  for (const aggregate of served) {
    const row = rowFor(aggregate);
    row.impressions += toBigInt(aggregate.n);
    row.spendMicros += toBigInt(aggregate.s);
  }
  for (const aggregate of clicked) rowFor(aggregate).clicks += toBigInt(aggregate.n);
  for (const aggregate of converted) {
    const row = rowFor(aggregate);
    row.conversions += toBigInt(aggregate.n);
    row.conversionValueMicros += toBigInt(aggregate.v);
  }
  return result();
}

/** The counters summed from rollups, and the prefix columns of each (events before minute 15, 30, 45). */
const COUNTERS = [
  { field: "impressions", column: "impressions" },
  { field: "clicks", column: "clicks" },
  { field: "conversions", column: "conversions" },
  { field: "spendMicros", column: "spend_micros" },
] as const;

/** The offset segment of an instant as the SQL CASE of `timeExpression` picks it. */
function segmentIndex(segments: readonly OffsetSegment[], ms: number): number {
  let index = 0;
  while (index < segments.length - 1 && ms >= segments[index]!.endMs) index++;
  return index;
}

/** The value `timeExpression` gives for an instant, computed in JS (epoch ms are positive: floor = SQL's division). */
export function timeKeyOf(ms: number, time: TimeGrouping): number {
  if (time.kind === "bucket") return Math.floor(ms / time.bucketMs);
  const local = ms + time.segments[segmentIndex(time.segments, ms)]!.offsetMs;
  return time.kind === "day" ? Math.floor(local / DAY_MS) : Math.floor((local % DAY_MS) / HOUR_MS);
}

type Sums = Record<string, unknown>;

const mod = (value: number, by: number) => ((value % by) + by) % by;

/**
 * The rollups plan (docs/decisions/1400). Every row's UTC hour is cut at `splits` into
 * parts that each lie in one local key (source-plan.ts); a part's counts are the
 * difference of two prefix sums. So that the database still returns one row per
 * key rather than per hour, the work is split by what the hours need:
 * - the whole range grouped by the key of each hour's first instant (the query
 *   a developer writes for UTC), then corrections from the few hours whose parts
 *   have other keys or lie outside the range (the hour holding local midnight in
 *   a +05:30 zone, the range's partial first and last hours), read per hour;
 * - hours of day in a zone where every hour is split: grouped by offset segment
 *   and UTC hour of day (24 rows a segment), each part's local hour computed
 *   from those; the irregular hours (partial, or cut by an offset change) per hour;
 * - getCampaignTimeseries hours where every hour is split: per hour (at most 744).
 */
export async function loadFromRollups(request: MetricRequest, splits: readonly number[]): Promise<MetricRow[]> {
  const [rows, values] = await Promise.all([loadCountsFromRollups(request, splits), rawConversions(request)]);
  const { rowFor, result } = metricRows(request.time);
  for (const row of rows) {
    const target = rowFor({ t: row.time === null ? null : keyValue(row.time, request.time), k: row.key });
    target.impressions += row.impressions;
    target.clicks += row.clicks;
    target.conversions += row.conversions;
    target.spendMicros += row.spendMicros;
  }
  for (const aggregate of values) rowFor(aggregate).conversionValueMicros += toBigInt(aggregate.v);
  return result();
}

/** A row's time back to its key as the SQL gives it (a bucket's start is its index times bucketMs). */
const keyValue = (time: number, grouping: TimeGrouping | null) =>
  grouping?.kind === "bucket" ? time / grouping.bucketMs : time;

/** The rollups' counts and spend of a request (the value comes from the raw conversions: loadFromRollups). */
async function loadCountsFromRollups(request: MetricRequest, splits: readonly number[]): Promise<MetricRow[]> {
  const { scope, time, dimension, startMs, endMs } = request;
  const { rowFor, result } = metricRows(time);
  for (const into of splits) {
    if (into <= 0 || into >= HOUR_MS || into % QUARTER_HOUR_MS !== 0) throw new RangeError(`bad split ${into}`);
  }
  const starts = [0, ...splits];
  const ends = [...splits, HOUR_MS];
  const fromHour = startMs - (((startMs % HOUR_MS) + HOUR_MS) % HOUR_MS);
  const toHour = Math.ceil(endMs / HOUR_MS) * HOUR_MS;
  const dim = dimension === null ? null : DIMENSION_COLUMN[dimension];
  /** a part's key: undefined when the report has no time key, null outside the range */
  const keyAt = (ms: number): number | null | undefined =>
    ms < startMs || ms >= endMs ? null : time === null ? undefined : timeKeyOf(ms, time);
  const firstKey = (hour: number) => (time === null ? undefined : timeKeyOf(hour, time));

  const summed = COUNTERS;
  const sum = (column: string) => `CAST(COALESCE(SUM(${column}), 0) AS BIGINT) AS ${column}`;
  const counters = (withPrefixes: boolean) =>
    summed.flatMap(({ column }) => [
      sum(column),
      ...(withPrefixes ? splits.map((into) => sum(`${column}_m${into / MINUTE_MS}`)) : []),
    ]);
  const query = (select: string[], groupBy: string[], filter: string) =>
    db().$queryRaw<Sums[]>`
      SELECT ${raw(select.join(", "))}
      FROM hourly_rollups
      WHERE ${scopeCondition(scope)} AND hour_ms >= ${BigInt(fromHour)} AND hour_ms < ${BigInt(toHour)} ${raw(filter)}
      ${raw(groupBy.length ? `GROUP BY ${groupBy.join(", ")}` : "")}`;
  const withDim = (select: string[], groupBy: string[]): [string[], string[]] =>
    dim === null
      ? [select, groupBy]
      : [
          [...select, `${dim} AS k`],
          [...groupBy, dim],
        ];
  /** the prefix sum of a counter up to `into` ms into the hour */
  const upTo = (aggregate: Sums, column: string, into: number): bigint =>
    into === 0 ? 0n : toBigInt(aggregate[into === HOUR_MS ? column : `${column}_m${into / MINUTE_MS}`]);
  /** adds each part of an aggregate to its key's row (and, for a correction, takes it from the row `from` counted it in) */
  const distribute = (
    aggregate: Sums,
    keyOfPart: (index: number) => number | null | undefined,
    from?: { key: number | undefined },
  ) => {
    starts.forEach((start, index) => {
      const key = keyOfPart(index);
      if (from && key === from.key) return;
      const target = key === null ? null : rowFor({ t: key, k: aggregate.k });
      const source = from ? rowFor({ t: from.key, k: aggregate.k }) : null;
      for (const { field, column } of summed) {
        const amount = upTo(aggregate, column, ends[index]!) - upTo(aggregate, column, start);
        if (target) target[field] += amount;
        if (source) source[field] -= amount;
      }
    });
  };

  // hours whose parts do not all have the key of the hour's first instant inside the range
  const irregular: number[] = [];
  for (let hour = fromHour; hour < toHour; hour += HOUR_MS) {
    const first = keyAt(hour);
    if (first === null || starts.some((into) => keyAt(hour + into) !== first)) irregular.push(hour);
  }
  const hourCount = (toHour - fromHour) / HOUR_MS;
  /** select and group by the key of each hour's first instant */
  const byFirstKey = () => {
    const key = time === null ? null : timeExpression("hour_ms", time);
    return withDim(key === null ? [] : [`${key} AS t`], key === null ? [] : [key]);
  };
  const list = (hours: number[]) => hours.map(int).join(", ");

  if (irregular.length === 0) {
    // whole-hour zones: one row per key, as the hand-written UTC query
    const [select, groupBy] = byFirstKey();
    for (const aggregate of await query([...select, ...counters(false)], groupBy, "")) {
      const row = rowFor({ t: aggregate.t, k: aggregate.k });
      for (const { field, column } of summed) row[field] += toBigInt(aggregate[column]);
    }
    return result();
  }

  const perHour = async (filter: string) => {
    const [select, groupBy] = withDim(["hour_ms AS h"], ["hour_ms"]);
    return query([...select, ...counters(true)], groupBy, filter);
  };

  if (time?.kind === "hour_of_day" && irregular.length * 2 > hourCount) {
    // every hour split: group by offset segment and UTC hour of day; each part's local hour follows from those
    const segments = time.segments;
    // from every hour, not only the irregular ones: an offset change at :30 (a fall-back in
    // Adelaide or St John's) can leave both parts of an hour in one local hour of day
    const allHours = Array.from({ length: hourCount }, (_, index) => fromHour + index * HOUR_MS);
    const exceptional = allHours.filter((hour) => {
      const first = keyAt(hour);
      const segment = segmentIndex(segments, hour);
      // partial hours, and hours cut by an offset change, are read one by one
      return (
        first === null ||
        starts.some((into) => keyAt(hour + into) === null || segmentIndex(segments, hour + into) !== segment)
      );
    });
    const segmentCase =
      segments.length === 1
        ? "0"
        : `(CASE ${segments
            .slice(0, -1)
            .map((segment, index) => `WHEN hour_ms < ${int(segment.endMs)} THEN ${index}`)
            .join(" ")} ELSE ${segments.length - 1} END)`;
    const [select, groupBy] = withDim(
      [`${segmentCase} AS g`, `(hour_ms % ${DAY_MS}) AS h`],
      [...(segments.length === 1 ? [] : [segmentCase]), `(hour_ms % ${DAY_MS})`],
    );
    const filter = exceptional.length ? `AND hour_ms NOT IN (${list(exceptional)})` : "";
    for (const aggregate of await query([...select, ...counters(true)], groupBy, filter)) {
      const offset = segments[Number(aggregate.g)]!.offsetMs;
      const intoDay = Number(aggregate.h);
      distribute(aggregate, (index) => Math.floor(mod(intoDay + starts[index]! + offset, DAY_MS) / HOUR_MS));
    }
    if (exceptional.length) {
      for (const aggregate of await perHour(`AND hour_ms IN (${list(exceptional)})`)) {
        const hour = Number(aggregate.h);
        distribute(aggregate, (index) => keyAt(hour + starts[index]!));
      }
    }
    return result();
  }

  if (irregular.length * 2 > hourCount) {
    // most hours split (getCampaignTimeseries hours in a +05:30 zone): per hour, parts keyed in JS
    for (const aggregate of await perHour("")) {
      const hour = Number(aggregate.h);
      distribute(aggregate, (index) => keyAt(hour + starts[index]!));
    }
    return result();
  }

  // a few irregular hours: everything by the key of each hour's first instant, then move those hours' parts
  const [select, groupBy] = byFirstKey();
  for (const aggregate of await query([...select, ...counters(false)], groupBy, "")) {
    const row = rowFor({ t: aggregate.t, k: aggregate.k });
    for (const { field, column } of summed) row[field] += toBigInt(aggregate[column]);
  }
  for (const aggregate of await perHour(`AND hour_ms IN (${list(irregular)})`)) {
    const hour = Number(aggregate.h);
    distribute(aggregate, (index) => keyAt(hour + starts[index]!), { key: firstKey(hour) });
  }
  return result();
}
