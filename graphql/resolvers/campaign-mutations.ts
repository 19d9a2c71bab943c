// Campaign writes (E5, E7, cancel, E8) and their validate-only previews. The
// domain services parse the REST shape of the input with the same zod schemas,
// so userErrors carry REST's codes and field paths (in GraphQL names). The
// payload carries the campaign (and creative) written under the mutation's own
// scope, campaigns:write, as REST's answer to the same write does
// (docs/decisions/1107).
import { cancelCampaign } from "@/lib/domain/campaigns/cancel-campaign";
import { createCampaign, previewCampaign } from "@/lib/domain/campaigns/create-campaign";
import { previewCampaignUpdate, updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { addCreativeVariant } from "@/lib/domain/creatives/add-creative-variant";
import { microsToDecimal, usdToMicros } from "@/lib/money";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelName, toRestShape } from "../camel-case";
import type { GraphqlContext } from "../context";
import { restIdOf } from "../global-id";
import { authenticated, payload, scoped } from "../guard";
import { creativesOf, loadCampaign } from "./campaigns";

/** The campaign as it is now (after a write in this request). */
function reloaded(context: GraphqlContext, restId: string) {
  const { loaders } = authenticated(context);
  loaders.campaign.clear(restId);
  loaders.campaignCreatives.clear(restId);
  return loadCampaign(context, restId);
}

/** A preview's before/after value as text (amounts as Money). */
function changeValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (field.endsWith("_usd") && typeof value === "number") return microsToDecimal(usdToMicros(value));
  return String(value);
}

async function setStatus(context: GraphqlContext, id: string, status: "active" | "paused" | "ended") {
  const { actor } = scoped(context, "campaigns:write");
  const restId = restIdOf(id, "Campaign");
  return payload(async () => {
    await updateCampaign(actor, restId, { status }, { clock: context.clock });
    return { campaign: await reloaded(context, restId) };
  });
}

export const campaignMutationResolvers: Resolvers = {
  Query: {
    previewCampaignCreate: (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      return payload(async () => {
        const preview = await previewCampaign(actor, toRestShape(input), { clock: context.clock });
        return {
          preview: {
            creativeStatus: preview.creative.status,
            creativeReviewReason: preview.creative.review_reason,
            estimatedDailyImpressions: preview.estimated_daily_impressions,
            estimatedDailySpendUsd: preview.estimated_daily_spend_usd,
            estimateStatus: preview.estimate_status,
          },
        };
      });
    },
    previewCampaignUpdate: (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      const { id, ...changes } = input;
      const restId = restIdOf(id, "Campaign");
      return payload(async () => {
        const preview = await previewCampaignUpdate(actor, restId, toRestShape(changes), { clock: context.clock });
        return {
          preview: {
            changes: preview.changes.map((change) => ({
              field: camelName(change.field),
              from: changeValue(change.field, change.from),
              to: changeValue(change.field, change.to),
            })),
            raisesSpend: preview.raises_spend,
            estimatedDailyImpressions: preview.estimated_daily_impressions,
            estimatedDailySpendUsd: preview.estimated_daily_spend_usd,
            estimateStatus: preview.estimate_status,
            currentEstimatedDailyImpressions: preview.current_estimated_daily_impressions,
            currentEstimatedDailySpendUsd: preview.current_estimated_daily_spend_usd,
            currentEstimateStatus: preview.current_estimate_status,
          },
        };
      });
    },
  },
  Mutation: {
    createCampaign: (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      return payload(async () => {
        const created = await createCampaign(actor, toRestShape(input), { clock: context.clock });
        return {
          campaign: await reloaded(context, created.id),
          estimatedDailyImpressions: created.estimated_daily_impressions,
          estimatedDailySpendUsd: created.estimated_daily_spend_usd,
          estimateStatus: created.estimate_status,
        };
      });
    },
    updateCampaign: (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      const { id, ...changes } = input;
      const restId = restIdOf(id, "Campaign");
      return payload(async () => {
        await updateCampaign(actor, restId, toRestShape(changes), { clock: context.clock });
        return { campaign: await reloaded(context, restId) };
      });
    },
    pauseCampaign: (_, { input }, context) => setStatus(context, input.id, "paused"),
    resumeCampaign: (_, { input }, context) => setStatus(context, input.id, "active"),
    endCampaign: (_, { input }, context) => setStatus(context, input.id, "ended"),
    cancelCampaign: (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      const restId = restIdOf(input.id, "Campaign");
      return payload(async () => {
        await cancelCampaign(actor, restId, { clock: context.clock });
        return { campaign: await reloaded(context, restId) };
      });
    },
    addCreativeVariant: (_, { input }, context) => {
      const { actor } = scoped(context, "campaigns:write");
      const { campaignId, ...creative } = input;
      const restId = restIdOf(campaignId, "Campaign");
      return payload(async () => {
        const created = await addCreativeVariant(actor, restId, toRestShape(creative), { clock: context.clock });
        const campaign = await reloaded(context, restId);
        const creatives = await creativesOf(context, restId);
        return { creative: creatives.find((item) => item.id === created.id)!, campaign };
      });
    },
  },
};
