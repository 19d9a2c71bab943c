// The budget transitions of a campaign (spec: campaign.budget_50pct,
// campaign.budget_90pct, campaign.ended): which ones a spend crosses, and the
// event each writes. The delivery stores apply them in the batch that crosses
// them; the lifecycle sweep applies them when an update lowered the budget
// below the spend. Each transition is then a conditional update, so its event
// is written once even when several instances race.
import type { OutboxEventInput } from "@/lib/webhooks/outbox";
import { microsToUsd } from "@/lib/money";

/** A campaign's committed spend and which threshold events it has already written. */
export type BudgetProgress = {
  id: string;
  advertiserId: string;
  spendMicros: bigint;
  totalBudgetMicros: bigint;
  budget50Set: boolean;
  budget90Set: boolean;
};

export type BudgetStep = "budget_50pct" | "budget_90pct" | "ended";

/** The transitions the spend has crossed and not yet applied, in order. */
export function budgetSteps(campaign: BudgetProgress): BudgetStep[] {
  const steps: BudgetStep[] = [];
  const { spendMicros: spend, totalBudgetMicros: total } = campaign;
  if (!campaign.budget50Set && spend * 2n >= total) steps.push("budget_50pct");
  if (!campaign.budget90Set && spend * 10n >= total * 9n) steps.push("budget_90pct");
  if (spend >= total) steps.push("ended");
  return steps;
}

export function budgetThresholdEvent(
  campaign: BudgetProgress,
  step: "budget_50pct" | "budget_90pct",
  nowMs: number,
): OutboxEventInput<"campaign.budget_50pct" | "campaign.budget_90pct"> {
  return {
    advertiserId: campaign.advertiserId,
    type: step === "budget_50pct" ? "campaign.budget_50pct" : "campaign.budget_90pct",
    data: {
      campaign_id: campaign.id,
      spend_to_date_usd: microsToUsd(campaign.spendMicros),
      total_budget_usd: microsToUsd(campaign.totalBudgetMicros),
    },
    createdAtMs: nowMs,
  };
}

export function campaignEndedEvent(
  campaignId: string,
  advertiserId: string,
  reason: "budget_exhausted" | "end_date",
  nowMs: number,
): OutboxEventInput<"campaign.ended"> {
  return { advertiserId, type: "campaign.ended", data: { campaign_id: campaignId, reason }, createdAtMs: nowMs };
}
