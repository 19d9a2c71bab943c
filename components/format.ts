// How the dashboard writes numbers: money in US dollars (from the API's decimal
// strings), percentages, counts (in full and compact), and dates in the reader's
// own zone and locale, all through Intl (no hand-made separators).

function usd(maximumFractionDigits: number, minimumFractionDigits = 2) {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits,
    maximumFractionDigits,
  });
}

const USD = usd(2);
const USD_PRECISE = usd(4);
const COUNT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const COMPACT = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** "$1,234.50" from a Money value ("1234.5", "0.000350") or a number of dollars; amounts under a cent keep 4 decimals. */
export function formatUsd(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "–";
  const amount = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(amount)) return "–";
  return amount !== 0 && Math.abs(amount) < 0.01 ? USD_PRECISE.format(amount) : USD.format(amount);
}

/** "1.23%" from a fraction (0.0123); `digits` decimals. */
export function formatPercent(fraction: number | null | undefined, digits = 2): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return "–";
  return new Intl.NumberFormat("en-US", {
    style: "percent",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fraction);
}

/** "12,345" */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  return COUNT.format(value);
}

/** A money rate without its denominator (cost per click without clicks, ROAS without spend): a dash, never 0. */
export const NO_RATE = "—";

/** A rate in dollars (cost per click or per conversion), or NO_RATE when the report has none. */
export function formatUsdRate(value: string | number | null | undefined): string {
  return value === null || value === undefined ? NO_RATE : formatUsd(value);
}

/** A fraction rate (conversion rate) as a percentage, or NO_RATE when the report has none. */
export function formatPercentRate(fraction: number | null | undefined, digits = 2): string {
  return fraction === null || fraction === undefined ? NO_RATE : formatPercent(fraction, digits);
}

/** ROAS (conversion value / spend, 2.5) as "250%", or NO_RATE without spend. */
export function formatRoas(roas: number | null | undefined): string {
  return formatPercentRate(roas, 0);
}

/** "12.3K" for tight places (chart axes). */
export function formatCompact(value: number): string {
  return COMPACT.format(value);
}

/** A date and time in the reader's locale and zone (or the zone given): "Nov 23, 2026, 7:05 PM". */
export function formatDateTime(
  iso: string | null | undefined,
  options: { timeZone?: string; locale?: string } = {},
): string {
  if (!iso) return "–";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "–";
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: options.timeZone,
  }).format(date);
}

/** A calendar date ("2026-11-23", no zone of its own): "Nov 23, 2026", never shifted by the reader's zone. */
export function formatDate(day: string | null | undefined, options: { locale?: string } = {}): string {
  if (!day) return "–";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return "–";
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(options.locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** Spend against a budget as a fraction in [0, 1] (0 without a budget). */
export function budgetFraction(spent: string | number, budget: string | number): number {
  const s = Number(spent);
  const b = Number(budget);
  if (!Number.isFinite(s) || !Number.isFinite(b) || b <= 0) return 0;
  return Math.min(1, Math.max(0, s / b));
}

/** A list's count: `total` in words by `what` ("3 registered"), and how many of them the page lists when not all. */
export function listCount(total: number, listed: number, what: string): string {
  return `${formatCount(total)} ${what}${total > listed ? ` (the first ${listed} listed)` : ""}`;
}
