// The edit form's values checked by updateCampaign's own schema (updateCampaignInput of
// lib/domain/campaigns/campaigns.schemas.ts) before the mutation is sent. Every
// field is sent, so an emptied amount is refused here rather than read as "no
// change"; rules that need the stored campaign (floors, minimums against it,
// dates) stay the server's and come back as userErrors.
import { z } from "zod";
import type { UpdateCampaignInput } from "@/graphql/__generated__/client/graphql";
import { updateCampaignInput } from "@/lib/domain/campaigns/campaigns.schemas";
import type { SummaryField } from "@/components/forms/use-error-summary";
import { usdAmount } from "./amount";

export type EditValues = {
  name: string;
  bid_cpm_usd: string;
  daily_budget_usd: string;
  total_budget_usd: string;
  /** "" for open-ended */
  end_date: string;
  pacing: "even" | "asap";
  /** "" turns CPA auto-bidding off */
  target_cpa_usd: string;
  /** ISO 3166 codes; [] for everywhere */
  target_regions: string[];
  /** ISO 3166 codes; [] for none */
  excluded_regions: string[];
};

/** The fields in their order on the page (the error summary's links). */
export const EDIT_FIELDS: readonly SummaryField[] = [
  { name: "name", id: "edit-name" },
  { name: "bid_cpm_usd", id: "edit-bid" },
  { name: "pacing", id: "edit-pacing" },
  { name: "daily_budget_usd", id: "edit-daily" },
  { name: "total_budget_usd", id: "edit-total" },
  { name: "end_date", id: "edit-end" },
  { name: "target_cpa_usd", id: "edit-cpa" },
  { name: "target_regions", id: "edit-target-regions" },
  { name: "excluded_regions", id: "edit-excluded-regions" },
];

/** The edit form's values read by updateCampaign's schema, every field required (an empty amount is not "no change"). */
export const editFormSchema = z.preprocess(
  (values: unknown) => {
    const form = values as EditValues;
    return {
      name: form.name,
      bid_cpm_usd: usdAmount(form.bid_cpm_usd ?? ""),
      daily_budget_usd: usdAmount(form.daily_budget_usd ?? ""),
      total_budget_usd: usdAmount(form.total_budget_usd ?? ""),
      end_date: form.end_date || null,
      pacing: form.pacing,
      // emptied: off (null), which E7 reads as "turn auto-bidding off"
      target_cpa_usd: (form.target_cpa_usd ?? "").trim() === "" ? null : usdAmount(form.target_cpa_usd),
      // none chosen: null (everywhere, no exclusion); E7 checks a licence only when the list changes
      target_regions: form.target_regions?.length ? form.target_regions : null,
      excluded_regions: form.excluded_regions?.length ? form.excluded_regions : null,
    };
  },
  updateCampaignInput.required({
    name: true,
    bid_cpm_usd: true,
    daily_budget_usd: true,
    total_budget_usd: true,
    pacing: true,
  }),
);

export type EditBody = z.output<typeof editFormSchema>;

const money = (usd: number) => usd.toFixed(6).replace(/0+$/, "").replace(/\.$/, "");

/** The checked body as updateCampaign's input. */
export function updateInput(id: string, body: EditBody): UpdateCampaignInput {
  return {
    id,
    name: body.name,
    bidCpmUsd: money(body.bid_cpm_usd),
    // the form always sends an amount (editFormSchema): only the API's callers may send null (spread the total)
    dailyBudgetUsd: money(body.daily_budget_usd!),
    totalBudgetUsd: money(body.total_budget_usd),
    endDate: body.end_date ?? null,
    pacing: body.pacing === "asap" ? "ASAP" : "EVEN",
    targetCpaUsd: body.target_cpa_usd == null ? null : money(body.target_cpa_usd),
    targetRegions: body.target_regions ?? null,
    excludedRegions: body.excluded_regions ?? null,
  };
}

/** The campaign list's inline bid/budget dialog: the three amounts as typed. */
export type InlineValues = { bid_cpm_usd: string; daily_budget_usd: string; total_budget_usd: string };

/** The inline dialog's fields (their ids made unique per row by `prefix`). */
export function inlineFields(prefix: string): readonly SummaryField[] {
  return [
    { name: "bid_cpm_usd", id: `${prefix}-bid` },
    { name: "daily_budget_usd", id: `${prefix}-daily` },
    { name: "total_budget_usd", id: `${prefix}-total` },
  ];
}

/** The inline dialog's values read by updateCampaign's own schema (its three amounts, each required). */
export const inlineEditSchema = z.preprocess(
  (values: unknown) => {
    const form = values as InlineValues;
    return {
      bid_cpm_usd: usdAmount(form.bid_cpm_usd ?? ""),
      daily_budget_usd: usdAmount(form.daily_budget_usd ?? ""),
      total_budget_usd: usdAmount(form.total_budget_usd ?? ""),
    };
  },
  updateCampaignInput
    .pick({ bid_cpm_usd: true, daily_budget_usd: true, total_budget_usd: true })
    .required({ bid_cpm_usd: true, daily_budget_usd: true, total_budget_usd: true }),
);

export type InlineBody = z.output<typeof inlineEditSchema>;

/**
 * The inline dialog's body as updateCampaign's input, conditional on the campaign as the list read
 * it (`ifUpdatedAt`: a change made since is a CONFLICT, nothing written).
 */
export function inlineInput(id: string, updatedAt: string, body: InlineBody): UpdateCampaignInput {
  return {
    id,
    bidCpmUsd: money(body.bid_cpm_usd),
    dailyBudgetUsd: money(body.daily_budget_usd!),
    totalBudgetUsd: money(body.total_budget_usd),
    ifUpdatedAt: updatedAt,
  };
}

/** One bulk change's input for one campaign: its new bid or daily budget, conditional on the campaign as read. */
export function bulkInput(
  id: string,
  updatedAt: string,
  field: "bid_cpm_usd" | "daily_budget_usd",
  usd: number,
): UpdateCampaignInput {
  return field === "bid_cpm_usd"
    ? { id, bidCpmUsd: money(usd), ifUpdatedAt: updatedAt }
    : { id, dailyBudgetUsd: money(usd), ifUpdatedAt: updatedAt };
}
