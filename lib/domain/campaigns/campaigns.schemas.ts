// Campaign inputs (create, update, list query) and outputs, one zod schema each:
// the REST routes, GraphQL, the dashboard forms and the OpenAPI document reuse
// them. Rules are the specification's and docs/api.md's; "today" is the UTC date of
// an injected clock, so the schemas that need it are built per clock.
import { z } from "zod";
import {
  highestFloorType,
  isAvailableIn,
  momentType,
  MOMENT_TYPE_KEYS,
  type MomentTypeKey,
} from "@/lib/domain/moment-types/catalog";
import {
  CREATIVE_STATUSES,
  creativeInput,
  creativeResource,
  isHttpsOrAllowListed,
  URL_MAX,
  variantCreated,
} from "@/lib/domain/creatives/creatives.schemas";
import { estimateStatus, MARKET_RULE_TEXT } from "@/lib/domain/market/market.schemas";
import { regionList } from "@/lib/domain/regions/regions.schemas";
import { SPORTS, type Sport } from "@/lib/domain/sports";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { rateLimitText } from "@/lib/rate-limit/policies";
import { spreadIssue } from "./budget-spread";
import { utcDate } from "./dates";

export const MIN_DAILY_BUDGET_USD = 5;
export const MIN_TOTAL_BUDGET_USD = 10;
export const MAX_BID_CPM_USD = 1000;
export const MAX_BUDGET_USD = 100_000_000;
export const MAX_TARGET_CPA_USD = 1_000_000;
export const NAME_MAX = 200;

