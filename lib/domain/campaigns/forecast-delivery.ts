// The create form's forecast (GraphQL's forecastCampaignDelivery): the daily
// estimates createCampaign and its preview answer (docs/decisions/0304, same sample, same
// rounding, same withholding), from the targeting, bid and budgets alone, so
// that an advertiser sees what a bid buys before writing the notification, as
// Google Ads' forecast panel does. It is a preview: it declares the advertiser's
// `preview` limit (60 a minute, shared with createCampaign's and updateCampaign's validate_only), and
// needs campaigns:write as they do, since it reads the same market.
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import { usdToMicros } from "@/lib/money";
import { defineOperation } from "@/lib/operations/operation";
import { forecastDeliveryInput, type ForecastDeliveryInput } from "./campaigns.schemas";
import { estimateDailyDelivery, type DeliveryEstimate } from "./estimate-delivery";

export const forecastCampaignDelivery = defineOperation({
  name: "forecastCampaignDelivery",
  access: "campaigns:write",
  write: false,
  rateLimit: "preview",
  input: forecastDeliveryInput,
  run: (actor, input, { clock }) => deliveryForecast(actor, input, { clock }),
});

export function deliveryForecast(
  actor: Actor,
  input: ForecastDeliveryInput,
  options: { clock?: Clock } = {},
): Promise<DeliveryEstimate> {
  return estimateDailyDelivery(
    actor.advertiserId,
    {
      momentTypes: input.moment_types,
      sports: input.sports,
      bidCpmMicros: usdToMicros(input.bid_cpm_usd),
      dailyBudgetMicros: usdToMicros(input.daily_budget_usd),
      totalBudgetMicros: usdToMicros(input.total_budget_usd),
      targetRegions: input.target_regions ?? null,
      excludedRegions: input.excluded_regions ?? null,
    },
    nowDate(options.clock),
  );
}
