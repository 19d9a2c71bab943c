// Duplicate a campaign (POST /api/ads/campaigns/{id}/duplicate, GraphQL's
// duplicateCampaign, MCP's duplicate_campaign): copy and edit. A new campaign with the
// source's settings and every one of its creatives, each setting replaced where the call
// overrides it (moment types, sports, bid, budgets, target CPA, dates, pacing, regions, the
// postback URL, the primary creative, the variants): the way to change what updateCampaign
// keeps immutable. Paused (the default) or active as asked, made through createCampaign's
// rules on today's terms: each override is a field of createCampaign's own schema, and the
// merged settings are parsed by that schema (today's floors, minimums and dates), every
// icon is checked, every creative reviewed again; then one insert writes the campaign with
// its creatives, or nothing. A copied creative the advertiser had paused stays paused.
// Order: 422 (the input) -> 404 (the source) -> 422 validation_failed (the
// merged settings under createCampaign's rules, with createCampaign's field paths) -> 422
// region_not_licensed (the target regions, against the licence today) -> 422
// icon_unreachable -> the write.
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { changeActorOf } from "@/lib/history/change-actor";
import { DAY_MS, nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { assertIconReachable, type IconCheckOptions } from "@/lib/domain/creatives/check-icon-url";
import { creativeInput, type CreativeInput, type CreativeStatus } from "@/lib/domain/creatives/creatives.schemas";
import { reviewCreative } from "@/lib/domain/creatives/review-creative";
import { parseInput, validationError } from "@/lib/errors";
import { MAX_VARIANTS_PER_CAMPAIGN } from "@/lib/domain/creatives/variant-label";
import { microsToUsd, usdToMicros } from "@/lib/money";
import { defineOperation, type RunContext } from "@/lib/operations/operation";
import { emitCampaignsChanged } from "@/lib/process-events";
import { flightDays, spreadDailyBudgetMicros } from "./budget-spread";
import { regionsOf, type CampaignWithCreatives, type CreativeRow } from "./campaign";
import { recordCampaignCreated } from "./campaign-changes";
import { insertCampaign, type NewCreative } from "./campaign-rows";
import {
  campaignName,
  createCampaignInputFor,
  INITIAL_STATUSES,
  isoDate,
  NAME_MAX,
  type Pacing,
  campaignResource,
} from "./campaigns.schemas";
import { utcDate } from "./dates";
import { assertRegionsLicensed } from "./region-licence";
import { campaignById, getCampaignOrThrow } from "./get-campaign";

/** The input, checked against the UTC date of the call's clock: createCampaign's fields, each optional (an override). */
export function duplicateCampaignInputFor(today: () => string) {
  const create = createCampaignInputFor(today).shape;
  const override = (what: string) => `Omitted: the source's ${what}.`;
  return z
    .strictObject({
      id: z.string(),
      name: campaignName.optional().meta({
        description: `The copy's name; omitted: "Copy of " and the source's name (cut to ${NAME_MAX} characters).`,
      }),
      status: z.enum(INITIAL_STATUSES, "must be active or paused").optional().meta({
        description:
          "paused (the default): the copy delivers nothing until it is resumed. active: it can deliver from its start date.",
      }),
      start_date: isoDate
        .refine((value) => value >= today(), { message: "must be today (UTC) or later" })
        .optional()
        .meta({
          description: "The copy's first day (UTC); omitted: the source's start date, or today when that is past.",
        }),
      end_date: isoDate
        .nullable()
        .optional()
        .meta({
          description:
            "The copy's last day (UTC, inclusive; null = open-ended); omitted: a flight as long as the source's, from the " +
            "copy's start date (open-ended when the source is).",
        }),
      moment_types: create.moment_types.optional().meta({ description: override("moment types") }),
      sports: create.sports.optional().meta({ description: override("sports") }),
      bid_cpm_usd: create.bid_cpm_usd.optional().meta({ description: override("bid") }),
      daily_budget_usd: create.daily_budget_usd.optional().meta({
        description: `${override("daily budget")} null: spread from the total over the flight (an end date).`,
      }),
      total_budget_usd: create.total_budget_usd.optional().meta({ description: override("total budget") }),
      target_cpa_usd: create.target_cpa_usd.meta({
        description: `${override("target CPA")} null: CPA auto-bidding off.`,
      }),
      postback_url: create.postback_url.meta({ description: `${override("postback URL")} null: none.` }),
      pacing: create.pacing.meta({ description: override("pacing") }),
      target_regions: create.target_regions.meta({ description: `${override("target regions")} null: everywhere.` }),
      excluded_regions: create.excluded_regions.meta({ description: `${override("excluded regions")} null: none.` }),
      creative: create.creative.optional().meta({
        description: "The copy's primary creative (variant_a); omitted: the source's.",
      }),
      variants: z
        .array(creativeInput)
        .max(MAX_VARIANTS_PER_CAMPAIGN - 1, `must hold at most ${MAX_VARIANTS_PER_CAMPAIGN - 1} variants`)
        .optional()
        .meta({
          description:
            "The copy's other creatives (variant_b on), in order; [] none; omitted: the source's other creatives.",
        }),
    })
    .meta({ id: "DuplicateCampaignInput" });
}
export type DuplicateCampaignInput = z.infer<ReturnType<typeof duplicateCampaignInputFor>>;

/** POST /api/ads/campaigns/{id}/duplicate and GraphQL's duplicateCampaign: a write, retried safely with an Idempotency-Key. */
export const duplicateCampaign = defineOperation({
  name: "duplicateCampaign",
  access: "campaigns:write",
  write: true,
  idempotent: true,
  input: (context: RunContext) => duplicateCampaignInputFor(() => utcDate(nowDate(context.clock))),
  output: campaignResource,
  history: ["campaign", "creative"],
  run: (actor, input, { clock }) => campaignDuplicated(actor, input, { clock }),
});

/** "Copy of <name>", cut to the longest name allowed. */
export function copyName(name: string): string {
  const copy = `Copy of ${name}`;
  return [...copy].slice(0, NAME_MAX).join("");
}

/** The day `days` after `date` (YYYY-MM-DD, UTC). */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The copy's flight: asked for, or the source's start (today at the earliest) and length. */
export function copyFlight(
  source: { startDate: string; endDate: string | null },
  asked: { start_date?: string; end_date?: string | null },
  today: string,
): { startDate: string; endDate: string | null } {
  const startDate = asked.start_date ?? (source.startDate >= today ? source.startDate : today);
  if (asked.end_date !== undefined) return { startDate, endDate: asked.end_date };
  if (source.endDate === null) return { startDate, endDate: null };
  return { startDate, endDate: plusDays(startDate, flightDays(source.startDate, source.endDate) - 1) };
}

function creativeBody(creative: CreativeRow): CreativeInput {
  return {
    headline: creative.headline,
    body: creative.body,
    icon_url: creative.iconUrl,
    action_url: creative.actionUrl,
    ...(creative.ctaText === null ? {} : { cta_text: creative.ctaText }),
  };
}

/** The path of a creative's fields in the errors: the primary's are createCampaign's (`creative.`), the others' `variants.N.`. */
const creativePath = (index: number) => (index === 0 ? "creative" : `variants.${index}`);

export async function campaignDuplicated(
  actor: Actor,
  input: DuplicateCampaignInput,
  options: { clock?: Clock; iconCheck?: IconCheckOptions } = {},
): Promise<CampaignWithCreatives> {
  const now = nowDate(options.clock);
  const today = utcDate(now);
  const source = await getCampaignOrThrow(actor, input.id);
  const creatives = await db().creative.findMany({
    where: { campaignId: source.id },
    orderBy: { variantIndex: "asc" },
  });
  const flight = copyFlight(source, input, today);
  const status = input.status ?? "paused";
  const pick = <K extends keyof DuplicateCampaignInput, T>(key: K, fallback: T) =>
    input[key] === undefined ? fallback : input[key];
  // the source's settings with the overrides, under createCampaign's own schema: today's floors, minimums and dates
  const body = parseInput(
    createCampaignInputFor(() => today),
    {
      name: input.name ?? copyName(source.name),
      moment_types: pick("moment_types", JSON.parse(source.momentTypes) as unknown),
      sports: pick("sports", JSON.parse(source.sports) as unknown),
      bid_cpm_usd: pick("bid_cpm_usd", microsToUsd(source.bidCpmMicros)),
      daily_budget_usd: pick("daily_budget_usd", microsToUsd(source.dailyBudgetMicros)),
      total_budget_usd: pick("total_budget_usd", microsToUsd(source.totalBudgetMicros)),
      start_date: flight.startDate,
      end_date: flight.endDate,
      target_cpa_usd: pick(
        "target_cpa_usd",
        source.targetCpaMicros === null ? null : microsToUsd(source.targetCpaMicros),
      ),
      postback_url: pick("postback_url", source.postbackUrl),
      pacing: pick("pacing", (source.pacing === "asap" ? "asap" : "even") satisfies Pacing),
      target_regions: pick("target_regions", regionsOf(source.targetRegions)),
      excluded_regions: pick("excluded_regions", regionsOf(source.excludedRegions)),
      status,
      creative: input.creative ?? creativeBody(creatives[0]!),
    },
  );
  // each creative with the source's row it copies (none for an override)
  const primary = { creative: body.creative, from: input.creative ? undefined : creatives[0] };
  const others = input.variants
    ? input.variants.map((creative) => ({ creative, from: undefined }))
    : creatives.slice(1).map((row, offset) => {
        const parsed = creativeInput.safeParse(creativeBody(row));
        if (parsed.success) return { creative: parsed.data, from: row };
        throw validationError(
          parsed.error.issues.map((issue) => ({
            path: [creativePath(offset + 1), ...issue.path.map(String)].join("."),
            message: issue.message,
          })),
        );
      });
  // a licence may have shrunk since the source was made
  await assertRegionsLicensed(actor.advertiserId, body.target_regions);
  const bodies = [primary, ...others];
  // one icon at a time: a URL the advertiser's variants share is fetched once (a pass is remembered)
  for (const [index, { creative }] of bodies.entries()) {
    await assertIconReachable(actor, creative.icon_url, `${creativePath(index)}.icon_url`, {
      clock: options.clock,
      ...options.iconCheck,
    });
  }
  const copies: NewCreative[] = bodies.map(({ creative, from }) => {
    const review = reviewCreative(creative);
    const wasPaused = (from?.status as CreativeStatus | undefined) === "paused";
    return {
      headline: creative.headline,
      body: creative.body,
      iconUrl: creative.icon_url,
      actionUrl: creative.action_url,
      ctaText: creative.cta_text ?? null,
      // a variant the advertiser paused stays paused, once the review approves it again
      status: review.status === "approved" && wasPaused ? "paused" : review.status,
      reviewReason: review.reason,
      reviewedAt: now,
    };
  });
  const totalBudgetMicros = usdToMicros(body.total_budget_usd);
  // null: spread from the total over the flight (the schema has checked there is an end date)
  const dailyBudgetMicros =
    body.daily_budget_usd === null
      ? spreadDailyBudgetMicros(totalBudgetMicros, body.start_date, body.end_date!, body.pacing ?? "even")
      : usdToMicros(body.daily_budget_usd);
  const by = await changeActorOf(actor);
  const campaign = {
    advertiserId: actor.advertiserId,
    name: body.name,
    status,
    momentTypes: body.moment_types,
    sports: body.sports,
    bidCpmMicros: usdToMicros(body.bid_cpm_usd),
    dailyBudgetMicros,
    totalBudgetMicros,
    targetCpaMicros: body.target_cpa_usd == null ? null : usdToMicros(body.target_cpa_usd),
    postbackUrl: body.postback_url ?? null,
    startDate: flight.startDate,
    endDate: flight.endDate,
    pacing: body.pacing,
    targetRegions: body.target_regions,
    excludedRegions: body.excluded_regions,
    createdAt: now,
    updatedAt: now,
    creatives: copies,
  };
  // the copy, its creatives and their history rows commit together
  const { id } = await db().$transaction(async (tx) => {
    const inserted = await insertCampaign(campaign, tx);
    await recordCampaignCreated(tx, {
      advertiserId: actor.advertiserId,
      atMs: now.getTime(),
      actor: by,
      operation: duplicateCampaign.name,
      campaignId: inserted.id,
    });
    return inserted;
  });
  emitCampaignsChanged([id]);
  return campaignById(actor, id, { clock: options.clock });
}
