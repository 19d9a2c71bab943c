// Campaign rows for integration tests of areas that consume campaigns
// (delivery, reporting, webhooks). Inserted directly, with valid defaults; the
// campaigns API's own tests go through its service instead.
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { usdToMicros } from "@/lib/money";

export type TestCampaignInput = {
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
  /** creatives to create; default one approved primary creative */
  creatives?: { status?: "pending" | "approved" | "rejected" | "paused"; headline?: string; actionUrl?: string }[];
  createdAt?: Date;
};

export async function createTestCampaign(input: TestCampaignInput) {
  const id = newId("cmp");
  const creatives = input.creatives ?? [{}];
  const campaign = await db().campaign.create({
    data: {
      id,
      advertiserId: input.advertiserId,
      name: input.name ?? "Test campaign",
      status: input.status ?? "active",
      momentTypes: JSON.stringify(input.momentTypes ?? ["close_game"]),
      sports: JSON.stringify(input.sports ?? ["nba"]),
      bidCpmMicros: usdToMicros(input.bidCpmUsd ?? 2),
      dailyBudgetMicros: usdToMicros(input.dailyBudgetUsd ?? 50),
      totalBudgetMicros: usdToMicros(input.totalBudgetUsd ?? 500),
      targetCpaMicros: input.targetCpaUsd == null ? null : usdToMicros(input.targetCpaUsd),
      postbackUrl: input.postbackUrl ?? null,
      startDate: input.startDate ?? "2026-01-01",
      endDate: input.endDate ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      creatives: {
        create: creatives.map((creative, index) => ({
          id: newId("cr"),
          variantIndex: index,
          variantLabel: `variant_${String.fromCharCode(97 + index)}`,
          headline: creative.headline ?? `Headline ${index + 1}`,
          body: "Your bet is live. Tap for the next line.",
          iconUrl: "https://cdn.example.com/icon.png",
          actionUrl: creative.actionUrl ?? "https://book.example.com/promo",
          ctaText: "Bet now",
          status: creative.status ?? "approved",
        })),
      },
    },
    include: { creatives: { orderBy: { variantIndex: "asc" } } },
  });
  return campaign;
}
