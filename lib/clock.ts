// The one injectable clock: a function answering epoch milliseconds. Services
// and workers take `clock?: Clock` in their options (tests pass a fixed or
// stepped clock); hot paths call it without allocating a Date.

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
