import { z } from "zod";
import type { RestClient, UpdateCampaignBody } from "../rest-client.ts";
import { CONFIRM_MESSAGE, confirm, defineTool, ESTIMATES_NOTE, idempotencyKey } from "../tool.ts";
import { CAMPAIGN_UPDATE_STATUSES } from "../api-values.ts";
import {
  campaignId,
  campaignWriteOutput,
  completedWrite,
  isoDate,
  pacingField,
  regionsField,
  previewUpdate,
  applyUpdate,
} from "./shapes.ts";

/**
 * A campaign change, previewed first unless confirmed: the API's validate_only
 * answer says whether it can raise spend (docs/decisions/1301); only then is
 * confirmation required. Pausing, lowering or ending never waits.
 */
export async function guardedUpdate(
  api: RestClient,
  id: string,
  body: UpdateCampaignBody,
  options: { idempotencyKey: string; confirmed?: boolean },
) {
  if (!options.confirmed) {
    const preview = await previewUpdate(api, id, body);
    if (preview.raises_spend) return { status: "preview", message: CONFIRM_MESSAGE, preview };
  }
  return completedWrite("campaign", await applyUpdate(api, id, body, { idempotencyKey: options.idempotencyKey }));
}

export const updateCampaign = defineTool({
  name: "update_campaign",
  title: "Update a campaign",
  description:
    "Changes a campaign's name, bid (CPM, USD), daily or total budget (USD), target CPA, end date, postback URL, pacing or status " +
    "(active, paused, ended: ended is final). Moment types, sports, start date and creatives cannot change (add a variant " +
    "instead). A change that can raise spend (higher bid or budget, later end date, resuming, even -> asap pacing) is only previewed until you " +
    "call again with confirm: true and the same idempotency_key; other changes apply at once. Floors and budget minimums " +
    "are checked on the result; the total budget cannot go below the spend to date. Without confirm every change is " +
    "previewed first (one preview), and the preview's estimates come with estimate_status. " +
    ESTIMATES_NOTE,
  input: {
    campaign_id: campaignId,
    name: z.string().optional(),
    bid_cpm_usd: z.number().optional().describe("New CPM bid in USD (at least the highest floor of its moment types)."),
    daily_budget_usd: z.number().optional().describe("At least 5."),
    total_budget_usd: z.number().optional().describe("At least 10 and at least the spend to date."),
    target_cpa_usd: z.number().nullable().optional(),
    end_date: isoDate.nullable().optional().describe("Last day (UTC, inclusive), today or later; null for open-ended."),
    status: z.enum(CAMPAIGN_UPDATE_STATUSES).optional(),
    postback_url: z.string().nullable().optional(),
    pacing: pacingField,
    target_regions: regionsField("Serve only users in these regions:"),
    excluded_regions: regionsField("Never serve users in these regions:"),
    idempotency_key: idempotencyKey,
    confirm,
  },
  output: campaignWriteOutput,
  operations: ["updateCampaign"],
  run: async ({ campaign_id, idempotency_key, confirm: confirmed, ...body }, { api }) =>
    guardedUpdate(api, campaign_id, body, { idempotencyKey: idempotency_key, confirmed }),
});
