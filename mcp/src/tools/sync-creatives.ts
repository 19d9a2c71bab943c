import { z } from "zod";
import { campaignOfPackage } from "../adcp/catalog.ts";
import { creativeAsset, creativeBodyFrom, creativeFieldMap, creativeStatus, sameContent } from "../adcp/creatives.ts";
import { adcpRequest, adcpResponse, completed, errorEntry } from "../adcp/envelope.ts";
import { subKey } from "../adcp/keys.ts";
import type { Campaign } from "../rest-client.ts";
import { defineTool, ToolInputError } from "../tool.ts";
import { adcpIdempotencyKey } from "./shapes.ts";

type Result = {
  creative_id: string;
  action: "created" | "unchanged" | "failed";
  status?: string;
  platform_id?: string;
  assigned_to?: string[];
  errors?: ReturnType<typeof errorEntry>[];
};

export const syncCreatives = defineTool({
  name: "sync_creatives",
  title: "AdCP: sync creatives",
  description:
    "AdCP: adds push_notification creatives to media buys as A/B variants. Each creative must be assigned (assignments: " +
    "creative_id -> a package_id from get_media_buys); it is reviewed automatically (headline 60, body 120, cta 20 " +
    "characters; HTTPS icon that answers; no 'risk-free' or 'guaranteed win' claims) and traffic is split equally across " +
    "approved variants. A creative whose content is already in the buy is reported unchanged. Creatives are processed one " +
    "by one: a failed one does not stop the others. Creatives cannot be edited or deleted (add a new one, pause via the " +
    "buy). Does not change budgets or bids.",
  input: {
    ...adcpRequest,
    idempotency_key: adcpIdempotencyKey(),
    creatives: z.array(creativeAsset).min(1).max(100),
    assignments: z.array(z.looseObject({ creative_id: z.string(), package_id: z.string() })).optional(),
    dry_run: z.boolean().optional(),
    delete_missing: z.boolean().optional(),
    validation_mode: z.enum(["strict", "lenient"]).optional(),
  },
  output: {
    ...adcpResponse,
    creatives: z.array(z.looseObject({ creative_id: z.string(), action: z.string() })).optional(),
  },
  operations: ["getCampaign", "addCreativeVariant"],
  run: async (args, { api }) => {
    if (args.dry_run)
      throw new ToolInputError("dry_run is not offered: creatives are reviewed when added.", {
        field: "dry_run",
        adcpCode: "UNSUPPORTED_FEATURE",
      });
    if (args.delete_missing)
      throw new ToolInputError("Creatives cannot be deleted here; pause or cancel the media buy instead.", {
        field: "delete_missing",
        adcpCode: "UNSUPPORTED_FEATURE",
      });
    const campaigns = new Map<string, Campaign>();
    const results: Result[] = [];
    for (const [index, creative] of args.creatives.entries()) {
      const at = `creatives[${index}]`;
      const packages = (args.assignments ?? []).filter((assignment) => assignment.creative_id === creative.creative_id);
      if (packages.length === 0) {
        results.push({
          creative_id: creative.creative_id,
          action: "failed",
          errors: [
            errorEntry(
              new ToolInputError(
                "Assign the creative to a package (assignments): creatives belong to media buys here.",
                { field: at },
              ),
              at,
            ),
          ],
        });
        continue;
      }
      const assigned: string[] = [];
      const errors: ReturnType<typeof errorEntry>[] = [];
      let platformId: string | undefined;
      let status: string | undefined;
      let created = false;
      for (const { package_id } of packages) {
        try {
          const body = creativeBodyFrom(creative, at);
          const campaignId = campaignOfPackage(package_id);
          if (!campaignId)
            throw new ToolInputError(`Unknown package ${JSON.stringify(package_id)}.`, {
              field: "assignments",
              adcpCode: "PACKAGE_NOT_FOUND",
            });
          let campaign = campaigns.get(campaignId);
          if (!campaign) {
            campaign = await api.read("getCampaign", { path: { id: campaignId } });
            campaigns.set(campaignId, campaign);
          }
          const existing = campaign.variants.find((variant) => sameContent(variant, body));
          if (existing) {
            platformId ??= existing.id;
            status ??= creativeStatus(existing.status);
          } else {
            const { result } = await api.write(
              "addCreativeVariant",
              { path: { id: campaignId }, body },
              {
                idempotencyKey: subKey(args.idempotency_key, `${index}.${campaignId}`),
              },
            );
            created = true;
            platformId ??= result.id;
            status ??= creativeStatus(result.status);
          }
          assigned.push(package_id);
        } catch (error) {
          // the API's creative fields under this creative's asset names, in the field and the message alike
          const assets = creativeFieldMap("", at);
          const entry = errorEntry(error, undefined, (path) => assets(path) ?? path);
          const field = entry.details.errors?.[0]?.path;
          errors.push({ ...entry, ...(field ? { field } : {}) });
        }
      }
      results.push(
        assigned.length
          ? {
              creative_id: creative.creative_id,
              action: created ? "created" : "unchanged",
              ...(status ? { status } : {}),
              ...(platformId ? { platform_id: platformId } : {}),
              assigned_to: assigned,
              ...(errors.length ? { warnings: errors.map((error) => error.message) } : {}),
            }
          : { creative_id: creative.creative_id, action: "failed", errors },
      );
    }
    return completed({ creatives: results }, args.context);
  },
});