export const CAMPAIGN_STATUSES = ["active", "paused", "ended", "cancelled"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const campaignStatus = z.enum(CAMPAIGN_STATUSES);

/** The statuses a campaign can still change from (settings, status, variants); ended and cancelled are final. */
export const OPEN_STATUSES = ["active", "paused"] as const satisfies readonly CampaignStatus[];

/** What updateCampaign (pause, resume, end, update), DELETE (cancel) and addCreativeVariant (add_variant) accept on a campaign now. */
export const CAMPAIGN_ACTIONS = ["pause", "resume", "end", "cancel", "update", "add_variant"] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** Whether a campaign delivers now, and if not why: its status, or for an active one what it waits for. */
export const DELIVERY_STATUSES = [
  "delivering",
  "pending_creatives",
  "pending_start",
  "account_limit_reached",
  "paused",
  "ended",
  "cancelled",
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
const DELIVERY_STATUS_DESCRIPTION =
  "Whether the campaign delivers now: delivering; or, for an active campaign, pending_creatives (no approved creative " +
  "yet), pending_start (its start date, UTC, is still ahead) or account_limit_reached (the advertiser's prepaid balance " +
  "or credit limit is used up: it resumes by itself once funds or the limit allow); otherwise its status (paused, " +
  "ended, cancelled).";
export const deliveryStatusSchema = z
  .enum(DELIVERY_STATUSES)
  .meta({ id: "DeliveryStatus", description: DELIVERY_STATUS_DESCRIPTION });

/** The statuses a campaign may be created with (createCampaign's `status`). */
export const INITIAL_STATUSES = ["active", "paused"] as const;

/** True while the campaign can still change (docs/decisions/0300); pure, so the dashboard shows the same rule. */
export function isOpenStatus(status: CampaignStatus): boolean {
  return (OPEN_STATUSES as readonly CampaignStatus[]).includes(status);
}

export const PACINGS = ["even", "asap"] as const;
export type Pacing = (typeof PACINGS)[number];
const PACING_DESCRIPTION =
  "How the daily budget is spent. even (the default): at any moment the day's spend stays within a straight line from the " +
  "start of delivery that day (the UTC day's start, or the campaign's creation when later) to the end of the UTC day, plus " +
  "at most 15 minutes' worth. asap: as auctions are won, with no line. Both never exceed the day's budget by more than one " +
  "impression's price.";
export const pacing = z
  .enum(PACINGS, "must be even or asap")
  .meta({ description: PACING_DESCRIPTION, example: "even" });

/** True when a USD number is a whole number of micro-dollars (6 decimals; float noise such as 0.1+0.2 tolerated). */
export function isWholeMicros(usd: number): boolean {
  const micros = usd * 1_000_000;
  return Math.abs(micros - Math.round(micros)) < 1e-3;
}

function usd(options: { min?: number; gtZero?: boolean; max: number; description: string; example: number }) {
  let schema = z.number();
  if (options.gtZero) schema = schema.gt(0, "must be greater than 0");
  if (options.min !== undefined) schema = schema.min(options.min, `must be at least ${options.min}`);
  return schema
    .max(options.max, `must be at most ${options.max}`)
    .refine(isWholeMicros, "must have at most 6 decimal places")
    .meta({ description: options.description, example: options.example });
}

const bidCpmUsd = usd({
  gtZero: true,
  max: MAX_BID_CPM_USD,
  description: `CPM bid in USD: at least the floor of every selected moment type (the highest of them), at most ${MAX_BID_CPM_USD}.`,
  example: 2.5,
});
const dailyBudgetUsd = usd({
  min: MIN_DAILY_BUDGET_USD,
  max: MAX_BUDGET_USD,
  description: `Daily budget in USD (UTC days), at least ${MIN_DAILY_BUDGET_USD}.`,
  example: 50,
});
const totalBudgetUsd = usd({
  min: MIN_TOTAL_BUDGET_USD,
  max: MAX_BUDGET_USD,
  description: `Total budget in USD, at least ${MIN_TOTAL_BUDGET_USD}.`,
  example: 500,
});
const DAILY_BUDGET_DESCRIPTION =
  `Daily budget in USD (UTC days), at least ${MIN_DAILY_BUDGET_USD}. null: spread from the total budget over the ` +
  "flight (needs an end date): evenly over its days, start and end counted, rounded up to the cent (with asap pacing, " +
  `the whole total), which must come to at least ${MIN_DAILY_BUDGET_USD} a day; the answer carries the amount.`;
const targetCpaUsd = usd({
  gtZero: true,
  max: MAX_TARGET_CPA_USD,
  description: "Target cost per conversion in USD; enables CPA auto-bidding.",
  example: 12,
}).nullable();

/** A campaign's name (E5, E7, a duplicate's). */
export const campaignName = z
  .string()
  .refine((value) => value.trim().length > 0, "must not be blank")
  .refine((value) => value.length <= NAME_MAX, `must be at most ${NAME_MAX} characters`)
  .meta({ minLength: 1, maxLength: NAME_MAX, example: "NBA close games — Q4 push" });

export const isoDate = z.iso.date("must be a date (YYYY-MM-DD)");

function unique<T>(values: readonly T[]): boolean {
  return new Set(values).size === values.length;
}

const TARGET_REGIONS_DESCRIPTION =
  "Region codes the campaign serves only (ISO 3166-2 subdivisions such as US-NJ, or ISO 3166-1 countries such as US, " +
  "which contain their subdivisions); null (the default): everywhere. A user whose decision names no region matches " +
  "only campaigns without target regions. A gambling advertiser may name only regions within its licensed regions " +
  "(422 region_not_licensed otherwise); it never serves outside them, whatever this says.";
const EXCLUDED_REGIONS_DESCRIPTION =
  "Region codes the campaign never serves (a country excludes its subdivisions); null (the default): none.";
const targetRegions = regionList
  .nullable()
  .meta({ description: TARGET_REGIONS_DESCRIPTION, example: ["US-NJ", "US-PA"] });
const excludedRegions = regionList.nullable().meta({ description: EXCLUDED_REGIONS_DESCRIPTION, example: ["CA-ON"] });

const momentTypes = z
  .array(z.enum(MOMENT_TYPE_KEYS))
  .min(1, "must contain at least one moment type")
  .refine(unique, "must not repeat a moment type")
  .meta({
    description: "Moment type keys (E2). A type is targeted in the selected sports where it is available.",
    example: ["close_game", "overtime"],
  });
const sports = z
  .array(z.enum(SPORTS))
  .min(1, "must contain at least one sport")
  .refine(unique, "must not repeat a sport")
  .meta({ example: ["nba", "ncaa_basketball"] });

/** An https URL (or an allow-listed host:port in development), for outbound requests such as postbacks. */
export const postbackUrl = z
  .string()
  .max(URL_MAX)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an absolute URL" });
      return;
    }
    if (!isHttpsOrAllowListed(url)) ctx.addIssue({ code: "custom", message: "must be an https URL" });
    else if (url.username || url.password) ctx.addIssue({ code: "custom", message: "must not contain credentials" });
  })
  .nullable()
  .meta({
    // a URL with {macro} placeholders is an RFC 6570 template, not a plain URI
    format: "uri-template",
    description:
      "When set, each recorded conversion is also sent there as a GET, with the macros {click_id} {campaign_id} {event_type} {event_value_usd} substituted. HTTPS only.",
    example: "https://postback.example.com/sma?click={click_id}&value={event_value_usd}",
  });

