// Days and hours of a report range in an IANA timezone (docs/decisions/1400).
// The range [startMs, endMs) runs from the first instant of start_date to the
// first instant after end_date, local time. Inside it the zone's UTC offset is
// piecewise constant: the segments below are found once per report (a probe a
// day, and a binary search at each change), after which every mapping from an
// instant to its local date, hour or hour start is integer arithmetic.
import { DateTime, IANAZone } from "luxon";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "@/lib/clock";

export type OffsetSegment = { startMs: number; endMs: number; offsetMs: number };

const mod = (value: number, by: number) => ((value % by) + by) % by;
const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));

/** Recently built calendars by zone and dates (oldest dropped first). */
const calendars = new Map<string, ZoneCalendar>();
const CALENDARS_KEPT = 512;

/** Zone names found valid: luxon checks by building an Intl.DateTimeFormat, about a tenth of a millisecond each time. */
const validZones = new Set<string>();
const VALID_ZONES_KEPT = 2048;

export function isValidTimeZone(name: string): boolean {
  if (validZones.has(name)) return true;
  const valid = IANAZone.isValidZone(name);
  // only valid names are remembered; Intl accepts any capitalisation of them, so the set is capped too
  if (valid && validZones.size < VALID_ZONES_KEPT) validZones.add(name);
  return valid;
}

