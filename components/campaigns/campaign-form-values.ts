// The create form's values as typed (strings, REST's field names, so that the
// shared schema's issue paths are the form's own), the schema that reads them as
// createCampaign's body (createCampaignInputFor: the API's rules, checked as typed), and the
// checked body as createCampaign's GraphQL input. The creative's fields are the
// variant form's too (creativeFormSchema).
import { z } from "zod";
import type {
  CreateCampaignInput,
  CreativeInput,
  DuplicateCampaignInput,
  MomentTypeKey,
  Pacing,
  Sport,
} from "@/graphql/__generated__/client/graphql";
import { createCampaignInputFor } from "@/lib/domain/campaigns/campaigns.schemas";
import { creativeInput, type CreativeInput as CreativeBody } from "@/lib/domain/creatives/creatives.schemas";
import type { SummaryField } from "@/components/forms/use-error-summary";
import { usdAmount } from "./amount";

/** A notification as typed (the create form's `creative`, the variant form's whole values). */
export type CreativeValues = { headline: string; body: string; cta_text: string; icon_url: string; action_url: string };

export type CampaignFormValues = {
  name: string;
  /** REST's keys (close_game) */
  moment_types: string[];
  /** REST's keys (nba) */
  sports: string[];
  bid_cpm_usd: string;
  daily_budget_usd: string;
  total_budget_usd: string;
  start_date: string;
  /** "" for open-ended */
  end_date: string;
  pacing: "even" | "asap";
  /** "" for none (no CPA auto-bidding) */
  target_cpa_usd: string;
  /** ISO 3166 codes; [] for everywhere (null in the API) */
  target_regions: string[];
  /** ISO 3166 codes; [] for none */
  excluded_regions: string[];
  creative: CreativeValues;
  /** A copy's other creatives (variant_b on); the create form has none */
  variants?: CreativeValues[];
};

export const EMPTY_CREATIVE: CreativeValues = { headline: "", body: "", cta_text: "", icon_url: "", action_url: "" };

export function campaignFormDefaults(today: string): CampaignFormValues {
  return {
    name: "",
    moment_types: [],
    sports: [],
    bid_cpm_usd: "",
    daily_budget_usd: "50",
    total_budget_usd: "500",
    start_date: today,
    end_date: "",
    pacing: "even",
    target_cpa_usd: "",
    target_regions: [],
    excluded_regions: [],
    creative: EMPTY_CREATIVE,
  };
}

/** The creative's fields, their ids prefixed (`variant-`) where a page holds two forms. */
export function creativeFields(path: string, idPrefix = ""): SummaryField[] {
  const ids = { headline: "headline", body: "body", cta_text: "ctaText", icon_url: "iconUrl", action_url: "actionUrl" };
  return Object.entries(ids).map(([name, id]) => ({ name: `${path}${name}`, id: `${idPrefix}${id}` }));
}

/** The create form's fields in their order on the page (the error summary's links). */
export const CAMPAIGN_FIELDS: readonly SummaryField[] = [
  { name: "name", id: "name" },
  { name: "moment_types", id: "momentTypes" },
  { name: "sports", id: "sports" },
  { name: "bid_cpm_usd", id: "bidCpmUsd" },
  { name: "daily_budget_usd", id: "dailyBudgetUsd" },
  { name: "total_budget_usd", id: "totalBudgetUsd" },
  { name: "start_date", id: "startDate" },
  { name: "end_date", id: "endDate" },
  { name: "pacing", id: "pacing" },
  { name: "target_cpa_usd", id: "targetCpaUsd" },
  { name: "target_regions", id: "targetRegions" },
  { name: "excluded_regions", id: "excludedRegions" },
  ...creativeFields("creative."),
];

/** A notification as the API's creative body (no button text: absent). */
function creativeBody(values: Partial<CreativeValues> | undefined) {
  return {
    headline: values?.headline ?? "",
    body: values?.body ?? "",
    icon_url: (values?.icon_url ?? "").trim(),
    action_url: (values?.action_url ?? "").trim(),
    ...(values?.cta_text ? { cta_text: values.cta_text } : {}),
  };
}

/** The form as createCampaign's body: amounts read as people type them (usdAmount), empty end date open-ended. */
export function campaignBody(values: CampaignFormValues) {
  return {
    name: values.name,
    moment_types: values.moment_types ?? [],
    sports: values.sports ?? [],
    bid_cpm_usd: usdAmount(values.bid_cpm_usd ?? ""),
    daily_budget_usd: usdAmount(values.daily_budget_usd ?? ""),
    total_budget_usd: usdAmount(values.total_budget_usd ?? ""),
    start_date: values.start_date,
    end_date: values.end_date || null,
    pacing: values.pacing,
    // empty: absent (no auto-bidding)
    ...((values.target_cpa_usd ?? "").trim() !== "" && { target_cpa_usd: usdAmount(values.target_cpa_usd) }),
    // none chosen: everywhere (absent)
    ...(values.target_regions?.length ? { target_regions: values.target_regions } : {}),
    ...(values.excluded_regions?.length ? { excluded_regions: values.excluded_regions } : {}),
    creative: creativeBody(values.creative),
  };
}