type Payload = { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] };
/**
 * Run a cross-field rule only when the body is an object and the fields it reads
 * parsed (so every field error is reported at once). `when` overrides zod's rule
 * of skipping refinements after a failure, so the value may be anything here: an
 * array, a string or null must not reach the rule.
 */
function whenValid(...fields: string[]) {
  return {
    when: (payload: Payload) =>
      typeof payload.value === "object" &&
      payload.value !== null &&
      !Array.isArray(payload.value) &&
      !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))),
  };
}

/** E5's floor rule (createCampaign and the forecast): the bid meets the highest floor of the targeted moment types. */
function bidMeetsFloors(value: { moment_types: MomentTypeKey[]; bid_cpm_usd: number }, ctx: z.RefinementCtx): void {
  const issue = floorIssue(value.moment_types, usdToMicros(value.bid_cpm_usd));
  if (issue) ctx.addIssue({ code: "custom", path: ["bid_cpm_usd"], message: issue });
}

/** E5's availability rule (createCampaign and the forecast): every targeted moment type is offered in a targeted sport. */
function typesInSports(value: { moment_types: MomentTypeKey[]; sports: Sport[] }, ctx: z.RefinementCtx): void {
  for (const { index, message } of unavailableTypes(value.moment_types, value.sports)) {
    ctx.addIssue({ code: "custom", path: ["moment_types", index], message });
  }
}

/** The minimum-bid message: which selected type sets the floor. */
export function floorIssue(types: readonly MomentTypeKey[], bidMicros: bigint): string | null {
  const setter = highestFloorType(types);
  if (!setter || bidMicros >= setter.floorCpmMicros) return null;
  return `must be at least ${microsToUsd(setter.floorCpmMicros).toFixed(2)}, the floor of ${setter.key} (the highest floor among the selected moment types)`;
}

/** Moment types available in none of the selected sports (docs/api.md: creation is refused only then). */
export function unavailableTypes(
  types: readonly MomentTypeKey[],
  selected: readonly Sport[],
): { index: number; message: string }[] {
  return types.flatMap((type, index) =>
    selected.some((sport) => isAvailableIn(type, sport))
      ? []
      : [
          {
            index,
            message: `${type} is not available in any selected sport (available in: ${momentType(type).availableSports.join(", ")})`,
          },
        ],
  );
}

