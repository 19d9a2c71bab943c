// The one injectable clock: a function answering epoch milliseconds. Services
// and workers take `clock?: Clock` in their options (tests pass a fixed or
// stepped clock); hot paths call it without allocating a Date.

/** Time units in milliseconds. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const QUARTER_HOUR_MS = 15 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Epoch milliseconds, now. */
export type Clock = () => number;

/** The real clock. */
export const systemClock: Clock = () => Date.now();

/** A clock that always answers `at` (a Date, an ISO string or epoch ms). */
export function fixedClock(at: Date | string | number): Clock {
  const ms = typeof at === "number" ? at : new Date(at).getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`fixedClock: not a time: ${String(at)}`);
  return () => ms;
}

/** The clock's current instant as a Date. */
export function nowDate(clock: Clock = systemClock): Date {
  return new Date(clock());
}
