// Moment types (public, as listMomentTypes), sports, clearing prices (any caller, as getClearingPrices):
// the domain's objects, money fields from micro-dollars.
import { getClearingPrices } from "@/lib/domain/clearing-prices/get-clearing-prices";
import { listMomentTypes } from "@/lib/domain/moment-types/list-moment-types";
import { listSports } from "@/lib/domain/moment-types/list-sports";
import type { Resolvers } from "../__generated__/resolvers-types";
import { operationResolver, runOperation } from "../operation";

export const catalogResolvers: Resolvers = {
  Query: {
    momentTypes: operationResolver(listMomentTypes, (_, __, context) => runOperation(listMomentTypes, context)),
    sports: operationResolver(listSports, (_, __, context) => runOperation(listSports, context)),
    clearingPrices: operationResolver(getClearingPrices, (_, __, context) => runOperation(getClearingPrices, context)),
  },
  MomentType: {
    floorCpmUsd: (parent) => parent.floorCpmMicros,
    // the statistics of getClearingPrices (any authenticated caller), one computation a minute shared by every caller
    clearingPrices: operationResolver(getClearingPrices, async (parent, _, context) => {
      const prices = await runOperation(getClearingPrices, context);
      return prices.momentTypes.find((entry) => entry.momentType === parent.key)!;
    }),
  },
  ClearingPriceEntry: {
    floorCpmUsd: (parent) => parent.floorCpmMicros,
    clearingPriceP25Usd: (parent) => parent.clearingPriceP25Micros,
    clearingPriceP50Usd: (parent) => parent.clearingPriceP50Micros,
    clearingPriceP75Usd: (parent) => parent.clearingPriceP75Micros,
    clearingPriceP90Usd: (parent) => parent.clearingPriceP90Micros,
  },
};