/** createCampaign's body, checked against `today` (UTC, YYYY-MM-DD). */
export function createCampaignInputFor(today: () => string) {
  return z
    .strictObject({
      name: campaignName,
      moment_types: momentTypes,
      sports,
      bid_cpm_usd: bidCpmUsd,
      daily_budget_usd: dailyBudgetUsd.nullable().meta({ description: DAILY_BUDGET_DESCRIPTION }),
      total_budget_usd: totalBudgetUsd,
      start_date: isoDate
        .refine((value) => value >= today(), { message: "must be today (UTC) or later" })
        .meta({ description: "First day of delivery (UTC): today or later.", example: "2026-12-01" }),
      end_date: isoDate.nullable().optional().meta({
        description: "Last day of delivery (UTC, inclusive), after start_date; null or omitted = open-ended.",
      }),
      target_cpa_usd: targetCpaUsd.optional(),
      postback_url: postbackUrl.optional(),
      pacing: pacing.optional().meta({ description: `${PACING_DESCRIPTION} Omitted: even.` }),
      target_regions: targetRegions.optional(),
      excluded_regions: excludedRegions.optional(),
      status: z
        .enum(INITIAL_STATUSES, "must be active or paused")
        .optional()
        .meta({
          description:
            "active (the default): the campaign can deliver from start_date. paused: created paused, it delivers nothing " +
            "until it is resumed (E7 status active); never active in between.",
        }),
      creative: creativeInput,
    })
    .superRefine(bidMeetsFloors, whenValid("moment_types", "bid_cpm_usd"))
    .superRefine(typesInSports, whenValid("moment_types", "sports"))
    .superRefine(
      (value, ctx) => {
        if (value.daily_budget_usd !== null) return;
        const issue = spreadIssue(
          {
            totalMicros: usdToMicros(value.total_budget_usd),
            startDate: value.start_date,
            endDate: value.end_date ?? null,
            pacing: value.pacing ?? "even",
          },
          usdToMicros(MIN_DAILY_BUDGET_USD),
          microsToUsd,
        );
        if (issue) ctx.addIssue({ code: "custom", path: ["daily_budget_usd"], message: issue });
      },
      whenValid("daily_budget_usd", "total_budget_usd", "start_date", "end_date", "pacing"),
    )
    .superRefine(
      (value, ctx) => {
        if (value.end_date != null && value.end_date <= value.start_date) {
          ctx.addIssue({ code: "custom", path: ["end_date"], message: "must be after the start date" });
        }
      },
      whenValid("start_date", "end_date"),
    )
    .meta({ id: "CreateCampaignInput" });
}

/**
 * A delivery forecast's input (GraphQL's forecastCampaignDelivery): E5's targeting, bid and budgets with E5's
 * rules (the floors, the types available in the sports), and nothing else: the forecast the create form shows
 * while the notification is still being written.
 */
export const forecastDeliveryInput = z
  .strictObject({
    moment_types: momentTypes,
    sports,
    bid_cpm_usd: bidCpmUsd,
    daily_budget_usd: dailyBudgetUsd,
    total_budget_usd: totalBudgetUsd,
    target_regions: targetRegions.optional(),
    excluded_regions: excludedRegions.optional(),
  })
  .superRefine(bidMeetsFloors, whenValid("moment_types", "bid_cpm_usd"))
  .superRefine(typesInSports, whenValid("moment_types", "sports"))
  .meta({ id: "ForecastDeliveryInput" });
export type ForecastDeliveryInput = z.infer<typeof forecastDeliveryInput>;

/** createCampaign's body with the real clock (documentation, forms). Services use createCampaignInputFor(their clock). */
export const createCampaignInput = createCampaignInputFor(() => utcDate(new Date()));
export type CreateCampaignInput = z.infer<typeof createCampaignInput>;

const immutableNote = "Immutable after creation: accepted only with the current value (422 immutable_field otherwise).";

/** updateCampaign's body. Rules that need the stored campaign (floors, minimums, dates, transitions) are checked by the service on the merged campaign. */
export const updateCampaignInput = z
  .strictObject({
    name: campaignName.optional(),
    bid_cpm_usd: bidCpmUsd.optional(),
    daily_budget_usd: dailyBudgetUsd
      .nullable()
      .optional()
      .meta({
        description:
          `${DAILY_BUDGET_DESCRIPTION} At E7 the spread is worked out on the campaign as it will be (its total budget, ` +
          "start date, end date and pacing after the change).",
      }),
    total_budget_usd: totalBudgetUsd.optional(),
    target_cpa_usd: targetCpaUsd.optional(),
    end_date: isoDate.nullable().optional().meta({
      description: "Last day of delivery (UTC, inclusive): after start_date and not before today; null = open-ended.",
    }),
    status: z
      .enum(["active", "paused", "ended"])
      .optional()
      .meta({ description: "active ⇄ paused; active or paused → ended (final). `cancelled` is reached with DELETE." }),
    postback_url: postbackUrl.optional(),
    pacing: pacing.optional(),
    target_regions: targetRegions.optional().meta({ description: `${TARGET_REGIONS_DESCRIPTION} Mutable.` }),
    excluded_regions: excludedRegions.optional().meta({ description: `${EXCLUDED_REGIONS_DESCRIPTION} Mutable.` }),
    moment_types: momentTypes.optional().meta({ description: immutableNote }),
    sports: sports.optional().meta({ description: immutableNote }),
    start_date: isoDate.optional().meta({ description: immutableNote }),
    creative: creativeInput
      .optional()
      .meta({ description: `${immutableNote} New creatives are added as variants (E8).` }),
  })
  .meta({ id: "UpdateCampaignInput" });
