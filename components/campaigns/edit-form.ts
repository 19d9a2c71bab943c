// The edit form's values checked by E7's own schema (updateCampaignInput of
// lib/domain/campaigns/campaigns.schemas.ts) before the mutation is sent. Every
// field is sent, so an emptied amount is refused here rather than read as "no
// change"; rules that need the stored campaign (floors, minimums against it,
// dates) stay the server's and come back as userErrors.
import { updateCampaignInput } from "@/lib/domain/campaigns/campaigns.schemas";
import { zodFieldErrors } from "@/components/form-errors";
import { usdAmount } from "./amount";

export type EditValues = {
  name: string;
  bidCpmUsd: string;
  dailyBudgetUsd: string;
  totalBudgetUsd: string;
  /** "" for open-ended */
  endDate: string;
  pacing: string;
};

/** Field errors keyed as the GraphQL input names them; {} when the schema accepts the values. */
export function editCampaignErrors(values: EditValues): Record<string, string> {
  const result = updateCampaignInput.safeParse({
    name: values.name,
    bid_cpm_usd: usdAmount(values.bidCpmUsd) ?? Number.NaN,
    daily_budget_usd: usdAmount(values.dailyBudgetUsd) ?? Number.NaN,
    total_budget_usd: usdAmount(values.totalBudgetUsd) ?? Number.NaN,
    end_date: values.endDate || null,
    pacing: values.pacing.toLowerCase(),
  });
  return result.success ? {} : zodFieldErrors(result.error);
}
