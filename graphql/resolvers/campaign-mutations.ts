// Campaign writes (E5, E7, cancel, duplicate, E8, a variant's pause and resume),
// their validate-only previews and the create form's forecast, each
// running its operation (lib/operations): the GraphQL input goes to the
// operation under REST's names (so userErrors carry REST's codes and field
// paths, in GraphQL names). The payload carries the campaign (and creative)
// written under the mutation's own scope, campaigns:write, as REST's answer to
// the same write does (docs/decisions/1107).
import { cancelCampaign } from "@/lib/domain/campaigns/cancel-campaign";
import { PREVIEW_FIELD_NAMES } from "@/lib/domain/campaigns/campaigns.schemas";
import { createCampaign, previewCampaignCreate } from "@/lib/domain/campaigns/create-campaign";
import { duplicateCampaign } from "@/lib/domain/campaigns/duplicate-campaign";
import { forecastCampaignDelivery } from "@/lib/domain/campaigns/forecast-delivery";
import { previewCampaignUpdate, updateCampaign } from "@/lib/domain/campaigns/update-campaign";
import { addCreativeVariant } from "@/lib/domain/creatives/add-creative-variant";
import { setVariantStatus } from "@/lib/domain/creatives/set-variant-status";
import { microsToDecimal } from "@/lib/money";
import type { Resolvers } from "../__generated__/resolvers-types";
import { camelName, toRestShape } from "../camel-case";
import type { GraphqlContext } from "../context";
import { notFound, restIdOf } from "../global-id";
import { allowedAs, authenticated, payload } from "../guard";
import { operationResolver, runOperation, runOperationOn } from "../operation";
import { creativesOf, loadCampaign } from "./campaigns";

/** The campaign as it is now (after a write in this request). */
function reloaded(context: GraphqlContext, restId: string) {
  const { loaders } = authenticated(context);
  loaders.campaign.clear(restId);
  loaders.campaignCreatives.clear(restId);
  return loadCampaign(context, restId);
}

/** A preview's before/after value as text (amounts as Money, region lists as their codes). */
function changeValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return microsToDecimal(value);
  // a region list as the codes separated by spaces (the CLI's --regions form)
  if (Array.isArray(value)) return value.join(" ");
  return String(value);
}

/** An input object as the operation reads it: REST's names; null kept (it means "remove" in an update). */
const restInput = (input: object) => toRestShape(input) as Record<string, unknown>;

/** pause, resume and end: updateCampaign with a status. */
const setStatus = (status: "active" | "paused" | "ended") =>
  operationResolver(updateCampaign, (_, { input }: { input: { id: string } }, context: GraphqlContext) =>
    payload(async () => {
      const campaign = await runOperationOn(updateCampaign, context, {}, () => ({
        id: restIdOf(input.id, "Campaign"),
        status,
      }));
      return { campaign: await reloaded(context, campaign.id) };
    }),
  );

/**
 * pauseCreativeVariant and resumeCreativeVariant: GraphQL names the variant alone, REST's path names
 * its campaign too; the variant is looked up first, by a caller the operation admits (decision 1007).
 */
const setVariant = (status: "paused" | "approved") =>
  operationResolver(setVariantStatus, async (_, { input }: { input: { id: string } }, context: GraphqlContext) => {
    const { loaders } = allowedAs(context, setVariantStatus);
    const restId = restIdOf(input.id, "Creative");
    const campaignId = await loaders.creativeCampaign.load(restId);
    if (!campaignId) throw notFound(input.id, "creative");
    return payload(async () => {
      await runOperation(setVariantStatus, context, {}, { id: campaignId, variant_id: restId, status });
      const campaign = await reloaded(context, campaignId);
      const creative = (await creativesOf(context, campaignId)).find((item) => item.id === restId)!;
      return { creative, campaign };
    });
  });