export type UpdateCampaignInput = z.infer<typeof updateCampaignInput>;

/** updateCampaign's operation input: the body and the campaign's id (the path's; any id, one the caller does not own is 404). */
/**
 * updateCampaign's input: the body, the path's id, and (REST's If-Match header, never the body) the campaign's
 * `updated_at` as the caller read it. With it the update applies only to that state of the campaign: the
 * write is conditional on the row it checked (docs/decisions/1314), so a change in between is 409 conflict.
 */
export const updateCampaignByIdInput = updateCampaignInput.extend({
  id: z.string(),
  if_updated_at: z.iso.datetime({ precision: 3 }).optional(),
});

/** REST's If-Match on updateCampaign: the campaign's updated_at as an entity tag ("2026-12-01T10:00:00.000Z"). */
export const ifMatchHeaders = z.object({
  "if-match": z
    .string()
    .optional()
    .meta({
      description:
        'The campaign\'s `updated_at` as you read it, as an entity tag (`"2026-12-01T10:00:00.000Z"`): the update ' +
        "applies only if the campaign has not changed since (checked and written atomically), else 409 conflict. " +
        "Anything else is 400 bad_request.",
    }),
});
export type UpdateCampaignByIdInput = z.infer<typeof updateCampaignByIdInput>;

/** The fields an update preview compares (the domain's names), in the order its changes list them. */
export const PREVIEW_FIELDS = [
  "name",
  "status",
  "bidCpmMicros",
  "dailyBudgetMicros",
  "totalBudgetMicros",
  "targetCpaMicros",
  "endDate",
  "postbackUrl",
  "pacing",
  "targetRegions",
  "excludedRegions",
] as const;
export type PreviewField = (typeof PREVIEW_FIELDS)[number];

/** A preview field's name in the API (REST's; GraphQL's is its camelCase), whose amounts are USD. */
export const PREVIEW_FIELD_NAMES = {
  name: "name",
  status: "status",
  bidCpmMicros: "bid_cpm_usd",
  dailyBudgetMicros: "daily_budget_usd",
  totalBudgetMicros: "total_budget_usd",
  targetCpaMicros: "target_cpa_usd",
  endDate: "end_date",
  postbackUrl: "postback_url",
  pacing: "pacing",
  targetRegions: "target_regions",
  excludedRegions: "excluded_regions",
} as const satisfies Record<PreviewField, string>;

export const MAX_PER_PAGE = 100;

/** listCampaigns's query. The route turns all-digit query values into numbers; anything else is reported as it is. */
export const listCampaignsQuery = z
  .strictObject({
    status: campaignStatus.optional().meta({ description: "Only campaigns with this status." }),
    page: z.number().int("must be an integer").min(1, "must be at least 1").max(Number.MAX_SAFE_INTEGER).default(1),
    per_page: z
      .number()
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(MAX_PER_PAGE, `must be at most ${MAX_PER_PAGE}`)
      .default(20),
  })
  .meta({ id: "ListCampaignsQuery" });
export type ListCampaignsQuery = z.infer<typeof listCampaignsQuery>;

// ------------------------------------------------------------------ outputs

const usdOut = z.number();

