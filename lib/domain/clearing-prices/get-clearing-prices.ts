// getClearingPrices: floors and clearing-price percentiles per moment type, from the auctions
// recorded over the trailing 7 days (docs/decisions/0304). Percentiles are
// computed exactly (linear interpolation, as lib/stats.ts) from a frequency
// table of clearing prices (the rows' auction counts summed), so the database returns
// one row per distinct price (and winner) instead of every auction. A type's percentiles are null unless
// its auctions make a publishable market sample (lib/domain/market: at least 20
// won by at least 3 distinct advertisers): a percentile of a handful of
// auctions, or of two advertisers' (where the clearing price is the other's
// bid), would disclose individual bids. Demo (sandbox) auctions never count,
// nor filled auctions recorded before winners were (winner unknown).
// Measured on SQLite with 1M auctions in the window: about 1 s. The result is
// therefore kept in process for CLEARING_CACHE_MS (one computation a minute at
// most, shared by concurrent requests); clients may cache it 15 minutes.
import { z } from "zod";
import { DAY_MS, fixedClock, MINUTE_MS, systemClock, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { isPublishable } from "@/lib/domain/market/market.schemas";
import { MOMENT_TYPES } from "@/lib/domain/moment-types/catalog";
import { defineOperation } from "@/lib/operations/operation";
import { ttlMemo } from "@/lib/ttl-memo";
import { CLEARING_WINDOW_DAYS, type ClearingPrices, clearingPrices } from "./clearing-prices.schemas";

export const CLEARING_CACHE_MS = MINUTE_MS;

const memo = ttlMemo(CLEARING_CACHE_MS, (nowMs) => computeClearingPrices({ clock: fixedClock(nowMs) }));

/** getClearingPrices: any authenticated caller (the same statistics for every advertiser); no query parameter is read. */
export const getClearingPrices = defineOperation({
  name: "getClearingPrices",
  access: "authenticated",
  write: false,
  input: z.object({}),
  output: clearingPrices,
  run: (_actor, _input, { clock }) => getCachedClearingPrices({ clock }),
});

/** The statistics, recomputed at most once per CLEARING_CACHE_MS (concurrent callers share one computation). */
export function getCachedClearingPrices(options: { clock?: Clock } = {}): Promise<ClearingPrices> {
  return memo.get(options.clock);
}

/** Linear-interpolated percentile (R type 7) from ascending (value, count) pairs. */
export function percentileFromCounts(table: readonly { value: number; count: number }[], p: number): number | null {
  const total = table.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const rank = (total - 1) * p;
  const at = (index: number): number => {
    let seen = 0;
    for (const row of table) {
      seen += row.count;
      if (index < seen) return row.value;
    }
    return table[table.length - 1]!.value;
  };
  const low = Math.floor(rank);
  const a = at(low);
  const b = at(Math.ceil(rank));
  return a + (b - a) * (rank - low);
}

export async function computeClearingPrices(options: { clock?: Clock } = {}): Promise<ClearingPrices> {
  const nowMs = (options.clock ?? systemClock)();
  const groups = await db().auction.groupBy({
    by: ["momentType", "clearingCpmMicros", "winnerAdvertiserId"],
    where: {
      outcome: "filled",
      sandbox: false,
      clearingCpmMicros: { not: null },
      winnerAdvertiserId: { not: null },
      occurredAtMs: { gte: BigInt(nowMs - CLEARING_WINDOW_DAYS * DAY_MS), lte: BigInt(nowMs) },
    },
    _sum: { auctionCount: true },
  });
  const tables = new Map<string, { value: number; count: number }[]>();
  const winners = new Map<string, Set<string>>();
  for (const group of groups) {
    const table = tables.get(group.momentType) ?? [];
    // one row per (price, winner): the same price of two winners is two rows of the table, which percentiles allow
    table.push({ value: Number(group.clearingCpmMicros), count: group._sum.auctionCount ?? 0 });
    tables.set(group.momentType, table);
    const typeWinners = winners.get(group.momentType) ?? new Set<string>();
    typeWinners.add(group.winnerAdvertiserId!);
    winners.set(group.momentType, typeWinners);
  }
  return {
    asOf: new Date(nowMs),
    momentTypes: MOMENT_TYPES.map((type) => {
      const table = (tables.get(type.key) ?? []).sort((x, y) => x.value - y.value);
      const filled = table.reduce((sum, row) => sum + row.count, 0);
      const publishable = isPublishable({ auctions: filled, advertisers: winners.get(type.key)?.size ?? 0 });
      const micros = (p: number): bigint | null => {
        if (!publishable) return null;
        return BigInt(Math.round(percentileFromCounts(table, p)!));
      };
      return {
        momentType: type.key,
        floorCpmMicros: type.floorCpmMicros,
        clearingPriceP25Micros: micros(0.25),
        clearingPriceP50Micros: micros(0.5),
        clearingPriceP75Micros: micros(0.75),
        clearingPriceP90Micros: micros(0.9),
      };
    }),
  };
}
