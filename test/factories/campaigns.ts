// Campaign rows for integration tests of areas that consume campaigns
// (delivery, reporting, webhooks), with valid defaults, written by the one
// campaign-row writer; the campaigns API's own tests go through its service.
import { db } from "@/lib/db/client";
import { campaignCreateData } from "@/lib/domain/campaigns/campaign-rows";
import { usdToMicros } from "@/lib/money";

export type TestCampaignInput = {
  id?: string;
  advertiserId: string;
  name?: string;
  status?: "active" | "paused" | "ended" | "cancelled";
  momentTypes?: string[];
  sports?: string[];
  bidCpmUsd?: number;
  dailyBudgetUsd?: number;
  totalBudgetUsd?: number;
  targetCpaUsd?: number | null;
  postbackUrl?: string | null;
  startDate?: string;
  endDate?: string | null;
  pacing?: "even" | "asap";
  targetRegions?: string[] | null;
  excludedRegions?: string[] | null;
  /** creatives to create; default one approved primary creative; [] for none */
  creatives?: { status?: "pending" | "approved" | "rejected" | "paused"; headline?: string; actionUrl?: string }[];
  createdAt?: Date;
};

export async function createTestCampaign(input: TestCampaignInput) {
  return db().campaign.create({
    data: campaignCreateData({
      id: input.id,
      advertiserId: input.advertiserId,
      name: input.name ?? "Test campaign",
      status: input.status,
      momentTypes: input.momentTypes ?? ["close_game"],
      sports: input.sports ?? ["nba"],
      bidCpmMicros: usdToMicros(input.bidCpmUsd ?? 2),
      dailyBudgetMicros: usdToMicros(input.dailyBudgetUsd ?? 50),
      totalBudgetMicros: usdToMicros(input.totalBudgetUsd ?? 500),
      targetCpaMicros: input.targetCpaUsd == null ? null : usdToMicros(input.targetCpaUsd),
      postbackUrl: input.postbackUrl,
      startDate: input.startDate ?? "2026-01-01",
      endDate: input.endDate,
      pacing: input.pacing,
      targetRegions: input.targetRegions,
      excludedRegions: input.excludedRegions,
      createdAt: input.createdAt,
      creatives: (input.creatives ?? [{}]).map((creative, index) => ({
        headline: creative.headline ?? `Headline ${index + 1}`,
        body: "Your bet is live. Tap for the next line.",
        iconUrl: "https://cdn.example.com/icon.png",
        actionUrl: creative.actionUrl ?? "https://book.example.com/promo",
        ctaText: "Bet now",
        status: creative.status ?? "approved",
      })),
    }),
    include: { creatives: { orderBy: { variantIndex: "asc" } } },
  });
}
