// The create form's forecast (forecastCampaignDelivery), as Google Ads' panel:
// it follows the targeting, bid and budgets as they are edited, without a
// request per keystroke. A request is made only for settings the API would
// accept (its own schema, checked here first), once they have stayed unchanged
// for FORECAST_DELAY_MS, and only once per distinct settings (answers are
// remembered), so a whole form's editing stays far below the advertiser's 60
// previews a minute.
import type { ForecastCampaignDeliveryInput, MomentTypeKey, Sport } from "@/graphql/__generated__/client/graphql";
import { forecastDeliveryInput } from "@/lib/domain/campaigns/campaigns.schemas";
import { usdAmount } from "./amount";
import type { CampaignFormValues } from "./campaign-form-values";

export const FORECAST_DELAY_MS = 800;

/** The forecast's input for the form's values, or why there is none yet. */
export function forecastRequest(
  values: Partial<
    Pick<
      CampaignFormValues,
      | "moment_types"
      | "sports"
      | "bid_cpm_usd"
      | "daily_budget_usd"
      | "total_budget_usd"
      | "target_regions"
      | "excluded_regions"
    >
  >,
): { input: ForecastCampaignDeliveryInput; key: string } | { missing: string } {
  const parsed = forecastDeliveryInput.safeParse({
    moment_types: values.moment_types ?? [],
    sports: values.sports ?? [],
    bid_cpm_usd: usdAmount(values.bid_cpm_usd ?? ""),
    daily_budget_usd: usdAmount(values.daily_budget_usd ?? ""),
    total_budget_usd: usdAmount(values.total_budget_usd ?? ""),
    target_regions: values.target_regions?.length ? values.target_regions : null,
    excluded_regions: values.excluded_regions?.length ? values.excluded_regions : null,
  });
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    if (fields.has("moment_types") || fields.has("sports")) return { missing: "Choose moment types and sports" };
    if (fields.has("bid_cpm_usd")) return { missing: "Enter a bid at or above the floor" };
    return { missing: "Enter the daily and total budgets" };
  }
  const body = parsed.data;
  const input: ForecastCampaignDeliveryInput = {
    momentTypes: [...body.moment_types].sort().map((key) => key.toUpperCase() as MomentTypeKey),
    sports: [...body.sports].sort().map((key) => key.toUpperCase() as Sport),
    bidCpmUsd: String(body.bid_cpm_usd),
    dailyBudgetUsd: String(body.daily_budget_usd),
    totalBudgetUsd: String(body.total_budget_usd),
    // only the targeted regions' share of the sample counts
    ...(body.target_regions ? { targetRegions: [...body.target_regions].sort() } : {}),
    ...(body.excluded_regions ? { excludedRegions: [...body.excluded_regions].sort() } : {}),
  };
  return { input, key: JSON.stringify(input) };
}

/** A daily budget above the total: allowed, but the campaign can spend its whole total on its first day. */
export function dailyAboveTotal(daily: string | undefined, total: string | undefined): boolean {
  const day = usdAmount(daily ?? "");
  const all = usdAmount(total ?? "");
  return day !== undefined && all !== undefined && Number.isFinite(day) && Number.isFinite(all) && day > all;
}
