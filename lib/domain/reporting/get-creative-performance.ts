// getCreativePerformance: one creative's delivered results since it started (hourly rollups) and
// its current share of the campaign's traffic.
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { trafficAllocation } from "@/lib/domain/creatives/traffic-allocation";
import { AppError } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { deliveryMetricsOf, type DeliverySums } from "./metrics";
import {
  creativePerformanceInput,
  type CreativePerformance,
  creativePerformance as creativePerformanceOutput,
} from "./reporting.schemas";

export type CreativeSums = DeliverySums;

/** getCreativePerformance's numbers for one creative from its all-time rollup sums and its campaign's count of approved creatives. */
export function creativePerformanceOf(
  creative: { id: string; status: string },
  sums: CreativeSums,
  approvedCreatives: number,
): CreativePerformance {
  return {
    creativeId: creative.id,
    ...deliveryMetricsOf(sums),
    trafficAllocation: trafficAllocation(creative.status, approvedCreatives),
  };
}

/** getCreativePerformance. */
export const getCreativePerformance = defineOperation({
  name: "getCreativePerformance",
  access: "reporting:read",
  write: false,
  input: creativePerformanceInput,
  output: creativePerformanceOutput,
  run: (actor, input) => creativePerformance(actor, input.id),
});

export async function creativePerformance(actor: Actor, creativeId: string): Promise<CreativePerformance> {
  const creative = await db().creative.findFirst({
    where: { id: creativeId, campaign: { advertiserId: actor.advertiserId } },
    select: {
      id: true,
      status: true,
      campaignId: true,
      campaign: { select: { creatives: { select: { status: true } } } },
    },
  });
  if (!creative) throw new AppError("not_found", { detail: "No such creative." });
  const sums = await db().hourlyRollup.aggregate({
    where: { campaignId: creative.campaignId, creativeId: creative.id },
    _sum: { impressions: true, clicks: true, conversions: true, spendMicros: true },
  });
  const approved = creative.campaign.creatives.filter((sibling) => sibling.status === "approved").length;
  return creativePerformanceOf(
    creative,
    {
      impressions: sums._sum.impressions ?? 0n,
      clicks: sums._sum.clicks ?? 0n,
      conversions: sums._sum.conversions ?? 0n,
      spendMicros: sums._sum.spendMicros ?? 0n,
    },
    approved,
  );
}
