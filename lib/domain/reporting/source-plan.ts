// Which source answers a report (docs/decisions/1400). Every rollup row
// holds its UTC hour's counts and the counts before minute 15, 30 and 45, so
// the rollups answer any range whose local hours, days and bounds start on
// quarter-hours: every zone of the reportable years (2000-2099), whose offsets
// and changes are all multiples of 15 minutes. A UTC hour then falls into at
// most four parts, each inside one local key; `splits` says where the parts
// of this report's hours may start (as few as the zone needs: none for
// whole-hour zones, minute 30 for +05:30, minute 15 for +05:45 and +08:45).
// Anything else (not expected from tzdata) is answered from the raw rows.
import type { ReportSource } from "./reporting.schemas";
import { DAY_MS, HOUR_MS, QUARTER_HOUR_MS } from "@/lib/clock";
import type { ZoneCalendar } from "./zone-calendar";

/** What a row is grouped by in time: the local date, the local hour of day, the local hour (getCampaignTimeseries), or nothing. */
export type TimeKey = "day" | "hour_of_day" | "hour" | null;

export type SourcePlan =
  /** rollups; `splits` (ms into the hour, ascending, each a multiple of 15 min) cut each UTC hour into parts */
  { kind: "rollups"; splits: number[] } | { kind: "raw" };

export type SourceLabel = ReportSource;

export function planLabel(plan: SourcePlan): SourceLabel {
  return plan.kind;
}

const mod = (value: number, by: number) => ((value % by) + by) % by;

/** The cheapest exact plan for these keys over the calendar's range. */
export function planSources(calendar: ZoneCalendar, timeKey: TimeKey): SourcePlan {
  const aligned =
    mod(calendar.startMs, QUARTER_HOUR_MS) === 0 &&
    mod(calendar.endMs, QUARTER_HOUR_MS) === 0 &&
    calendar.segments.every(
      (segment) => mod(segment.startMs, QUARTER_HOUR_MS) === 0 && mod(segment.offsetMs, QUARTER_HOUR_MS) === 0,
    );
  if (!aligned) return { kind: "raw" };
  const keyAt = (ms: number): number => {
    if (ms < calendar.startMs || ms >= calendar.endMs) return Number.NaN;
    if (timeKey === null) return 0;
    if (timeKey === "hour") return calendar.hourStartOf(ms);
    const local = ms + calendar.offsetMsAt(ms);
    return timeKey === "day" ? Math.floor(local / DAY_MS) : Math.floor(mod(local, DAY_MS) / HOUR_MS);
  };
  const same = (a: number, b: number) => a === b || (Number.isNaN(a) && Number.isNaN(b));
  const first = calendar.startMs - mod(calendar.startMs, HOUR_MS);
  const splits: number[] = [];
  for (let into = QUARTER_HOUR_MS; into < HOUR_MS; into += QUARTER_HOUR_MS) {
    for (let hour = first; hour < calendar.endMs; hour += HOUR_MS) {
      if (!same(keyAt(hour + into - QUARTER_HOUR_MS), keyAt(hour + into))) {
        splits.push(into);
        break;
      }
    }
  }
  return { kind: "rollups", splits };
}