export const campaignListItem = z
  .object({
    id: z.string().meta({ example: "cmp_8fJ2nQ4xLbW9cT1mV6pR3z" }),
    name: z.string(),
    status: campaignStatus,
    moment_types: z.array(z.enum(MOMENT_TYPE_KEYS)),
    sports: z.array(z.enum(SPORTS)),
    bid_cpm_usd: usdOut.meta({ description: "CPM bid in USD." }),
    daily_budget_usd: usdOut.meta({ description: "Daily budget in USD (UTC days)." }),
    total_budget_usd: usdOut.meta({ description: "Total budget in USD." }),
    spend_to_date_usd: usdOut.meta({ description: "Committed spend; an impression shows here within 5 seconds." }),
    impressions_to_date: z.number().int().min(0).meta({ description: "Impressions served so far." }),
    clicks_to_date: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Clicks recorded so far (a user's repeated click on one ad counts once)." }),
    conversions_to_date: z
      .number()
      .int()
      .min(0)
      .meta({ description: "Conversions recorded so far (E16/E17 postbacks)." }),
    start_date: z.iso.date().meta({ description: "First day of delivery (UTC)." }),
    end_date: z.iso
      .date()
      .nullable()
      .meta({ description: "Last day of delivery (UTC, inclusive); null = open-ended." }),
    pacing,
    target_regions: z
      .array(z.string())
      .nullable()
      .meta({ description: "Region codes the campaign serves only; null: everywhere." }),
    excluded_regions: z
      .array(z.string())
      .nullable()
      .meta({ description: "Region codes the campaign never serves; null: none." }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime().meta({ description: "Last change to the campaign (settings, status or creatives)." }),
  })
  .meta({ id: "CampaignListItem" });
export type CampaignListItemView = z.infer<typeof campaignListItem>;

/** getCampaign: the REST resource of a campaign with its creatives (the domain's CampaignWithCreatives, lib/http/views/campaigns.ts). */
export const campaignResource = campaignListItem
  .extend({
    target_cpa_usd: usdOut
      .nullable()
      .meta({ description: "Target cost per conversion in USD (CPA auto-bidding); null when off." }),
    postback_url: z
      .string()
      .nullable()
      .meta({ description: "Where recorded conversions are also sent; null when unset." }),
    ended_reason: z
      .enum(["budget_exhausted", "end_date", "advertiser"])
      .nullable()
      .meta({ description: "Why delivery stopped (ended or cancelled campaigns); null while it can run." }),
    creative: creativeResource.meta({ description: "The primary creative (variant_a)." }),
    variants: z.array(creativeResource).meta({ description: "Every creative of the campaign, variant_a first." }),
    delivery_status: deliveryStatusSchema,
    available_actions: z.array(z.enum(CAMPAIGN_ACTIONS)).meta({
      description:
        "What the API accepts on this campaign now: pause or resume (E7 status paused or active), end (E7 status ended), " +
        "cancel (DELETE), update (E7's other fields), add_variant (E8, until variant_z). Empty once ended or cancelled.",
    }),
  })
  .meta({ id: "Campaign" });
export type CampaignView = z.infer<typeof campaignResource>;

export const pagination = z
  .object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().meta({ description: "Campaigns matching the filter." }),
  })
  .meta({ id: "Pagination" });

export const campaignList = z.object({ campaigns: z.array(campaignListItem), pagination }).meta({ id: "CampaignList" });
export type CampaignListView = z.infer<typeof campaignList>;

// The estimates (docs/decisions/0304): from other advertisers' clearing prices only, rounded so
// that no one advertiser's bid can be read from them.
const estimatedDailyImpressions = z.number().int().min(0);
const estimatedDailySpendUsd = usdOut.min(0);
const ESTIMATED_IMPRESSIONS =
  "Impressions a day the campaign would have won over the last 7 days of other advertisers' auctions on its moment types " +
  "and sports (its own and demo auctions left out), counting an auction as won when its clearing price lies in a lower 5 % " +
  "price band than the bid, capped by the daily budget; rounded to 2 significant digits. 0 when the creative was rejected, " +
  `and 0 with estimate_status insufficient_volume unless that sample holds ${MARKET_RULE_TEXT}.`;
const ESTIMATED_SPEND =
  "Daily spend for those impressions, each priced at the upper edge of its clearing price's band (never a winning bid), at " +
  "most the daily budget; in whole cents.";

export const campaignCreated = z
  .object({
    id: z.string(),
    status: campaignStatus,
    delivery_status: deliveryStatusSchema,
    estimated_daily_impressions: estimatedDailyImpressions.meta({ description: ESTIMATED_IMPRESSIONS }),
    estimated_daily_spend_usd: estimatedDailySpendUsd.meta({ description: ESTIMATED_SPEND }),
    estimate_status: estimateStatus,
    created_at: z.iso.datetime(),
    creative: variantCreated.meta({ description: "The primary creative and the result of its automatic review." }),
  })
  .meta({ id: "CampaignCreated" });
export type CampaignCreatedView = z.infer<typeof campaignCreated>;

