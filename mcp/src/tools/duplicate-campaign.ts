import { z } from "zod";
import { confirm, defineTool, idempotencyKey } from "../tool.ts";
import { MOMENT_TYPES, SPORTS } from "../api-values.ts";
import {
  campaignId,
  campaignWriteOutput,
  completedWrite,
  creativeFields,
  isoDate,
  pacingField,
  regionsField,
} from "./shapes.ts";

/** What an active copy answers before it is confirmed: it can spend, and no preview endpoint exists for a copy. */
export const ACTIVE_COPY_MESSAGE =
  "Nothing was created. An active copy can spend from its start date: call again with confirm: true, the same arguments " +
  "and the same idempotency_key to create it, or leave status out for a paused copy (it spends nothing until resumed).";

export const duplicateCampaign = defineTool({
  name: "duplicate_campaign",
  title: "Copy a campaign, with changes",
  description:
    "Copy and edit: creates a new campaign with another campaign's settings and every creative (any status), each setting " +
    "replaced where you pass it: moment types, sports, bid, budgets, target CPA, start and end date, pacing, regions, " +
    "postback URL, the primary creative, the other variants. The way to change what update_campaign cannot (moment types, " +
    "sports, start date, creatives). The copy is checked as create_campaign is (floors of the moment types, budget " +
    "minimums, start date today (UTC) or later; every problem at once, with its field), every icon is checked and every " +
    "creative reviewed again. Paused unless status is active (then confirm: true is needed, as it can spend). Omitted " +
    "dates: the source's start date (today when that is past) and a flight as long as the source's.",
  input: {
    campaign_id: campaignId.describe("The campaign to copy."),
    name: z.string().optional().describe('Omitted: "Copy of " and the source\'s name.'),
    status: z.enum(["active", "paused"]).optional().describe("paused (the default) or active (needs confirm: true)."),
    moment_types: z.array(z.enum(MOMENT_TYPES)).optional().describe("Omitted: the source's."),
    sports: z.array(z.enum(SPORTS)).optional().describe("Omitted: the source's."),
    bid_cpm_usd: z.number().optional().describe("CPM bid in USD; omitted: the source's."),
    daily_budget_usd: z.number().nullable().optional().describe("At least 5; null: spread over the flight."),
    total_budget_usd: z.number().optional().describe("At least 10; omitted: the source's."),
    target_cpa_usd: z.number().nullable().optional().describe("null: CPA auto-bidding off; omitted: the source's."),
    start_date: isoDate.optional().describe("First day (UTC), today or later."),
    end_date: isoDate.nullable().optional().describe("Last day (UTC, inclusive); null for open-ended."),
    postback_url: z.string().nullable().optional(),
    pacing: pacingField,
    target_regions: regionsField("Serve only users in these regions:"),
    excluded_regions: regionsField("Never serve users in these regions:"),
    creative: z.object(creativeFields).optional().describe("The copy's primary creative (variant_a)."),
    variants: z
      .array(z.object(creativeFields))
      .optional()
      .describe("The copy's other creatives (variant_b on), in order; [] for none; omitted: the source's."),
    idempotency_key: idempotencyKey,
    confirm,
  },
  output: campaignWriteOutput,
  operations: ["duplicateCampaign"],
  run: async ({ campaign_id, idempotency_key, confirm: confirmed, ...body }, { api }) => {
    if (body.status === "active" && !confirmed) return { status: "preview", message: ACTIVE_COPY_MESSAGE };
    return completedWrite(
      "campaign",
      await api.write("duplicateCampaign", { path: { id: campaign_id }, body }, { idempotencyKey: idempotency_key }),
    );
  },
});
