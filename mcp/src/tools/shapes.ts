// Output and input pieces shared by our own tools (the REST API's shapes,
// loosely: the API's OpenAPI document is the reference).
import { z } from "zod";

export const campaignId = z.string().min(1).max(100).describe('Campaign id, e.g. "cmp_8fJ2nQ4xLbW9cT1mV6pR3z".');
export const webhookId = z.string().min(1).max(100).describe("Webhook endpoint id (a UUID).");
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");

export const campaignOut = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.enum(["active", "paused", "ended", "cancelled"]),
  moment_types: z.array(z.string()),
  sports: z.array(z.string()),
  bid_cpm_usd: z.number(),
  daily_budget_usd: z.number(),
  total_budget_usd: z.number(),
  spend_to_date_usd: z.number(),
  impressions_to_date: z.number(),
  start_date: z.string(),
  end_date: z.string().nullable(),
});

/** The answer of a write tool: done (replayed when a retry was answered from the first call), or a preview. */
export const writeOutcome = {
  status: z
    .enum(["completed", "preview"])
    .describe("completed: the change was made. preview: nothing changed; confirm to apply."),
  replayed: z
    .boolean()
    .optional()
    .describe("True when this answer is the stored result of an earlier call with the same idempotency_key."),
  message: z.string().optional(),
  preview: z
    .looseObject({})
    .optional()
    .describe("What would change and the estimated daily impressions and spend (USD)."),
};

/** The answer of a campaign write: the outcome and the campaign as it now is. */
export const campaignWriteOutput = {
  ...writeOutcome,
  campaign: z.looseObject({ id: z.string(), status: z.string() }).optional(),
};

export const creativeFields = {
  headline: z.string().describe("At most 60 characters."),
  body: z.string().describe("At most 120 characters."),
  icon_url: z.string().describe("HTTPS URL of the icon image; must answer a HEAD request (checked before saving)."),
  action_url: z
    .string()
    .describe("HTTPS URL the notification opens. Macros {click_id} and {campaign_id} are substituted."),
  cta_text: z.string().nullable().optional().describe("Call to action, at most 20 characters."),
};
