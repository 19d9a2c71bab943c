// Demo campaigns (DEMO=1): a few campaigns for the demo advertiser and two rival
// advertisers, so that auctions have real competition and the dashboard and
// reports fill with second prices rather than floors. The rivals are sandbox
// advertisers like the demo one: their campaigns bid only in the demo
// simulator's decisions (docs/decisions/0903). The demo advertiser and the
// rival sportsbook are gambling advertisers licensed where the simulator's
// bettors may bet online (lib/simulator/jurisdictions.ts); one demo campaign
// targets New Jersey, one leaves Ontario out. Rows are the campaign-row
// writer's, with their region targeting, in one transaction (the campaigns
// service validates API input; these are fixed, valid values). Idempotent:
// nothing is created when the demo advertiser already has campaigns.
import { nowDate, type Clock } from "@/lib/clock";
import { db } from "@/lib/db/client";
import { campaignCreateData, type NewCampaign } from "@/lib/domain/campaigns/campaign-rows";
import { MOMENT_TYPE_KEYS } from "@/lib/domain/moment-types/catalog";
import { SPORTS } from "@/lib/domain/sports";
import { newId } from "@/lib/ids";
import { usdToMicros } from "@/lib/money";
import { LEGAL_BETTING_REGIONS } from "@/lib/simulator/jurisdictions";

/** Where the demo's sportsbooks are licensed: where the simulated bettors may bet online. */
export const DEMO_LICENSED_REGIONS: readonly string[] = LEGAL_BETTING_REGIONS.map(([code]) => code);

export type DemoCampaign = {
  name: string;
  momentTypes: string[];
  sports: string[];
  bidUsd: number;
  dailyUsd: number;
  totalUsd: number;
  targetCpaUsd?: number;
  pacing?: "even" | "asap";
  /** the only regions it serves (none: wherever its advertiser may) */
  targetRegions?: string[];
  /** regions it never serves */
  excludedRegions?: string[];
  creatives: { headline: string; body: string; cta: string }[];
};

const ICON = "https://placehold.co/192x192/png";
const ALL_TYPES = [...MOMENT_TYPE_KEYS];

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    name: "Close finishes: live odds boost",
    momentTypes: ["close_game", "overtime", "moneyline_alert"],
    sports: ["nba", "nfl", "ncaa_basketball"],
    bidUsd: 3.2,
    dailyUsd: 250,
    totalUsd: 5000,
    creatives: [
      {
        headline: "Down to the wire",
        body: "Live odds boosted for the final minutes. Play responsibly.",
        cta: "See odds",
      },
      { headline: "Nail-biter alert", body: "Boosted live lines while the game is close. 21+.", cta: "Open app" },
    ],
  },
  {
    name: "Settled bets: next-game promo",
    momentTypes: ["bet_resolved", "prediction_resolved"],
    sports: [...SPORTS],
    bidUsd: 2.9,
    dailyUsd: 150,
    totalUsd: 3000,
    targetCpaUsd: 12,
    // Ontario's standards bar advertising bonuses and inducements outside the operator's own sites
    excludedRegions: ["CA-ON"],
    creatives: [
      {
        headline: "Your bet just settled",
        body: "Tonight's slate is live. Set a limit and enjoy the game.",
        cta: "Tonight's slate",
      },
    ],
  },
  {
    name: "Props and totals tracker",
    momentTypes: ["prop_alert", "total_alert", "spread_alert"],
    sports: ["nba", "nfl", "mlb"],
    bidUsd: 2.6,
    dailyUsd: 100,
    totalUsd: 2000,
    creatives: [
      { headline: "Your line is in play", body: "Track your props and totals live in the app.", cta: "Track it" },
    ],
  },
  {
    name: "New Jersey: live-bet boost",
    momentTypes: ["close_game", "spread_alert", "moneyline_alert", "overtime"],
    sports: [...SPORTS],
    bidUsd: 3.6,
    dailyUsd: 60,
    totalUsd: 1200,
    targetRegions: ["US-NJ"],
    creatives: [
      {
        headline: "Jersey, this one's live",
        body: "Boosted live lines for New Jersey players. 21+. Gambling problem? Call 1-800-GAMBLER.",
        cta: "See the boost",
      },
    ],
  },
];

type DemoAdvertiser = {
  name: string;
  email: string;
  /** a sportsbook: gambling, licensed in DEMO_LICENSED_REGIONS; else general */
  sportsbook: boolean;
  campaigns: DemoCampaign[];
};

