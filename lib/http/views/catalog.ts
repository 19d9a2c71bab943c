// The REST views of the market catalog: listMomentTypes's moment types and getClearingPrices's clearing
// prices (snake_case, USD numbers, instants as ISO 8601 text), as the OpenAPI
// document's schemas describe them.
import type { ClearingPrices, ClearingPricesView } from "@/lib/domain/clearing-prices/clearing-prices.schemas";
import type { MomentType, MomentTypeView } from "@/lib/domain/moment-types/moment-types.schemas";
import { microsToUsd } from "@/lib/money";

export function momentTypeView(type: MomentType): MomentTypeView {
  return {
    key: type.key,
    display_name: type.displayName,
    description: type.description,
    floor_cpm_usd: microsToUsd(type.floorCpmMicros),
    typical_ctr_low: type.typicalCtrLow,
    typical_ctr_high: type.typicalCtrHigh,
    available_sports: type.availableSports,
  };
}

const usdOrNull = (micros: bigint | null): number | null => (micros === null ? null : microsToUsd(micros));

export function clearingPricesView(prices: ClearingPrices): ClearingPricesView {
  return {
    as_of: prices.asOf.toISOString(),
    moment_types: prices.momentTypes.map((entry) => ({
      moment_type: entry.momentType,
      floor_cpm_usd: microsToUsd(entry.floorCpmMicros),
      clearing_price_p25_usd: usdOrNull(entry.clearingPriceP25Micros),
      clearing_price_p50_usd: usdOrNull(entry.clearingPriceP50Micros),
      clearing_price_p75_usd: usdOrNull(entry.clearingPriceP75Micros),
      clearing_price_p90_usd: usdOrNull(entry.clearingPriceP90Micros),
    })),
  };
}
