// Which UTC hours of a report range the hourly rollups can answer exactly
// (docs/decisions/0502). An hour is "clean" when it lies inside the range and
// every instant of it has the same key (local date, local hour of day; any key
// for totals and non-time breakdowns). Clean hours come from the rollups, the
// others ("split" hours: the range's partial edge hours, the hour holding local
// midnight in a +05:30 zone, ...) from the raw rows.
import { DAY_MS, HOUR_MS, type ZoneCalendar } from "./zone-calendar";

export type TimeKey = "day" | "hour_of_day" | null;

export type SourcePlan =
  | { kind: "rollups" }
  | { kind: "raw" }
  /** rollups for every hour of the range but `splitHours`, which the raw rows answer */
  | { kind: "mixed"; splitHours: number[] };

export type SourceLabel = "rollups" | "raw" | "rollups+raw";

export function planLabel(plan: SourcePlan): SourceLabel {
  return plan.kind === "mixed" ? "rollups+raw" : plan.kind;
}

const mod = (value: number, by: number) => ((value % by) + by) % by;

/** The cheapest exact plan for these keys over the calendar's range. */
export function planSources(calendar: ZoneCalendar, timeKey: TimeKey): SourcePlan {
  const bucket = calendar.rawBucketMs();
  const keyAt = (ms: number): number => {
    const local = ms + calendar.offsetMsAt(ms);
    return timeKey === "day" ? Math.floor(local / DAY_MS) : Math.floor(mod(local, DAY_MS) / HOUR_MS);
  };
  const first = calendar.startMs - mod(calendar.startMs, HOUR_MS);
  const split: number[] = [];
  let clean = 0;
  for (let hour = first; hour < calendar.endMs; hour += HOUR_MS) {
    let isClean = hour >= calendar.startMs && hour + HOUR_MS <= calendar.endMs;
    if (isClean && timeKey !== null) {
      // buckets never straddle a local hour or an offset change, so their starts are enough
      const key = keyAt(hour);
      for (let at = hour + bucket; at < hour + HOUR_MS && isClean; at += bucket) isClean = keyAt(at) === key;
    }
    if (isClean) clean++;
    else split.push(hour);
  }
  if (split.length === 0) return { kind: "rollups" };
  if (clean === 0) return { kind: "raw" };
  return { kind: "mixed", splitHours: split };
}

/** The parts of [startMs, endMs) the raw rows answer under `plan`, as merged ranges. */
export function rawRanges(plan: SourcePlan, startMs: number, endMs: number): { startMs: number; endMs: number }[] {
  if (plan.kind === "rollups") return [];
  if (plan.kind === "raw") return [{ startMs, endMs }];
  const ranges: { startMs: number; endMs: number }[] = [];
  for (const hour of plan.splitHours) {
    const from = Math.max(hour, startMs);
    const to = Math.min(hour + HOUR_MS, endMs);
    const last = ranges.at(-1);
    if (last && last.endMs === from) last.endMs = to;
    else ranges.push({ startMs: from, endMs: to });
  }
  return ranges;
}
