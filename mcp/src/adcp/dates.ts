// AdCP speaks instants (ISO 8601 date-times); our campaigns speak UTC dates
// with an inclusive last day. A flight [start_time, end_time) covers the UTC
// dates from start_time's date to the date of the last millisecond before
// end_time; going back, a last day D ends at the next midnight (UTC).
import { ToolInputError } from "../tool.ts";

const DAY_MS = 86_400_000;

export function utcDate(time: Date): string {
  return time.toISOString().slice(0, 10);
}

function parseTime(value: string, field: string): number {
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(ms)) {
    throw new ToolInputError(`${field} must be an ISO 8601 date-time such as 2026-12-01T00:00:00Z`, { field });
  }
  return ms;
}

/** start_time ("asap" or a date-time) -> the campaign's first UTC date. */
export function startDateFrom(startTime: string, now: Date, field = "start_time"): string {
  return startTime === "asap" ? utcDate(now) : utcDate(new Date(parseTime(startTime, field)));
}

/** end_time (exclusive instant) -> the campaign's last UTC date (inclusive). */
export function endDateFrom(endTime: string, field = "end_time"): string {
  return utcDate(new Date(parseTime(endTime, field) - 1));
}

export function startTimeOf(startDate: string): string {
  return `${startDate}T00:00:00.000Z`;
}

export function endTimeOf(endDate: string): string {
  return new Date(Date.parse(`${endDate}T00:00:00.000Z`) + DAY_MS).toISOString();
}

/**
 * A flight the request itself rules out, refused before anything is looked up (AdCP checks a request's shape
 * first): an end before the start (VALIDATION_ERROR on end_time), and a start on a UTC date already past
 * (INVALID_REQUEST on start_time: "asap" starts today). The service refuses both too; this words them in AdCP's terms.
 */
export function checkFlight(startDate: string, endDate: string, now: Date): void {
  if (endDate < startDate)
    throw new ToolInputError(
      `end_time must be after start_time (the flight would end on ${endDate}, before ${startDate})`,
      {
        field: "end_time",
      },
    );
  if (startDate < utcDate(now))
    throw new ToolInputError(
      `start_time is in the past (${startDate}, today is ${utcDate(now)} UTC): send "asap" or a time from today on`,
      { field: "start_time", adcpCode: "INVALID_REQUEST" },
    );
}
