// The campaign list's bulk "Set bid" and "Set budget" (issue 42, docs/decisions/1243): one change
// (an absolute amount in USD, or a percentage of each campaign's current value) and what it makes
// of one campaign's bid or daily budget. Pure, so the dashboard works each campaign's new value out
// before its preview; the result is rounded to micro-dollars as lib/money.ts rounds a request's
// amount, then checked by updateCampaign's own field schema and, for a bid, the floor rule
// (floorIssue), so a result the API would refuse is refused with the API's words. updateCampaign
// re-checks everything when each campaign is saved.
import { z } from "zod";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { floorIssue, isWholeMicros, updateCampaignInput } from "./campaigns.schemas";

/** The most a percentage change may add (+1000 %: eleven times the value). */
export const MAX_PERCENT_CHANGE = 1000;

/** The bulk form's input: a new amount for every selected campaign, or a change by a percentage of each one's value. */
export const amountChangeInput = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("amount"),
    value: z.number().gt(0, "must be greater than 0").refine(isWholeMicros, "must have at most 6 decimal places"),
  }),
  z.strictObject({
    kind: z.literal("percent"),
    value: z
      .number()
      .gt(-100, "must be more than -100 (a campaign cannot bid or budget nothing)")
      .max(MAX_PERCENT_CHANGE, `must be at most ${MAX_PERCENT_CHANGE}`)
      .refine(isWholeMicros, "must have at most 6 decimal places"),
  }),
]);
export type AmountChange = z.infer<typeof amountChangeInput>;

/** The fields a bulk change sets (updateCampaign's names). */
export const BULK_FIELDS = ["bid_cpm_usd", "daily_budget_usd"] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

const HUNDRED_PERCENT = 100_000_000n; // 100 in millionths of a percent

/**
 * The value after the change, in micro-dollars: the amount itself, or the current value times
 * (100 + percent) / 100, rounded half up to the micro-dollar (every value here is positive, so
 * half up is half away from zero, as usdToMicros rounds). Exact: bigint arithmetic, no float.
 */
export function changedMicros(currentMicros: bigint, change: AmountChange): bigint {
  if (change.kind === "amount") return usdToMicros(change.value);
  const percentMillionths = usdToMicros(change.value); // the same 6-decimal scaling, for a percentage
  const product = currentMicros * (HUNDRED_PERCENT + percentMillionths);
  return (product + HUNDRED_PERCENT / 2n) / HUNDRED_PERCENT;
}

export type BulkValue = { ok: true; micros: bigint; usd: number } | { ok: false; message: string };

/**
 * One campaign's new bid or daily budget under the change, or why updateCampaign would refuse it:
 * the field schema's message (at least 5, at most 1000, ...) or, for a bid, the floor's.
 */
export function bulkValue(
  field: BulkField,
  campaign: { momentTypes: readonly MomentTypeKey[]; currentMicros: bigint },
  change: AmountChange,
): BulkValue {
  const micros = changedMicros(campaign.currentMicros, change);
  const usd = microsToUsd(micros);
  const checked = updateCampaignInput.shape[field].safeParse(usd);
  if (!checked.success) return { ok: false, message: checked.error.issues[0]?.message ?? "is not accepted" };
  if (field === "bid_cpm_usd") {
    const floor = floorIssue(campaign.momentTypes, micros);
    if (floor) return { ok: false, message: floor };
  }
  return { ok: true, micros, usd };
}
