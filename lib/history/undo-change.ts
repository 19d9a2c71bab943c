// undoChange: puts a campaign's settings back as they were before one change of the history
// (docs/decisions/0702). A change can be undone when it changed a campaign's name, status
// (between active and paused), bid, budgets, target CPA, end date, pacing, postback URL or
// regions, whoever made it (a user, an API client, an app, a rule, the CPA controller, an undo).
// It is refused, with the reason, when the campaign has moved on since: every field the change
// set must still hold the value it set (its "to"), checked on the row the conditional write is
// based on, so a change landing meanwhile is not overwritten. The undo runs updateCampaign's
// checks (floors, minimums, transitions, licences) and is itself a change (operation
// undoChange, reason naming the change undone), so it can be undone in turn.
import type { Actor } from "@/lib/auth/actor";
import type { Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { campaignFieldValues } from "@/lib/domain/campaigns/campaign-changes";
import type { CampaignWithCreatives } from "@/lib/domain/campaigns/campaign";
import { campaignResource, updateCampaignByIdInput } from "@/lib/domain/campaigns/campaigns.schemas";
import { campaignUpdated } from "@/lib/domain/campaigns/update-campaign";
import { AppError, parseInput } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { z } from "zod";
import type { FieldChanges, FieldValue } from "./changes";
import { changeOf, type Change } from "./list-changes";

/** The campaign fields an undo can put back (updateCampaign's inputs of the same names). */
export const UNDOABLE_FIELDS = [
  "name",
  "status",
  "bid_cpm_usd",
  "daily_budget_usd",
  "total_budget_usd",
  "target_cpa_usd",
  "end_date",
  "pacing",
  "postback_url",
  "target_regions",
  "excluded_regions",
] as const;

export const undoChangeInput = z.strictObject({
  id: z.string().meta({ description: "The change to undo (chg_…)", example: "chg_0Ntq5XaB3kPp9LwXcT1e4f" }),
});

export const undoChangeParams = z.object({
  id: z.string().meta({ description: "Change id (chg_…)", example: "chg_0Ntq5XaB3kPp9LwXcT1e4f" }),
});

export const undoChange = defineOperation({
  name: "undoChange",
  access: "campaigns:write",
  write: true,
  history: "campaign",
  idempotent: true,
  input: undoChangeInput,
  output: campaignResource,
  run: (actor, input, { clock }) => changeUndone(actor, input.id, { clock }),
});

function show(value: FieldValue): string {
  return value === null ? "null" : Array.isArray(value) ? `[${value.join(", ")}]` : String(value);
}

/**
 * Why the change cannot be undone whatever the campaign's state (its kind), or null. The history
 * page offers Undo where this is null; the state is checked when the undo runs.
 */
export function undoRefusal(change: Pick<Change, "target" | "fields">): string | null {
  if (change.target.type !== "campaign") return "only changes to a campaign's settings can be undone";
  const names = Object.keys(change.fields);
  if (names.length === 0) return "the change changed no field";
  const other = names.find((name) => !(UNDOABLE_FIELDS as readonly string[]).includes(name));
  if (other) return `the change set ${other}, which cannot be undone`;
  const status = change.fields.status;
  if (
    status &&
    !(["active", "paused"].includes(String(status.from)) && ["active", "paused"].includes(String(status.to)))
  )
    return `the change moved the campaign from ${show(status.from)} to ${show(status.to)}, which cannot be reversed`;
  return null;
}

/** The fields of `fields` whose value now differs from what the change left. */
function movedFields(fields: FieldChanges, now: Record<string, FieldValue>): string[] {
  return Object.entries(fields)
    .filter(([name, change]) => JSON.stringify(now[name] ?? null) !== JSON.stringify(change.to))
    .map(([name, change]) => `${name} is ${show(now[name] ?? null)} now, not ${show(change.to)} as the change left it`);
}

export async function changeUndone(
  actor: Actor,
  id: string,
  options: { clock?: Clock } = {},
): Promise<CampaignWithCreatives> {
  const row = await db().change.findFirst({ where: { id, advertiserId: actor.advertiserId } });
  if (!row) throw new AppError("not_found", { detail: "No change with this id." });
  const change = changeOf(row);
  const refusal = undoRefusal(change);
  if (refusal) throw new AppError("conflict", { detail: `This change cannot be undone: ${refusal}.` });
  const input: Record<string, unknown> = { id: change.target.id };
  for (const [name, value] of Object.entries(change.fields)) input[name] = value.from;
  return campaignUpdated(actor, parseInput(updateCampaignByIdInput, input), {
    clock: options.clock,
    operation: undoChange.name,
    reason: `undoes ${change.id}`,
    precondition: (campaign) => {
      const moved = movedFields(change.fields, campaignFieldValues(campaign));
      if (moved.length)
        throw new AppError("conflict", {
          detail: `The campaign changed since this change, so it was not undone: ${moved.join("; ")}.`,
        });
    },
  });
}
