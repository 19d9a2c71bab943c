import { z } from "zod";
import { CONFIRM_MESSAGE, confirm, defineTool, ESTIMATES_NOTE, idempotencyKey } from "../tool.ts";
import { MOMENT_TYPES, SPORTS } from "../api-values.ts";
import {
  campaignWriteOutput,
  completedWrite,
  creativeFields,
  isoDate,
  pacingField,
  previewCreate,
  regionsField,
} from "./shapes.ts";

export const createCampaign = defineTool({
  name: "create_campaign",
  title: "Create a campaign",
  description:
    "Creates an active campaign that bids a CPM (USD) on moment types in sports, with its first creative. Spends money, so " +
    "call it first without confirm: nothing is created and you get a preview (the campaign, the creative's automatic review, " +
    "estimated daily impressions and spend in USD with estimate_status). Then call again with confirm: true and " +
    "the same idempotency_key. Rules: bid_cpm_usd at least the highest floor of the chosen moment types (list_moment_types), " +
    "at most 1000; daily_budget_usd at least 5; total_budget_usd at least 10; start_date today (UTC) or later; end_date after " +
    "start_date or null; headline at most 60 characters, body 120, cta_text 20; icon_url and action_url HTTPS. Every problem " +
    "is reported at once with its field. " +
    ESTIMATES_NOTE,
  input: {
    name: z.string().describe("Campaign name, 1-200 characters."),
    moment_types: z
      .array(z.enum(MOMENT_TYPES))
      .describe('Moment type keys, e.g. ["close_game", "overtime"] (list_moment_types).'),
    sports: z.array(z.enum(SPORTS)).describe("Sports to target."),
    bid_cpm_usd: z.number().describe("CPM bid in USD."),
    daily_budget_usd: z.number().describe("Daily budget in USD (UTC days), at least 5."),
    total_budget_usd: z.number().describe("Total budget in USD, at least 10."),
    start_date: isoDate.describe("First day of delivery (UTC), today or later."),
    end_date: isoDate
      .nullable()
      .optional()
      .describe("Last day of delivery (UTC, inclusive); omit or null for open-ended."),
    target_cpa_usd: z
      .number()
      .nullable()
      .optional()
      .describe("Target cost per conversion in USD: enables CPA auto-bidding."),
    postback_url: z
      .string()
      .nullable()
      .optional()
      .describe(
        "HTTPS URL that receives each conversion (macros {click_id} {campaign_id} {event_type} {event_value_usd}).",
      ),
    pacing: pacingField,
    target_regions: regionsField("Serve only users in these regions:"),
    excluded_regions: regionsField("Never serve users in these regions:"),
    creative: z.object(creativeFields).describe("The primary creative (variant_a)."),
    idempotency_key: idempotencyKey,
    confirm,
  },
  output: campaignWriteOutput,
  operations: ["createCampaign"],
  run: async ({ idempotency_key, confirm: confirmed, ...body }, { api }) => {
    if (!confirmed) return { status: "preview", message: CONFIRM_MESSAGE, preview: await previewCreate(api, body) };
    return completedWrite("campaign", await api.write("createCampaign", { body }, { idempotencyKey: idempotency_key }));
  },
});
