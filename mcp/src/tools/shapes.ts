// Pieces shared by the tools: input fields and output shapes (the REST API's
// shapes, loosely: the API's OpenAPI document is the reference), and the
// one-command campaign tool.
import { z } from "zod";
import { CAMPAIGN_STATUSES, PACINGS } from "../api-values.ts";
import type { OperationId } from "../generated/operations.ts";
import type {
  Campaign,
  CampaignUpdatePreview,
  CreateCampaignBody,
  RestClient,
  Schemas,
  UpdateCampaignBody,
  Written,
} from "../rest-client.ts";
import { defineTool, idempotencyKey, IDEMPOTENCY_KEY_PATTERN } from "../tool.ts";

export const campaignId = z.string().min(1).max(100).describe('Campaign id, e.g. "cmp_8fJ2nQ4xLbW9cT1mV6pR3z".');
export const webhookId = z.string().min(1).max(100).describe("Webhook endpoint id (a UUID).");
/** A postback key's name: the partner it is for (the service trims it and takes 1 to 100 characters). */
export const postbackKeyName = z
  .string()
  .min(1)
  .max(100)
  .describe('What the key is called: the attribution partner it is for, e.g. "AppsFlyer" (1 to 100 characters).');

export const postbackKeyId = z
  .string()
  .min(1)
  .max(100)
  .describe(
    'Postback key id from list_postback_keys or create_postback_key, e.g. "pbk_3vQ8mZs0aV2kPp9LwXcT1e" (not the key).',
  );
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");

export const campaignOut = z.looseObject({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
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
    .describe(
      "What would change and the estimated daily impressions and spend (USD), with estimate_status: insufficient_volume " +
        "means no estimate could be made yet (both figures 0), not that the campaign will not deliver.",
    ),
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

export const pacingField = z
  .enum(PACINGS)
  .optional()
  .describe(
    "even (default): each day's spend follows a straight line to the end of the UTC day; asap: spend as auctions are won.",
  );

/** A campaign's region list (target_regions, excluded_regions): ISO 3166 codes, or null for none. */
export const regionsField = (what: string) =>
  z
    .array(z.string())
    .nullable()
    .optional()
    .describe(
      `${what} ISO 3166-2 subdivisions (US-NJ, CA-ON) or ISO 3166-1 countries (US, CA: every subdivision in them); null: ` +
        "no list. A gambling advertiser may target only its licensed regions (get_products' ext.sma.buyable_regions).",
    );

/** An AdCP task's idempotency key, in AdCP's format (fresh per intended `change`, e.g. "buy", when given). */
export function adcpIdempotencyKey(change?: string) {
  return z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN)
    .describe(`Required: 16-255 characters [A-Za-z0-9_.:-]${change ? `, fresh per intended ${change}` : ""}.`);
}

/** createCampaign's validate_only answer: what creating `body` would do, nothing written. */
export async function previewCreate(
  api: RestClient,
  body: CreateCampaignBody,
): Promise<Schemas["CampaignCreatePreview"]> {
  return (await api.write("createCampaign", { body }, { validateOnly: true }))
    .result as Schemas["CampaignCreatePreview"];
}

/** updateCampaign's validate_only answer: what the change would do and whether it can raise spend, nothing written. */
export async function previewUpdate(
  api: RestClient,
  id: string,
  body: UpdateCampaignBody,
  options: { ifUpdatedAt?: string } = {},
): Promise<CampaignUpdatePreview> {
  return (await api.write("updateCampaign", { path: { id }, body }, { validateOnly: true, ...options }))
    .result as CampaignUpdatePreview;
}

/** updateCampaign applied (not a preview): the campaign as it now is. */
export async function applyUpdate(
  api: RestClient,
  id: string,
  body: UpdateCampaignBody,
  write: { idempotencyKey: string; ifUpdatedAt?: string },
): Promise<Written<Campaign>> {
  return (await api.write("updateCampaign", { path: { id }, body }, write)) as Written<Campaign>;
}

/** The answer of a write that was made: `field` carries what the API answered. */
export function completedWrite<F extends string>(field: F, { result, replayed }: Written<unknown>) {
  return { status: "completed", replayed, [field]: result } as { status: "completed"; replayed: boolean } & Record<
    F,
    unknown
  >;
}

/**
 * A tool that sends one command to a campaign (pause, end, cancel): the
 * campaign id and an idempotency key in, the campaign as it now is out. Such a
 * command never raises spend, so it needs no confirmation.
 */
export function campaignCommand(options: {
  name: string;
  title: string;
  description: string;
  destructive: boolean;
  operations: readonly OperationId[];
  send: (api: RestClient, campaignId: string, write: { idempotencyKey: string }) => Promise<Written<Campaign>>;
}) {
  return defineTool({
    name: options.name,
    title: options.title,
    description: options.description,
    input: { campaign_id: campaignId, idempotency_key: idempotencyKey },
    output: campaignWriteOutput,
    operations: options.operations,
    destructive: options.destructive,
    run: async ({ campaign_id, idempotency_key }, { api }) =>
      completedWrite("campaign", await options.send(api, campaign_id, { idempotencyKey: idempotency_key })),
  });
}
