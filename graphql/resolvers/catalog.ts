// Moment types (public, as E2), sports, clearing prices (any caller, as E3).
import { SPORTS, SPORT_NAMES } from "@/lib/domain/sports";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelize } from "../camel-case";
import { authenticated } from "../guard";

export const catalogResolvers: Resolvers = {
  Query: {
    momentTypes: async (_, __, context) => (await context.shared.momentTypes()).map(camelize),
    sports: () => SPORTS.map((key) => ({ key, displayName: SPORT_NAMES[key] })),
    clearingPrices: async (_, __, context) => {
      authenticated(context);
      return camelize(await context.shared.clearingPrices());
    },
  },
  MomentType: {
    clearingPrices: async (parent, _, context) => {
      authenticated(context);
      const prices = await context.shared.clearingPrices();
      return camelize(prices.moment_types.find((entry) => entry.moment_type === parent.key)!);
    },
  },
};
