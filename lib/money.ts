// Money is integer micro-dollars inside the service and USD numbers rounded to
// 6 decimals at the edges (docs/decisions/0003). Never sum floats.

const MAX_SAFE_MICROS = BigInt(Number.MAX_SAFE_INTEGER);

/** USD number from a request -> micro-dollars (half away from zero at the 7th decimal). */
export function usdToMicros(usd: number): bigint {
  if (!Number.isFinite(usd)) throw new RangeError("amount must be finite");
  // toFixed(6) rounds the decimal representation, avoiding 0.35 * 1e6 = 350000.00000000006
  return BigInt(usd.toFixed(6).replace(".", ""));
}

/**
 * micro-dollars -> USD number for a response. For a safe integer n, n / 1e6 is already the
 * double nearest the decimal n/10^6 (IEEE division rounds correctly), so numbers (the hot
 * path's micros) are divided; a bigint beyond 2^53 goes through its decimal text.
 */
export function microsToUsd(micros: bigint | number): number {
  if (typeof micros === "number") return Math.round(micros) / 1_000_000;
  if (micros <= MAX_SAFE_MICROS && micros >= -MAX_SAFE_MICROS) return Number(micros) / 1_000_000;
  const value = micros;
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(6, "0");
  const usd = Number(`${whole}.${fraction}`);
  return negative ? -usd : usd;
}

/** Cost of one impression at a CPM, in micro-dollars: CPM / 1000, rounded half up (numbers on the hot path). */
export function impressionCostMicros(cpmMicros: bigint): bigint;
export function impressionCostMicros(cpmMicros: number): number;
export function impressionCostMicros(cpmMicros: bigint | number): bigint | number {
  return typeof cpmMicros === "bigint" ? (cpmMicros + 500n) / 1000n : Math.floor((cpmMicros + 500) / 1000);
}

/** Round a ratio to 6 decimals (ctr, traffic_allocation). */
export function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** micro-dollars -> exact decimal text with 2 to 6 decimals: 2500000n -> "2.50", 350n -> "0.00035". */
export function microsToDecimal(micros: bigint): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const fraction = (abs % 1_000_000n)
    .toString()
    .padStart(6, "0")
    .replace(/0{1,4}$/, "");
  return `${negative ? "-" : ""}${abs / 1_000_000n}.${fraction.padEnd(2, "0")}`;
}