export const RIVALS: DemoAdvertiser[] = [
  {
    name: "Rival Sportsbook (demo)",
    email: "rival-1@sportsmomentads.test",
    sportsbook: true,
    campaigns: [
      {
        name: "Rival: everything, everywhere",
        momentTypes: ALL_TYPES,
        sports: [...SPORTS],
        bidUsd: 2.1,
        dailyUsd: 300,
        totalUsd: 9000,
        creatives: [
          { headline: "Odds on the move", body: "Live markets for every game tonight. 21+.", cta: "Bet live" },
        ],
      },
      {
        name: "Rival: basketball fouls",
        momentTypes: ["foul_trouble", "close_game"],
        sports: ["nba", "ncaa_basketball"],
        bidUsd: 2.8,
        dailyUsd: 80,
        totalUsd: 1500,
        creatives: [
          { headline: "Star in foul trouble", body: "See how the line moves. Play responsibly.", cta: "Live line" },
        ],
      },
    ],
  },
  {
    name: "Prediction Exchange (demo)",
    email: "rival-2@sportsmomentads.test",
    sportsbook: false,
    campaigns: [
      {
        name: "Exchange: position moves",
        momentTypes: ["position_alert", "prediction_resolved", "follow_alert"],
        sports: [...SPORTS],
        bidUsd: 2.3,
        dailyUsd: 120,
        totalUsd: 2400,
        creatives: [
          {
            headline: "Your market just moved",
            body: "Trade the swing on the exchange. Limits apply.",
            cta: "Trade now",
          },
        ],
      },
    ],
  },
];

function newCampaign(
  advertiserId: string,
  campaign: DemoCampaign,
  startDate: string,
  createdAt: Date,
  endDate: string | null,
): NewCampaign {
  return {
    advertiserId,
    name: campaign.name,
    momentTypes: campaign.momentTypes,
    sports: campaign.sports,
    bidCpmMicros: usdToMicros(campaign.bidUsd),
    dailyBudgetMicros: usdToMicros(campaign.dailyUsd),
    totalBudgetMicros: usdToMicros(campaign.totalUsd),
    targetCpaMicros: campaign.targetCpaUsd === undefined ? null : usdToMicros(campaign.targetCpaUsd),
    startDate,
    endDate,
    pacing: campaign.pacing,
    createdAt,
    creatives: campaign.creatives.map((creative) => ({
      headline: creative.headline,
      body: creative.body,
      iconUrl: ICON,
      actionUrl: "https://sportsbook.example.com/demo",
      ctaText: creative.cta,
      status: "approved",
      reviewedAt: createdAt,
    })),
  };
}

/** The advertiser columns of a sportsbook: gambling, licensed where the simulated bettors may bet. */
export function sportsbookLicence(): { category: "gambling"; licensedRegions: string } {
  return { category: "gambling", licensedRegions: JSON.stringify(DEMO_LICENSED_REGIONS) };
}

/** A campaign's row with its region targeting (JSON arrays; null: none). */
export function campaignRow(
  advertiserId: string,
  campaign: DemoCampaign,
  startDate: string,
  createdAt: Date,
  endDate: string | null = null,
) {
  return {
    ...campaignCreateData(newCampaign(advertiserId, campaign, startDate, createdAt, endDate)),
    targetRegions: campaign.targetRegions ? JSON.stringify(campaign.targetRegions) : null,
    excludedRegions: campaign.excludedRegions ? JSON.stringify(campaign.excludedRegions) : null,
  };
}

/** Creates the demo campaigns once; returns how many campaigns were created. */
export async function seedDemoCampaigns(advertiserId: string, options: { clock?: Clock } = {}): Promise<number> {
  const now = nowDate(options.clock);
  if ((await db().campaign.count({ where: { advertiserId } })) > 0) return 0;
  const startDate = now.toISOString().slice(0, 10);
  let created = 0;
  await db().$transaction(async (tx) => {
    const plan: { advertiserId: string; campaigns: DemoCampaign[] }[] = [{ advertiserId, campaigns: DEMO_CAMPAIGNS }];
    for (const rival of RIVALS) {
      const existing = await tx.advertiser.findFirst({ where: { email: rival.email } });
      const rivalId = existing?.id ?? newId("adv");
      const licence = rival.sportsbook ? sportsbookLicence() : {};
      if (!existing)
        await tx.advertiser.create({
          data: {
            id: rivalId,
            name: rival.name,
            email: rival.email,
            sandbox: true,
            ...licence,
            billingAccount: { create: {} },
          },
        });
      else if (!existing.sandbox) await tx.advertiser.update({ where: { id: rivalId }, data: { sandbox: true } });
      if ((await tx.campaign.count({ where: { advertiserId: rivalId } })) === 0)
        plan.push({ advertiserId: rivalId, campaigns: rival.campaigns });
    }
    for (const entry of plan) {
      for (const campaign of entry.campaigns) {
        await tx.campaign.create({ data: campaignRow(entry.advertiserId, campaign, startDate, now) });
        created += 1;
      }
    }
  });
  return created;
}
