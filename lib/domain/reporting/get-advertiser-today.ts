// The dashboard's overview: today's (UTC) delivery of the whole advertiser and
// of each campaign that delivered, clicked or converted today, from the hourly
// rollups (the UTC day is whole hours, so the numbers equal getCampaignReport's for that day
// in UTC). Top campaigns are ranked by a chosen metric, then by spend and id.
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { DAY_MS, nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { utcDate } from "@/lib/domain/campaigns/dates";
import { MAX_PAGE_SIZE } from "@/lib/domain/pagination";
import { parseInput } from "@/lib/errors";
import { defineOperation } from "@/lib/operations/operation";
import { addInto, metricsOf, zeroSums, type MetricSums } from "./metrics";
import type { ReportMetrics } from "./reporting.schemas";

export const TODAY_METRICS = ["spend", "impressions", "clicks", "conversions"] as const;
export type TodayMetric = (typeof TODAY_METRICS)[number];

export type CampaignDay = ReportMetrics & { campaignId: string; sums: MetricSums };

export type AdvertiserToday = ReportMetrics & {
  date: string;
  asOf: Date;
  /** sum of the daily budgets of the active campaigns */
  activeDailyBudgetMicros: bigint;
  activeCampaigns: number;
  /** campaigns with any delivery today, by spend (then id) */
  campaigns: CampaignDay[];
};

// bound the IN list (SQLite and PostgreSQL both accept far more; this keeps statements small)
const CHUNK = 500;

/** The overview's summary of today (GraphQL's Advertiser.today, read through the request's loaders). */
export const getAdvertiserToday = defineOperation({
  name: "getAdvertiserToday",
  access: "reporting:read",
  write: false,
  input: z.strictObject({}),
  run: (actor, _input, { clock }) => advertiserToday(actor, { clock }),
});

export async function advertiserToday(actor: Actor, options: { clock?: Clock } = {}): Promise<AdvertiserToday> {
  const now = nowDate(options.clock);
  const date = utcDate(now);
  const start = BigInt(Date.parse(`${date}T00:00:00Z`));
  const campaigns = await db().campaign.findMany({
    where: { advertiserId: actor.advertiserId },
    select: { id: true, status: true, dailyBudgetMicros: true },
  });
  const byCampaign = new Map<string, MetricSums>();
  for (let offset = 0; offset < campaigns.length; offset += CHUNK) {
    const ids = campaigns.slice(offset, offset + CHUNK).map((campaign) => campaign.id);
    const groups = await db().hourlyRollup.groupBy({
      by: ["campaignId"],
      where: { campaignId: { in: ids }, hourMs: { gte: start, lt: start + BigInt(DAY_MS) } },
      _sum: { impressions: true, clicks: true, conversions: true, spendMicros: true, conversionValueMicros: true },
    });
    for (const group of groups) {
      byCampaign.set(group.campaignId, {
        impressions: group._sum.impressions ?? 0n,
        clicks: group._sum.clicks ?? 0n,
        conversions: group._sum.conversions ?? 0n,
        spendMicros: group._sum.spendMicros ?? 0n,
        conversionValueMicros: group._sum.conversionValueMicros ?? 0n,
      });
    }
  }
  const totals = zeroSums();
  for (const sums of byCampaign.values()) addInto(totals, sums);
  const active = campaigns.filter((campaign) => campaign.status === "active");
  return {
    date,
    asOf: now,
    ...metricsOf(totals),
    activeDailyBudgetMicros: active.reduce((sum, campaign) => sum + campaign.dailyBudgetMicros, 0n),
    activeCampaigns: active.length,
    campaigns: [...byCampaign]
      .map(([campaignId, sums]) => ({ campaignId, sums, ...metricsOf(sums) }))
      .sort((a, b) => compareBig(b.sums.spendMicros, a.sums.spendMicros) || a.campaignId.localeCompare(b.campaignId)),
  };
}

function compareBig(a: bigint, b: bigint): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

const topCampaignsArgs = z.object({
  first: z
    .number()
    .int("must be an integer")
    .min(0, "must not be negative")
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`),
});

const METRIC: Record<TodayMetric, keyof MetricSums> = {
  spend: "spendMicros",
  impressions: "impressions",
  clicks: "clicks",
  conversions: "conversions",
};

/** The `count` campaigns with the most of `metric` today (ties: more spend, then id). */
export function topCampaigns(today: AdvertiserToday, metric: TodayMetric, count: number): CampaignDay[] {
  const { first } = parseInput(topCampaignsArgs, { first: count });
  const key = METRIC[metric];
  return [...today.campaigns]
    .sort(
      (a, b) =>
        compareBig(b.sums[key], a.sums[key]) ||
        compareBig(b.sums.spendMicros, a.sums.spendMicros) ||
        a.campaignId.localeCompare(b.campaignId),
    )
    .slice(0, first);
}