export const campaignIdParams = z.object({
  id: z.string().meta({ description: "Campaign id", example: "cmp_8fJ2nQ4xLbW9cT1mV6pR3z" }),
});

/** The input of an operation on one campaign (getCampaign, cancel): its id, any id (one the caller does not own is 404). */
export const campaignIdInput = z.object({ id: z.string() });

// ------------------------------------------------------------------ validate_only (previews)

/** `?validate_only=true` on createCampaign and updateCampaign: run every check, write nothing, return a preview. */
export const validateOnlyQuery = z
  .strictObject({
    validate_only: z
      .enum(["true", "false"], "must be true or false")
      .optional()
      .meta({
        description:
          "true: run every check (fields, floors, budgets, icon, review) and return a preview with the estimates, writing nothing (an Idempotency-Key is neither used nor consumed). " +
          `Every preview counts against ${rateLimitText("preview", "previews")} per advertiser (E5's and E7's, GraphQL's included; 429 rate_limited past it).`,
      }),
  })
  .meta({ id: "ValidateOnlyQuery" });

export const campaignCreatePreview = z
  .object({
    validate_only: z.literal(true),
    campaign: z
      .object({
        name: z.string(),
        status: z.enum(INITIAL_STATUSES),
        delivery_status: deliveryStatusSchema,
        moment_types: z.array(z.enum(MOMENT_TYPE_KEYS)),
        sports: z.array(z.enum(SPORTS)),
        bid_cpm_usd: usdOut,
        daily_budget_usd: usdOut,
        total_budget_usd: usdOut,
        start_date: z.iso.date(),
        end_date: z.iso.date().nullable(),
        target_cpa_usd: usdOut.nullable(),
        postback_url: z.string().nullable(),
        pacing,
        target_regions: z.array(z.string()).nullable(),
        excluded_regions: z.array(z.string()).nullable(),
      })
      .meta({ description: "The campaign creation would make (without an id: nothing was written)." }),
    creative: z
      .object({ status: z.enum(CREATIVE_STATUSES), review_reason: z.string().nullable() })
      .meta({ description: "The automatic review's verdict on the primary creative." }),
    estimated_daily_impressions: estimatedDailyImpressions.meta({
      description: `As E5 would answer. ${ESTIMATED_IMPRESSIONS}`,
    }),
    estimated_daily_spend_usd: estimatedDailySpendUsd.meta({ description: ESTIMATED_SPEND }),
    estimate_status: estimateStatus,
  })
  .meta({ id: "CampaignCreatePreview" });
export type CampaignCreatePreviewView = z.infer<typeof campaignCreatePreview>;

export const campaignUpdatePreview = z
  .object({
    validate_only: z.literal(true),
    changes: z
      .array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() }))
      .meta({ description: "Every field the update would change, with its current and new value (empty: no change)." }),
    raises_spend: z.boolean().meta({
      description:
        "True when the update can increase spend or its rate: a higher bid, daily or total budget, a later or removed end date, resuming a paused campaign, pacing even -> asap, or region targeting that reaches more users (a target region added or the list removed, an excluded region removed).",
    }),
    campaign: campaignResource.meta({ description: "The campaign as it would be after the update." }),
    estimated_daily_impressions: estimatedDailyImpressions.meta({
      description:
        "Estimated impressions a day after the update: 0 (estimated) unless the campaign would be active with an approved " +
        `creative and budget left; otherwise as E5 estimates, capped by the budget left too. ${ESTIMATED_IMPRESSIONS}`,
    }),
    estimated_daily_spend_usd: estimatedDailySpendUsd.meta({
      description: `Estimated daily spend after the update, capped by the daily budget and the budget left. ${ESTIMATED_SPEND}`,
    }),
    estimate_status: estimateStatus,
    current_estimated_daily_impressions: estimatedDailyImpressions.meta({ description: "The same estimate today." }),
    current_estimated_daily_spend_usd: estimatedDailySpendUsd.meta({ description: "The same estimate today." }),
    current_estimate_status: estimateStatus,
  })
  .meta({ id: "CampaignUpdatePreview" });
export type CampaignUpdatePreviewView = z.infer<typeof campaignUpdatePreview>;