/** The date (YYYY-MM-DD) of a day number since the epoch (local day numbers count local midnights the same way). */
export function dateOfDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export class ZoneCalendar {
  readonly zone: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly startMs: number;
  readonly endMs: number;
  readonly segments: readonly OffsetSegment[];
  #last = 0;

  private constructor(
    zone: string,
    startDate: string,
    endDate: string,
    startMs: number,
    endMs: number,
    segments: OffsetSegment[],
  ) {
    this.zone = zone;
    this.startDate = startDate;
    this.endDate = endDate;
    this.startMs = startMs;
    this.endMs = endMs;
    this.segments = segments;
  }

  /**
   * The calendar of local dates startDate..endDate (inclusive, YYYY-MM-DD) in `zone` (a valid IANA name).
   * Calendars are immutable and depend only on these three strings, so recent ones are kept: building
   * one probes the zone's offset once a day of the range (luxon's Intl formatting, about 1 ms for 90 days).
   */
  static forDates(zone: string, startDate: string, endDate: string): ZoneCalendar {
    const key = `${zone}|${startDate}|${endDate}`;
    const cached = calendars.get(key);
    if (cached) return cached;
    const calendar = ZoneCalendar.#build(zone, startDate, endDate);
    if (calendars.size >= CALENDARS_KEPT) calendars.delete(calendars.keys().next().value!);
    calendars.set(key, calendar);
    return calendar;
  }

  static #build(zone: string, startDate: string, endDate: string): ZoneCalendar {
    const iana = IANAZone.create(zone);
    if (!iana.isValid) throw new RangeError(`unknown time zone ${zone}`);
    // startOf("day") yields the first instant of the date, also where DST skips midnight
    const first = DateTime.fromISO(startDate, { zone: iana }).startOf("day");
    const afterLast = DateTime.fromISO(endDate, { zone: iana }).plus({ days: 1 }).startOf("day");
    if (!first.isValid || !afterLast.isValid) throw new RangeError("invalid date");
    const startMs = first.toMillis();
    const endMs = afterLast.toMillis();
    return new ZoneCalendar(zone, startDate, endDate, startMs, endMs, offsetSegments(iana, startMs, endMs));
  }

  #segmentAt(ms: number): OffsetSegment {
    const segments = this.segments;
    let index = this.#last;
    const current = segments[index]!;
    if (ms < current.startMs || ms >= current.endMs) {
      index = 0;
      while (index < segments.length - 1 && ms >= segments[index]!.endMs) index++;
      this.#last = index;
    }
    return segments[index]!;
  }

  offsetMsAt(ms: number): number {
    return this.#segmentAt(ms).offsetMs;
  }

  /** Local date (YYYY-MM-DD) of an instant. */
  dateOf(ms: number): string {
    return dateOfDayNumber(Math.floor((ms + this.offsetMsAt(ms)) / DAY_MS));
  }

  /** Local hour of day (0-23) of an instant. */
  hourOf(ms: number): number {
    return Math.floor(mod(ms + this.offsetMsAt(ms), DAY_MS) / HOUR_MS);
  }

  /**
   * First instant of the local hour containing `ms`. An hour cut by an offset
   * change counts from the change: after a fall-back the repeated 1 AM is a
   * second hour with its own start.
   */
  hourStartOf(ms: number): number {
    const segment = this.#segmentAt(ms);
    return Math.max(segment.startMs, ms - mod(ms + segment.offsetMs, HOUR_MS));
  }

  /** Every local date of the range with its first instant. */
  days(): { date: string; startMs: number }[] {
    const out: { date: string; startMs: number }[] = [];
    const firstDay = Math.round(Date.parse(`${this.startDate}T00:00:00Z`) / DAY_MS);
    const lastDay = Math.round(Date.parse(`${this.endDate}T00:00:00Z`) / DAY_MS);
    for (let day = firstDay; day <= lastDay; day++) {
      let start = Number.POSITIVE_INFINITY;
      for (const segment of this.segments) {
        const localMidnight = day * DAY_MS - segment.offsetMs;
        const candidate = Math.max(segment.startMs, localMidnight);
        if (candidate < segment.endMs && candidate < localMidnight + DAY_MS) start = Math.min(start, candidate);
      }
      out.push({ date: dateOfDayNumber(day), startMs: Math.max(start, this.startMs) });
    }
    return out;
  }

  /** Every local hour start of the range, in order (23 on a spring-forward day, 25 on a fall-back day). */
  hourStarts(): number[] {
    const out: number[] = [];
    for (const segment of this.segments) {
      let at = segment.startMs;
      const into = mod(at + segment.offsetMs, HOUR_MS);
      if (into !== 0) {
        out.push(at);
        at += HOUR_MS - into;
      }
      for (; at < segment.endMs; at += HOUR_MS) out.push(at);
    }
    return out;
  }

  /**
   * True when every UTC hour of the range lies inside one local hour: whole-hour
   * offsets that change on UTC hour boundaries. Hourly rollups then answer day
   * and hour questions exactly.
   */
  isHourAligned(): boolean {
    return this.rawBucketMs() === HOUR_MS;
  }

  /** True when the range itself starts and ends on UTC hours (enough for totals and non-time breakdowns). */
  hasHourAlignedBounds(): boolean {
    return mod(this.startMs, HOUR_MS) === 0 && mod(this.endMs, HOUR_MS) === 0;
  }

  /**
   * The largest bucket (a divisor of an hour, aligned on the epoch) that never
   * straddles a local hour boundary of the range: 1 h for whole-hour zones,
   * 30 min for Asia/Kolkata (+05:30), 15 min for Asia/Kathmandu (+05:45).
   */
  rawBucketMs(): number {
    let bucket = HOUR_MS;
    for (const segment of this.segments) {
      bucket = gcd(bucket, mod(segment.offsetMs, HOUR_MS));
      bucket = gcd(bucket, mod(segment.startMs, HOUR_MS));
    }
    bucket = gcd(bucket, mod(this.endMs, HOUR_MS));
    return Math.max(bucket, 1);
  }

  /** Local wall time of an instant as ISO 8601 with its offset, e.g. 2025-11-02T01:00:00-05:00. */
  localIso(ms: number): string {
    const offset = this.offsetMsAt(ms);
    const wall = new Date(ms + offset).toISOString().slice(0, 19);
    const sign = offset < 0 ? "-" : "+";
    const minutes = Math.abs(offset) / MINUTE_MS;
    const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
    const mm = String(Math.floor(minutes % 60)).padStart(2, "0");
    return `${wall}${sign}${hh}:${mm}`;
  }
}

/**
 * The offset segments of [startMs, endMs). Offsets are probed once a day and,
 * where two probes differ, the change is located to the millisecond by binary
 * search. (Zones change offset at most a few times a year; none twice a day.)
 */
export function offsetSegments(zone: IANAZone, startMs: number, endMs: number): OffsetSegment[] {
  const offsetAt = (ms: number) => Math.round(zone.offset(ms) * MINUTE_MS);
  const segments: OffsetSegment[] = [];
  let segmentStart = startMs;
  let offset = offsetAt(startMs);
  let at = startMs;
  while (at < endMs) {
    const probe = Math.min(at + DAY_MS, endMs - 1);
    if (probe <= at) break;
    if (offsetAt(probe) !== offset) {
      let low = at;
      let high = probe;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle) === offset) low = middle;
        else high = middle;
      }
      segments.push({ startMs: segmentStart, endMs: high, offsetMs: offset });
      segmentStart = high;
      offset = offsetAt(high);
      at = high;
      continue;
    }
    at = probe;
  }
  segments.push({ startMs: segmentStart, endMs, offsetMs: offset });
  return segments;
}
