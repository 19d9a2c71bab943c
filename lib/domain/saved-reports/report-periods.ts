// The periods of a report schedule (docs/decisions/0701), pure: the day, ISO week (Monday to
// Sunday) or calendar month just ended in a zone, with its local dates and a key that names it
// once (2026-11-30, 2026-W48, 2026-11). DST is the zone's (luxon): a day may last 23 or 25 hours.
import { DateTime } from "luxon";
import { MINUTE_MS } from "@/lib/clock";
import type { ReportSchedule } from "./saved-reports.schemas";

/** A period is sent this long after it ends (the last impressions reach the rollups within seconds). */
export const PERIOD_GRACE_MS = 5 * MINUTE_MS;

export type ReportPeriod = {
  key: string;
  /** first and last local dates, inclusive */
  startDate: string;
  endDate: string;
  startMs: number;
  endMs: number;
};

const UNIT = { daily: "day", weekly: "week", monthly: "month" } as const;

/** The period of `schedule` that ended last, at least PERIOD_GRACE_MS before `nowMs`, in `zone`. */
export function lastEndedPeriod(schedule: ReportSchedule, zone: string, nowMs: number): ReportPeriod {
  const unit = UNIT[schedule];
  const end = DateTime.fromMillis(nowMs - PERIOD_GRACE_MS, { zone }).startOf(unit);
  const start = end.minus({ [`${unit}s`]: 1 }).startOf(unit);
  const last = end.minus({ days: 1 });
  const key =
    schedule === "daily"
      ? start.toISODate()!
      : schedule === "weekly"
        ? `${start.weekYear}-W${String(start.weekNumber).padStart(2, "0")}`
        : start.toFormat("yyyy-MM");
  return {
    key,
    startDate: start.toISODate()!,
    endDate: last.toISODate()!,
    startMs: start.toMillis(),
    endMs: end.toMillis(),
  };
}