export const campaignMutationResolvers: Resolvers = {
  Query: {
    forecastCampaignDelivery: operationResolver(forecastCampaignDelivery, (_, { input }, context) =>
      payload(async () => ({ forecast: await runOperation(forecastCampaignDelivery, context, {}, restInput(input)) })),
    ),
    previewCampaignCreate: operationResolver(previewCampaignCreate, (_, { input }, context) =>
      payload(async () => {
        const preview = await runOperation(previewCampaignCreate, context, {}, restInput(input));
        return {
          preview: {
            creativeStatus: preview.creative.status,
            creativeReviewReason: preview.creative.reviewReason,
            estimatedDailyImpressions: preview.estimate.dailyImpressions,
            estimatedDailySpendUsd: preview.estimate.dailySpendMicros,
            estimateStatus: preview.estimate.status,
          },
        };
      }),
    ),
    previewCampaignUpdate: operationResolver(previewCampaignUpdate, (_, { input }, context) => {
      const { id, ...changes } = input;
      return payload(async () => {
        const preview = await runOperationOn(previewCampaignUpdate, context, {}, () => ({
          ...restInput(changes),
          id: restIdOf(id, "Campaign"),
        }));
        return {
          preview: {
            changes: preview.changes.map((change) => ({
              field: camelName(PREVIEW_FIELD_NAMES[change.field]),
              from: changeValue(change.from),
              to: changeValue(change.to),
            })),
            raisesSpend: preview.raisesSpend,
            estimatedDailyImpressions: preview.estimate.dailyImpressions,
            estimatedDailySpendUsd: preview.estimate.dailySpendMicros,
            estimateStatus: preview.estimate.status,
            currentEstimatedDailyImpressions: preview.currentEstimate.dailyImpressions,
            currentEstimatedDailySpendUsd: preview.currentEstimate.dailySpendMicros,
            currentEstimateStatus: preview.currentEstimate.status,
          },
        };
      });
    }),
  },
  Mutation: {
    createCampaign: operationResolver(createCampaign, (_, { input }, context) =>
      payload(async () => {
        const created = await runOperation(createCampaign, context, {}, restInput(input));
        return {
          campaign: await reloaded(context, created.id),
          estimatedDailyImpressions: created.estimate.dailyImpressions,
          estimatedDailySpendUsd: created.estimate.dailySpendMicros,
          estimateStatus: created.estimate.status,
        };
      }),
    ),
    updateCampaign: operationResolver(updateCampaign, (_, { input }, context) => {
      const { id, ...changes } = input;
      return payload(async () => {
        const campaign = await runOperationOn(updateCampaign, context, {}, () => ({
          ...restInput(changes),
          id: restIdOf(id, "Campaign"),
        }));
        return { campaign: await reloaded(context, campaign.id) };
      });
    }),
    pauseCampaign: setStatus("paused"),
    resumeCampaign: setStatus("active"),
    endCampaign: setStatus("ended"),
    cancelCampaign: operationResolver(cancelCampaign, (_, { input }, context) =>
      payload(async () => {
        const campaign = await runOperationOn(cancelCampaign, context, {}, () => ({
          id: restIdOf(input.id, "Campaign"),
        }));
        return { campaign: await reloaded(context, campaign.id) };
      }),
    ),
    duplicateCampaign: operationResolver(duplicateCampaign, (_, { input }, context) => {
      const { id, ...choices } = input;
      return payload(async () => {
        const copy = await runOperationOn(duplicateCampaign, context, {}, () => ({
          ...restInput(choices),
          id: restIdOf(id, "Campaign"),
        }));
        return { campaign: await reloaded(context, copy.id) };
      });
    }),
    pauseCreativeVariant: setVariant("paused"),
    resumeCreativeVariant: setVariant("approved"),
    addCreativeVariant: operationResolver(addCreativeVariant, (_, { input }, context) => {
      const { campaignId, ...creative } = input;
      return payload(async () => {
        const created = await runOperationOn(addCreativeVariant, context, {}, () => ({
          ...restInput(creative),
          id: restIdOf(campaignId, "Campaign"),
        }));
        const campaign = await reloaded(context, restIdOf(campaignId, "Campaign"));
        const creatives = await creativesOf(context, campaign.id);
        return { creative: creatives.find((item) => item.id === created.id)!, campaign };
      });
    }),
  },
};
