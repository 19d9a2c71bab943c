// updateCampaign: change a campaign. Order of checks (docs/decisions/0300, 1005):
//   422 validation_failed (field rules: the operation's input) -> 404 (not the
//   actor's) -> 422 immutable_field (moment_types, sports, start_date, creative unless sent with
//   the current value) -> 409 invalid_transition (nothing leaves ended or
//   cancelled; a final campaign cannot be changed) -> 422 validation_failed
//   (floors, minimums and dates re-checked on the merged campaign) -> 422 region_not_licensed
//   (target_regions, when sent, within a gambling advertiser's licence).
// The write is conditional on the version and status that were read, so a
// concurrent change (the delivery engine ending the campaign) is never
// overwritten (retryCampaignChange decides again on the fresh row).
import type { Actor } from "@/lib/auth/actor";
import { nowDate, type Clock } from "@/lib/clock";
import type { CreativeInput } from "@/lib/domain/creatives/creatives.schemas";
import type { MomentTypeKey } from "@/lib/domain/moment-types/catalog";
import { AppError, validationError, type FieldError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { changeActorOf } from "@/lib/history/change-actor";
import { fieldChanges, recordChange } from "@/lib/history/changes";
import { defineOperation } from "@/lib/operations/operation";
import { enqueueEvent } from "@/lib/webhooks/outbox";
import { db, type Prisma, type Tx } from "@/lib/db/client";
import {
  floorIssue,
  isOpenStatus,
  MIN_DAILY_BUDGET_USD,
  updateCampaignByIdInput,
  type CampaignStatus,
  type PreviewField,
  PREVIEW_FIELDS,
  type UpdateCampaignByIdInput,
  type UpdateCampaignInput,
  campaignResource,
  campaignUpdatePreview as campaignUpdatePreviewOutput,
} from "./campaigns.schemas";
import { spreadDailyBudgetMicros, spreadIssue } from "./budget-spread";
import { ADVERTISER_BID_REASON, type Campaign, type CampaignRow, type CampaignWithCreatives } from "./campaign";
import { campaignFieldValues } from "./campaign-changes";
import { utcDate } from "./dates";
import { estimateCampaignDelivery, type DeliveryEstimate } from "./estimate-delivery";
import { getCampaignOrThrow, loadCampaignDetail } from "./get-campaign";
import { regionsJson } from "./campaign-rows";
import { assertRegionsLicensed } from "./region-licence";
import { retryCampaignChange } from "./retry-campaign-change";

/** One field the update would change, with its value now and after (the domain's values: micro-dollars). */
export type CampaignChange = { field: PreviewField; from: Campaign[PreviewField]; to: Campaign[PreviewField] };

/** What updateCampaign would do, nothing written. */
export type CampaignUpdatePreview = {
  /** every field that would change, in PREVIEW_FIELDS order (empty: no change) */
  changes: CampaignChange[];
  raisesSpend: boolean;
  /** the campaign as it would be after the update */
  campaign: CampaignWithCreatives;
  /** after the update */
  estimate: DeliveryEstimate;
  /** the campaign as it is */
  currentEstimate: DeliveryEstimate;
};

/** updateCampaign (and GraphQL's updateCampaign, pause, resume and end): a write, retried safely with an Idempotency-Key. */
export const updateCampaign = defineOperation({
  name: "updateCampaign",
  access: "campaigns:write",
  write: true,
  history: "campaign",
  idempotent: true,
  input: updateCampaignByIdInput,
  output: campaignResource,
  run: (actor, input, { clock }) => campaignUpdated(actor, input, { clock }),
});

/**
 * The check of If-Match (input.if_updated_at): the campaign as read must be the one the caller read. It runs on
 * the row the conditional write is keyed on (its version), so a change between check and write retries the
 * attempt, which then finds the new updated_at and refuses: no read-then-write gap.
 */
function unchangedSince(expected: string | undefined): ((row: CampaignRow) => void) | undefined {
  if (expected === undefined) return undefined;
  return (row) => {
    if (row.updatedAt.toISOString() !== expected)
      throw new AppError("conflict", {
        detail:
          `The campaign changed since ${expected} (its updated_at is now ${row.updatedAt.toISOString()}): ` +
          "read it again and retry with the new If-Match.",
      });
  };
}

/** updateCampaign with validate_only=true and GraphQL's previewCampaignUpdate: every preview is counted first. */
export const previewCampaignUpdate = defineOperation({
  name: "previewCampaignUpdate",
  access: "campaigns:write",
  write: false,
  rateLimit: "preview",
  input: updateCampaignByIdInput,
  output: campaignUpdatePreviewOutput,
  run: (actor, input, { clock }) => campaignUpdatePreview(actor, input, { clock }),
});

/** Allowed status moves (docs/api.md): active ⇄ paused, active/paused → ended, ended → ended (no-op). */
export function canMove(from: CampaignStatus, to: "active" | "paused" | "ended"): boolean {
  if (isOpenStatus(from)) return true;
  return from === "ended" && to === "ended";
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

function immutableErrors(
  input: UpdateCampaignInput,
  row: CampaignRow,
  primary: { headline: string; body: string; iconUrl: string; actionUrl: string; ctaText: string | null },
): FieldError[] {
  const errors: FieldError[] = [];
  const message = () => "cannot be changed after creation";
  if (input.moment_types && !sameSet(input.moment_types, JSON.parse(row.momentTypes) as string[]))
    errors.push({ path: "moment_types", message: message() });
  if (input.sports && !sameSet(input.sports, JSON.parse(row.sports) as string[]))
    errors.push({ path: "sports", message: message() });
  if (input.start_date !== undefined && input.start_date !== row.startDate)
    errors.push({ path: "start_date", message: message() });
  if (input.creative) {
    const sent: CreativeInput = input.creative;
    const same =
      sent.headline === primary.headline &&
      sent.body === primary.body &&
      sent.icon_url === primary.iconUrl &&
      sent.action_url === primary.actionUrl &&
      (sent.cta_text ?? null) === primary.ctaText;
    if (!same)
      errors.push({
        path: "creative",
        message: "cannot be changed after creation; add a variant instead (POST /api/ads/campaigns/{id}/variants)",
      });
  }
  return errors;
}

type Change = { data: Prisma.CampaignUpdateManyMutationInput; ended: boolean; bid?: { old: bigint; new: bigint } };

/** The flight the campaign will have after the change: what a daily budget of null spreads over. */
function mergedFlight(input: UpdateCampaignInput, row: CampaignRow) {
  return {
    totalMicros: input.total_budget_usd === undefined ? row.totalBudgetMicros : usdToMicros(input.total_budget_usd),
    startDate: row.startDate,
    endDate: input.end_date === undefined ? row.endDate : input.end_date,
    pacing: input.pacing ?? (row.pacing === "asap" ? "asap" : "even"),
  } as const;
}

/** The daily budget asked for: a number, or null spread from the merged flight (undefined: unchanged or not possible). */
function dailyBudgetMicros(input: UpdateCampaignInput, row: CampaignRow): bigint | undefined {
  if (input.daily_budget_usd === undefined) return undefined;
  if (input.daily_budget_usd !== null) return usdToMicros(input.daily_budget_usd);
  const flight = mergedFlight(input, row);
  // without an end date there is nothing to spread over: mergedErrors reports it
  return flight.endDate === null
    ? undefined
    : spreadDailyBudgetMicros(flight.totalMicros, flight.startDate, flight.endDate, flight.pacing);
}

/** The column changes the input asks for (only values that differ from the row). */
function changes(input: UpdateCampaignInput, row: CampaignRow, now: Date): Change {
  const data: Prisma.CampaignUpdateManyMutationInput = {};
  let ended = false;
  let bid: Change["bid"];
  if (input.name !== undefined && input.name !== row.name) data.name = input.name;
  if (input.bid_cpm_usd !== undefined && usdToMicros(input.bid_cpm_usd) !== row.bidCpmMicros) {
    data.bidCpmMicros = usdToMicros(input.bid_cpm_usd);
    bid = { old: row.bidCpmMicros, new: data.bidCpmMicros };
  }
  const daily = dailyBudgetMicros(input, row);
  if (daily !== undefined && daily !== row.dailyBudgetMicros) data.dailyBudgetMicros = daily;
  if (input.total_budget_usd !== undefined && usdToMicros(input.total_budget_usd) !== row.totalBudgetMicros)
    data.totalBudgetMicros = usdToMicros(input.total_budget_usd);
  if (input.target_cpa_usd !== undefined) {
    const next = input.target_cpa_usd === null ? null : usdToMicros(input.target_cpa_usd);
    if (next !== row.targetCpaMicros) data.targetCpaMicros = next;
  }
  if (input.end_date !== undefined && input.end_date !== row.endDate) data.endDate = input.end_date;
  if (input.postback_url !== undefined && input.postback_url !== row.postbackUrl) data.postbackUrl = input.postback_url;
  if (input.pacing !== undefined && input.pacing !== row.pacing) data.pacing = input.pacing;
  if (input.target_regions !== undefined && regionsJson(input.target_regions) !== row.targetRegions)
    data.targetRegions = regionsJson(input.target_regions);
  if (input.excluded_regions !== undefined && regionsJson(input.excluded_regions) !== row.excludedRegions)
    data.excludedRegions = regionsJson(input.excluded_regions);
  if (input.status !== undefined && input.status !== row.status) {
    data.status = input.status;
    if (input.status === "ended") {
      ended = true;
      data.endedReason = "advertiser";
      data.endedAt = now;
    }
  }
  return { data, ended, bid };
}

/** Floors, minimums and dates on the campaign as it would be after the change (docs/api.md: re-checked at updateCampaign). */
function mergedErrors(input: UpdateCampaignInput, row: CampaignRow, today: string): FieldError[] {
  const errors: FieldError[] = [];
  const types = JSON.parse(row.momentTypes) as MomentTypeKey[];
  // the floor is checked when the bid is sent: pausing or ending must work even if floors rose since creation
  const floor = input.bid_cpm_usd === undefined ? null : floorIssue(types, usdToMicros(input.bid_cpm_usd));
  if (floor) errors.push({ path: "bid_cpm_usd", message: floor });
  if (input.end_date != null && input.end_date !== row.endDate) {
    if (input.end_date <= row.startDate)
      errors.push({ path: "end_date", message: `must be after the start date (${row.startDate})` });
    else if (input.end_date < today)
      errors.push({
        path: "end_date",
        message: "must be today (UTC) or later; to stop delivery now, end the campaign",
      });
  }
  if (input.daily_budget_usd === null) {
    const issue = spreadIssue(mergedFlight(input, row), usdToMicros(MIN_DAILY_BUDGET_USD), microsToUsd);
    if (issue) errors.push({ path: "daily_budget_usd", message: issue });
  }
  if (input.total_budget_usd !== undefined && usdToMicros(input.total_budget_usd) < row.spendMicros) {
    errors.push({
      path: "total_budget_usd",
      message: `must be at least the spend to date (${microsToUsd(row.spendMicros)})`,
    });
  }
  return errors;
}

/** The checks of updateCampaign on the stored campaign, in order, and the column changes they allow. */
async function planUpdate(
  actor: Actor,
  id: string,
  parsed: UpdateCampaignInput,
  now: Date,
  precondition?: (row: CampaignRow) => void,
) {
  const row = await getCampaignOrThrow(actor, id);
  // the write is conditional on this row's version: what the precondition saw is what changes
  precondition?.(row);
  const primary = await db().creative.findFirstOrThrow({ where: { campaignId: id, variantIndex: 0 } });
  const immutable = immutableErrors(parsed, row, primary);
  if (immutable.length) {
    throw new AppError("immutable_field", {
      detail: immutable.map((error) => error.message).join("; "),
      fieldErrors: immutable,
    });
  }
  const status = row.status as CampaignStatus;
  if (parsed.status !== undefined && !canMove(status, parsed.status)) {
    throw new AppError("invalid_transition", { detail: `A ${status} campaign cannot move to ${parsed.status}.` });
  }
  const change = changes(parsed, row, now);
  const changed = Object.keys(change.data).length > 0;
  if (changed && !isOpenStatus(status)) {
    throw new AppError("invalid_transition", { detail: `The campaign is ${status}: it can no longer be changed.` });
  }
  const invalid = mergedErrors(parsed, row, utcDate(now));
  if (invalid.length) throw validationError(invalid);
  // checked only when sent: pausing or ending works even after a licence shrank
  if (change.data.targetRegions !== undefined) await assertRegionsLicensed(actor.advertiserId, parsed.target_regions);
  return { row, change, changed };
}

/** Equal values (region lists compared as lists). */
function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

/** Whether `after`'s region targeting can reach users `before`'s could not (a target list widened or removed, an exclusion narrowed). */
function widensRegions(before: Campaign, after: Campaign): boolean {
  const targetWidened =
    before.targetRegions !== null &&
    (after.targetRegions === null || after.targetRegions.some((code) => !before.targetRegions!.includes(code)));
  const exclusionNarrowed =
    before.excludedRegions !== null &&
    (after.excludedRegions === null || before.excludedRegions.some((code) => !after.excludedRegions!.includes(code)));
  return targetWidened || exclusionNarrowed;
}

/** Whether moving from `before` to `after` can increase spend (docs/decisions/1301). */
export function raisesSpend(before: Campaign, after: Campaign): boolean {
  const laterEnd = before.endDate !== null && (after.endDate === null || after.endDate > before.endDate);
  return (
    after.bidCpmMicros > before.bidCpmMicros ||
    after.dailyBudgetMicros > before.dailyBudgetMicros ||
    after.totalBudgetMicros > before.totalBudgetMicros ||
    (before.status !== "active" && after.status === "active") ||
    (after.status === "active" && laterEnd) ||
    (before.pacing === "even" && after.pacing === "asap") ||
    widensRegions(before, after)
  );
}

/**
 * updateCampaign's preview: every check of the update, then what would change, whether it
 * can raise spend, and the daily estimates before and after; nothing is written.
 */
export async function campaignUpdatePreview(
  actor: Actor,
  input: UpdateCampaignByIdInput,
  options: { clock?: Clock } = {},
): Promise<CampaignUpdatePreview> {
  const { id, if_updated_at: ifUpdatedAt, ...parsed } = input;
  const now = nowDate(options.clock);
  const { row, change } = await planUpdate(actor, id, parsed, now, unchangedSince(ifUpdatedAt));
  const merged = { ...row, ...change.data } as CampaignRow;
  const [before, after, current, estimate] = await Promise.all([
    loadCampaignDetail(row, { clock: options.clock }),
    loadCampaignDetail(merged, { clock: options.clock }),
    estimateCampaignDelivery(row, now),
    estimateCampaignDelivery(merged, now),
  ]);
  return {
    changes: PREVIEW_FIELDS.filter((field) => !sameValue(before[field], after[field])).map((field) => ({
      field,
      from: before[field],
      to: after[field],
    })),
    raisesSpend: raisesSpend(before, after),
    campaign: after,
    estimate,
    currentEstimate: current,
  };
}

/**
 * How another operation runs an update (undoChange, docs/decisions/0702): the name and reason its
 * history row carries, and a check of the row as read, inside the conditional write's attempt.
 */
export type CampaignUpdateOptions = {
  clock?: Clock;
  operation?: string;
  reason?: string;
  precondition?: (row: CampaignRow) => void;
};

export async function campaignUpdated(
  actor: Actor,
  input: UpdateCampaignByIdInput,
  options: CampaignUpdateOptions = {},
): Promise<CampaignWithCreatives> {
  const { id, if_updated_at: ifUpdatedAt, ...parsed } = input;
  const unchanged = unchangedSince(ifUpdatedAt);
  const precondition =
    unchanged && options.precondition
      ? (row: CampaignRow) => (unchanged(row), options.precondition!(row))
      : (unchanged ?? options.precondition);
  let who: ReturnType<typeof changeActorOf> | undefined;
  return retryCampaignChange(id, options.clock, async (now) => {
    const { row, change, changed } = await planUpdate(actor, id, parsed, now, precondition);
    if (!changed) return { row };
    // named once, and only for a change: a body that changes nothing writes no history
    const by = await (who ??= changeActorOf(actor));
    const write = async (tx: Tx) => {
      const result = await tx.campaign.updateMany({
        where: { id, advertiserId: actor.advertiserId, version: row.version, status: row.status },
        data: { ...change.data, version: { increment: 1 }, updatedAt: now },
      });
      if (result.count === 0) return false;
      await recordChange(tx, {
        advertiserId: actor.advertiserId,
        atMs: now.getTime(),
        actor: by,
        operation: options.operation ?? updateCampaign.name,
        target: { type: "campaign", id },
        campaignId: id,
        fields: fieldChanges(campaignFieldValues(row), campaignFieldValues({ ...row, ...change.data } as CampaignRow)),
        reason: options.reason ?? null,
      });
      if (change.ended) {
        await enqueueEvent(tx, {
          advertiserId: actor.advertiserId,
          type: "campaign.ended",
          data: { campaign_id: id, reason: "advertiser" },
          createdAtMs: now.getTime(),
        });
      }
      if (change.bid) {
        await tx.bidAdjustment.create({
          data: {
            id: newId("bid"),
            campaignId: id,
            oldBidMicros: change.bid.old,
            newBidMicros: change.bid.new,
            reason: ADVERTISER_BID_REASON,
            createdAt: now,
          },
        });
        await enqueueEvent(tx, {
          advertiserId: actor.advertiserId,
          type: "campaign.bid_adjusted",
          data: {
            campaign_id: id,
            old_bid_cpm_usd: microsToUsd(change.bid.old),
            new_bid_cpm_usd: microsToUsd(change.bid.new),
            reason: ADVERTISER_BID_REASON,
          },
          createdAtMs: now.getTime(),
        });
      }
      return true;
    };
    return { row, write };
  });
}