/** The create form's values read by createCampaign's own schema, against `today` (UTC). */
export function campaignFormSchema(today: string) {
  return z.preprocess(
    (values: unknown) => campaignBody(values as CampaignFormValues),
    createCampaignInputFor(() => today),
  );
}

export type CampaignBody = z.output<ReturnType<typeof campaignFormSchema>>;

/** The draft of a copy: the create form's fields and the other variants, read by createCampaign's and the creative's schemas. */
export function duplicateFormSchema(today: string) {
  const create = createCampaignInputFor(() => today);
  return z.preprocess(
    (values: unknown) => ({
      ...campaignBody(values as CampaignFormValues),
      variants: ((values as CampaignFormValues).variants ?? []).map(creativeBody),
    }),
    z.custom<Record<string, unknown> & { variants: unknown[] }>().transform((value, ctx) => {
      const { variants, ...campaign } = value;
      const parsed = create.safeParse(campaign);
      const others = variants.map((variant) => creativeInput.safeParse(variant));
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
      others.forEach((other, index) => {
        for (const issue of other.success ? [] : other.error.issues) {
          ctx.addIssue({ code: "custom", path: ["variants", index, ...issue.path], message: issue.message });
        }
      });
      if (!parsed.success || others.some((other) => !other.success)) return z.NEVER;
      return { ...parsed.data, variants: others.map((other) => other.data as CreativeBody) };
    }),
  );
}

export type DuplicateBody = z.output<ReturnType<typeof duplicateFormSchema>>;

/** A creative as the form shows it (empty strings for what is absent). */
export function creativeValues(creative: {
  headline: string;
  body: string;
  ctaText?: string | null;
  iconUrl: string;
  actionUrl: string;
}): CreativeValues {
  return {
    headline: creative.headline,
    body: creative.body,
    cta_text: creative.ctaText ?? "",
    icon_url: creative.iconUrl,
    action_url: creative.actionUrl,
  };
}

/** The variant form's values read by addCreativeVariant's creative schema. */
export const creativeFormSchema = z.preprocess(
  (values: unknown) => creativeBody(values as CreativeValues),
  creativeInput,
);

/** A USD number as GraphQL's Money (a decimal string). */
function money(usd: number): string {
  return usd.toFixed(6).replace(/0+$/, "").replace(/\.$/, "");
}

const upper = <T extends string>(key: string) => key.toUpperCase() as T;

/** createCampaign's checked body as createCampaign's (and previewCampaignCreate's) input. */
export function createCampaignInput(body: CampaignBody): CreateCampaignInput {
  return {
    name: body.name,
    momentTypes: body.moment_types.map(upper<MomentTypeKey>),
    sports: body.sports.map(upper<Sport>),
    bidCpmUsd: money(body.bid_cpm_usd),
    // the form always sends an amount (campaignBody): only the API's callers may send null (spread the total)
    dailyBudgetUsd: money(body.daily_budget_usd!),
    totalBudgetUsd: money(body.total_budget_usd),
    startDate: body.start_date,
    endDate: body.end_date ?? null,
    pacing: upper<Pacing>(body.pacing ?? "even"),
    ...(body.target_cpa_usd != null && { targetCpaUsd: money(body.target_cpa_usd) }),
    ...(body.target_regions && { targetRegions: body.target_regions }),
    ...(body.excluded_regions && { excludedRegions: body.excluded_regions }),
    creative: creativeInputOf(body.creative),
  };
}

function creativeInputOf(creative: CreativeBody): CreativeInput {
  return {
    headline: creative.headline,
    body: creative.body,
    iconUrl: creative.icon_url,
    actionUrl: creative.action_url,
    ctaText: creative.cta_text ?? null,
  };
}

const sameCreatives = (a: readonly CreativeInput[], b: readonly CreativeInput[]) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * A copy's checked draft as duplicateCampaign's input: every setting of the draft (what the form
 * leaves empty is null: no target CPA, everywhere, no exclusions); the creative and the variants
 * only where they differ from the source's, so that a copied variant the advertiser paused stays paused.
 */
export function duplicateCampaignInput(
  sourceId: string,
  body: DuplicateBody,
  source: { creative: CreativeValues; variants: readonly CreativeValues[] },
  status: "ACTIVE" | "PAUSED",
): DuplicateCampaignInput {
  const { creative, ...settings } = createCampaignInput(body);
  const variants = body.variants.map(creativeInputOf);
  const asInput = (values: CreativeValues) => creativeInputOf(creativeBody(values) as CreativeBody);
  const primarySame = sameCreatives([creative], [asInput(source.creative)]);
  const variantsSame = sameCreatives(variants, source.variants.map(asInput));
  return {
    ...settings,
    id: sourceId,
    status,
    targetCpaUsd: settings.targetCpaUsd ?? null,
    targetRegions: settings.targetRegions ?? null,
    excludedRegions: settings.excludedRegions ?? null,
    ...(primarySame ? {} : { creative }),
    ...(variantsSame ? {} : { variants }),
  };
}
