import { z } from "zod";
import { MARKET_RULE_TEXT, MARKET_WINDOW_DAYS } from "@/lib/domain/market/market.schemas";
import { MOMENT_TYPE_KEYS, type MomentTypeKey } from "@/lib/domain/moment-types/catalog";

/** getClearingPrices's statistics cover the auctions of this many trailing days (docs/decisions/0304). */
export const CLEARING_WINDOW_DAYS = MARKET_WINDOW_DAYS;

const percentileUsd = (p: number) =>
  z
    .number()
    .nullable()
    .meta({
      description: `${p}th percentile of the moment type's clearing CPMs (USD) over the trailing ${CLEARING_WINDOW_DAYS} days; null unless they hold ${MARKET_RULE_TEXT}.`,
    });

export const clearingPriceEntry = z
  .object({
    moment_type: z.enum(MOMENT_TYPE_KEYS),
    floor_cpm_usd: z.number(),
    clearing_price_p25_usd: percentileUsd(25),
    clearing_price_p50_usd: percentileUsd(50),
    clearing_price_p75_usd: percentileUsd(75),
    clearing_price_p90_usd: percentileUsd(90),
  })
  .meta({ id: "ClearingPriceEntry" });

export const clearingPrices = z
  .object({
    as_of: z.iso.datetime().meta({ description: "When the statistics were computed." }),
    moment_types: z.array(clearingPriceEntry).meta({ description: "One entry per moment type (all 11)." }),
  })
  .meta({ id: "ClearingPrices" });
export type ClearingPricesView = z.infer<typeof clearingPrices>;

/** One moment type's statistics as the domain answers them (micro-dollars; null percentiles unless publishable). */
export type ClearingPriceEntry = {
  momentType: MomentTypeKey;
  floorCpmMicros: bigint;
  clearingPriceP25Micros: bigint | null;
  clearingPriceP50Micros: bigint | null;
  clearingPriceP75Micros: bigint | null;
  clearingPriceP90Micros: bigint | null;
};

/** getClearingPrices as the domain answers it (REST view: lib/http/views/catalog.ts). */
export type ClearingPrices = { asOf: Date; momentTypes: ClearingPriceEntry[] };
