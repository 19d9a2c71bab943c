import { z } from "zod";
import { MARKET_MIN_ADVERTISERS, MARKET_WINDOW_DAYS } from "@/lib/domain/market/market.schemas";
import { SPORTS, type Sport } from "@/lib/domain/sports";
import type { MomentTypeKey } from "./catalog";

/**
 * A campaign counts toward a type's CTR range with at least this many impressions of it, and a
 * range needs such campaigns of at least MARKET_MIN_ADVERTISERS advertisers (the market sample
 * rule): no one advertiser's results are disclosed (docs/decisions/0007).
 */
export const CTR_MIN_CAMPAIGN_IMPRESSIONS = 500;

/** A moment type as the domain answers it (listMomentTypes's REST view: lib/http/views/catalog.ts). */
export type MomentType = {
  key: MomentTypeKey;
  displayName: string;
  description: string;
  floorCpmMicros: bigint;
  /** null unless the market sample rule holds */
  typicalCtrLow: number | null;
  typicalCtrHigh: number | null;
  availableSports: Sport[];
};

export const momentTypeView = z
  .object({
    key: z.string().meta({ example: "close_game" }),
    display_name: z.string().meta({ example: "Close Game" }),
    description: z.string(),
    floor_cpm_usd: z
      .number()
      .meta({ description: "Floor CPM in USD; a bid must meet the floor of every moment type it targets." }),
    typical_ctr_low: z
      .number()
      .nullable()
      .meta({
        description:
          `25th percentile of per-campaign CTR over the last ${MARKET_WINDOW_DAYS} days, from campaigns with at least ` +
          `${CTR_MIN_CAMPAIGN_IMPRESSIONS} impressions of the type; null unless such campaigns belong to at least ${MARKET_MIN_ADVERTISERS} ` +
          "distinct advertisers (demo advertisers never count).",
      }),
    typical_ctr_high: z
      .number()
      .nullable()
      .meta({ description: "75th percentile of the same per-campaign CTRs; null under the same rule." }),
    available_sports: z.array(z.enum(SPORTS)),
  })
  .meta({ id: "MomentType" });
export type MomentTypeView = z.infer<typeof momentTypeView>;
