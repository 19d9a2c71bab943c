// What the dashboard's daily screens run through POST /api/graphql on a real
// database: the campaign list's search, clicks, CTR and conversions columns and
// their orders; a campaign's deliveryStatus and availableActions and a
// variant's; duplicateCampaign; pauseCreativeVariant and resumeCreativeVariant;
// advertiserReport and the previous period's comparison; time series with
// conversions; forecastCampaignDelivery. Bad inputs as userErrors or
// top-level errors as REST answers them, scopes, tenancy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { consumeRateLimit, RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import { recordPostback } from "@/lib/domain/conversions/record-conversion";
import { utcDay } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { expectRateLimited, gql, onlyError } from "@/test/graphql";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { toGlobalId } from "./global-id";

const at = (iso: string) => Date.parse(iso);

let icons: IconServer;
let adv: TestAdvertiser;
let rival: TestAdvertiser;
let headers: Record<string, string>;
let readOnly: Record<string, string>;
let campaigns: Record<"alpha" | "bravo" | "charlie", Awaited<ReturnType<typeof createTestCampaign>>>;
let foreign: Awaited<ReturnType<typeof createTestCampaign>>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser("Daily");
  rival = await createTestAdvertiser("Rival");
  headers = await adv.auth();
  readOnly = await adv.auth(["campaigns:read", "reporting:read"]);
  const created = (minutes: number) => new Date(Date.parse("2025-10-01T00:00:00Z") + minutes * 60_000);
  campaigns = {
    alpha: await createTestCampaign({
      advertiserId: adv.advertiserId,
      name: "NBA Playoffs — Überraschung",
      createdAt: created(0),
      creatives: [{}, {}, { status: "rejected" }],
    }),
    bravo: await createTestCampaign({ advertiserId: adv.advertiserId, name: "NFL Sundays", createdAt: created(1) }),
    charlie: await createTestCampaign({
      advertiserId: adv.advertiserId,
      name: "MLB nightly",
      status: "ended",
      createdAt: created(2),
    }),
  };
  await db().creative.updateMany({
    where: { campaignId: { in: Object.values(campaigns).map((c) => c.id) } },
    data: { iconUrl: icons.url() },
  });
  // alpha: 4 impressions, 2 clicks, 1 conversion; bravo: 1 impression, 1 click; charlie: 10 impressions, 1 click
  const alpha = await seedDelivery(campaigns.alpha, [
    { servedAtMs: at("2025-11-02T15:00:00Z"), clickedAtMs: at("2025-11-02T15:01:00Z") },
    { servedAtMs: at("2025-11-02T15:10:00Z"), clickedAtMs: at("2025-11-02T15:11:00Z") },
    { servedAtMs: at("2025-11-02T15:20:00Z") },
    { servedAtMs: at("2025-11-01T15:20:00Z") },
  ]);
  await recordPostback(
    { campaign_id: campaigns.alpha.id, click_id: alpha[0]!.clickId, event_type: "deposit", event_value_usd: 10 },
    { clock: () => at("2025-11-02T16:00:00Z") },
  );
  await seedDelivery(campaigns.bravo, [
    { servedAtMs: at("2025-11-02T15:00:00Z"), clickedAtMs: at("2025-11-02T15:05:00Z") },
  ]);
  await seedDelivery(
    campaigns.charlie,
    Array.from({ length: 10 }, (_, index) => ({
      servedAtMs: at("2025-11-03T15:00:00Z") + index,
      ...(index === 0 ? { clickedAtMs: at("2025-11-03T15:30:00Z") } : {}),
    })),
  );
  foreign = await createTestCampaign({ advertiserId: rival.advertiserId, name: "NBA Playoffs rival" });
});
afterAll(() => icons.close());

const LIST = `
  query($search: String, $orderBy: CampaignOrder, $first: Int, $after: String) {
    campaigns(search: $search, orderBy: $orderBy, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes { restId name clicksToDate conversionsToDate ctrToDate impressionsToDate deliveryStatus availableActions }
    }
  }`;

async function list(variables: Record<string, unknown>, h = headers) {
  const res = await gql(LIST, { headers: h, variables });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.campaigns as {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string };
    nodes: {
      restId: string;
      name: string;
      clicksToDate: number;
      ctrToDate: number;
      conversionsToDate: number;
      deliveryStatus: string;
      availableActions: string[];
    }[];
  };
}

describe("the campaign list", () => {
  it("searches names in any case and Unicode form, and ids; never another advertiser's", async () => {
    expect((await list({ search: "nba playoffs" })).nodes.map((c) => c.name)).toEqual(["NBA Playoffs — Überraschung"]);
    expect((await list({ search: "ÜBERRASCHUNG" })).totalCount).toBe(1);
    expect((await list({ search: "  sundays " })).nodes.map((c) => c.name)).toEqual(["NFL Sundays"]);
    expect((await list({ search: campaigns.charlie.id })).nodes.map((c) => c.name)).toEqual(["MLB nightly"]);
    expect((await list({ search: campaigns.charlie.id.slice(0, 12) })).totalCount).toBeGreaterThanOrEqual(1);
    expect((await list({ search: foreign.id })).totalCount).toBe(0);
    expect((await list({ search: "no such campaign" })).totalCount).toBe(0);
    // an empty search is no filter
    expect((await list({ search: "" })).totalCount).toBe(3);
    // with an order read in memory too
    const byCtr = await list({ search: "n", orderBy: { field: "CTR_TO_DATE", direction: "DESC" } });
    expect(byCtr.nodes.map((c) => c.name)).toEqual(["NFL Sundays", "NBA Playoffs — Überraschung", "MLB nightly"]);
    const tooLong = await gql(LIST, { headers, variables: { search: "x".repeat(201) } });
    expect(onlyError(tooLong).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("answers clicks, conversions and CTR to date from recorded events, and sorts by each, paging with cursors", async () => {
    const all = await list({ orderBy: { field: "CREATED_AT", direction: "ASC" } });
    expect(all.nodes.map((c) => [c.name, c.clicksToDate, c.conversionsToDate, c.ctrToDate])).toEqual([
      ["NBA Playoffs — Überraschung", 2, 1, 0.5],
      ["NFL Sundays", 1, 0, 1],
      ["MLB nightly", 1, 0, 0.1],
    ]);
    const names = async (field: string, direction: string) => {
      const first = await list({ orderBy: { field, direction }, first: 2 });
      const rest = await list({ orderBy: { field, direction }, first: 2, after: first.pageInfo.endCursor });
      expect(first.pageInfo.hasNextPage).toBe(true);
      return [...first.nodes, ...rest.nodes].map((c) => c.name.split(" ")[0]);
    };
    expect(await names("CLICKS_TO_DATE", "DESC")).toEqual(["NBA", ...(await tieOrder(["NFL", "MLB"]))]);
    expect(await names("CONVERSIONS_TO_DATE", "DESC")).toEqual(["NBA", ...(await tieOrder(["NFL", "MLB"]))]);
    expect(await names("CTR_TO_DATE", "ASC")).toEqual(["MLB", "NBA", "NFL"]);
    expect(await names("CTR_TO_DATE", "DESC")).toEqual(["NFL", "NBA", "MLB"]);
  });

  it("answers deliveryStatus and availableActions as REST's campaign does", async () => {
    const all = await list({ orderBy: { field: "CREATED_AT", direction: "ASC" } });
    expect(all.nodes.map((c) => [c.name.split(" ")[0], c.deliveryStatus, c.availableActions])).toEqual([
      ["NBA", "DELIVERING", ["PAUSE", "END", "CANCEL", "UPDATE", "ADD_VARIANT"]],
      ["NFL", "DELIVERING", ["PAUSE", "END", "CANCEL", "UPDATE", "ADD_VARIANT"]],
      ["MLB", "ENDED", []],
    ]);
  });
});

/** Ties are ordered by id, in the sort's direction: the expected names of tied campaigns in that order. */
async function tieOrder(tied: string[]): Promise<string[]> {
  const byName = { NFL: campaigns.bravo.id, MLB: campaigns.charlie.id } as Record<string, string>;
  return [...tied].sort((a, b) => (byName[a]! < byName[b]! ? 1 : -1));
}

const VARIANT = (name: "pauseCreativeVariant" | "resumeCreativeVariant") => `
  mutation($input: ${name === "pauseCreativeVariant" ? "Pause" : "Resume"}CreativeVariantInput!) {
    ${name}(input: $input) {
      creative { restId status trafficAllocation availableActions }
      campaign { restId deliveryStatus creatives { variantLabel status trafficAllocation availableActions } }
      userErrors { field code message }
    }
  }`;

describe("pauseCreativeVariant and resumeCreativeVariant", () => {
  it("pause an approved variant (traffic re-splits) and resume it; no-ops change nothing", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, creatives: [{}, {}] });
    const id = toGlobalId("Creative", campaign.creatives[1]!.id);
    const paused = await gql(VARIANT("pauseCreativeVariant"), { headers, variables: { input: { id } } });
    expect(paused.errors).toBeUndefined();
    expect(paused.data.pauseCreativeVariant).toEqual({
      creative: {
        restId: campaign.creatives[1]!.id,
        status: "PAUSED",
        trafficAllocation: 0,
        availableActions: ["RESUME"],
      },
      campaign: {
        restId: campaign.id,
        deliveryStatus: "DELIVERING",
        creatives: [
          { variantLabel: "variant_a", status: "APPROVED", trafficAllocation: 1, availableActions: ["PAUSE"] },
          { variantLabel: "variant_b", status: "PAUSED", trafficAllocation: 0, availableActions: ["RESUME"] },
        ],
      },
      userErrors: [],
    });
    const again = await gql(VARIANT("pauseCreativeVariant"), { headers, variables: { input: { id } } });
    expect(again.data.pauseCreativeVariant.creative.status).toBe("PAUSED");
    const resumed = await gql(VARIANT("resumeCreativeVariant"), { headers, variables: { input: { id } } });
    expect(
      resumed.data.resumeCreativeVariant.campaign.creatives.map(
        (c: { trafficAllocation: number }) => c.trafficAllocation,
      ),
    ).toEqual([0.5, 0.5]);
  });

  it("answer rejected variants and final campaigns as INVALID_TRANSITION userErrors; others' ids as NOT_FOUND; need campaigns:write", async () => {
    const rejected = toGlobalId("Creative", campaigns.alpha.creatives[2]!.id);
    const refused = await gql(VARIANT("pauseCreativeVariant"), { headers, variables: { input: { id: rejected } } });
    expect(refused.data.pauseCreativeVariant).toMatchObject({
      creative: null,
      userErrors: [{ field: null, code: "INVALID_TRANSITION", message: expect.stringMatching(/rejected variant/) }],
    });
    const ended = toGlobalId("Creative", campaigns.charlie.creatives[0]!.id);
    const final = await gql(VARIANT("pauseCreativeVariant"), { headers, variables: { input: { id: ended } } });
    expect(final.data.pauseCreativeVariant.userErrors[0].code).toBe("INVALID_TRANSITION");

    for (const id of [
      toGlobalId("Creative", foreign.creatives[0]!.id),
      toGlobalId("Creative", "cr_none"),
      toGlobalId("Campaign", campaigns.alpha.id),
    ]) {
      const res = await gql(VARIANT("pauseCreativeVariant"), { headers, variables: { input: { id } } });
      expect(onlyError(res).extensions.code, id).toBe("NOT_FOUND");
    }
    expect((await db().creative.findUniqueOrThrow({ where: { id: foreign.creatives[0]!.id } })).status).toBe(
      "approved",
    );
    const forbidden = await gql(VARIANT("pauseCreativeVariant"), {
      headers: readOnly,
      variables: { input: { id: toGlobalId("Creative", campaigns.alpha.creatives[0]!.id) } },
    });
    expect(onlyError(forbidden).extensions.code).toBe("FORBIDDEN");
  });
});

const DUPLICATE = `
  mutation($input: DuplicateCampaignInput!) {
    duplicateCampaign(input: $input) {
      campaign { restId name status startDate endDate bidCpmUsd momentTypes creatives { variantLabel status headline } }
      userErrors { field code message }
    }
  }`;

const DUPLICATE_EDITED = `
  mutation($input: DuplicateCampaignInput!) {
    duplicateCampaign(input: $input) {
      campaign {
        name status momentTypes sports bidCpmUsd dailyBudgetUsd totalBudgetUsd targetCpaUsd pacing startDate endDate
        targetRegions creatives { variantLabel status headline }
      }
      userErrors { field code message }
    }
  }`;

describe("duplicateCampaign", () => {
  it("copies a campaign, its settings and creatives, paused unless asked", async () => {
    const res = await gql(DUPLICATE, {
      headers,
      variables: { input: { id: toGlobalId("Campaign", campaigns.charlie.id), startDate: utcDay(2), endDate: null } },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.duplicateCampaign).toMatchObject({
      campaign: {
        name: "Copy of MLB nightly",
        status: "PAUSED",
        startDate: utcDay(2),
        endDate: null,
        bidCpmUsd: "2.00",
        momentTypes: ["CLOSE_GAME"],
        creatives: [{ variantLabel: "variant_a", status: "APPROVED", headline: "Headline 1" }],
      },
      userErrors: [],
    });
    const active = await gql(DUPLICATE, {
      headers,
      variables: { input: { id: toGlobalId("Campaign", campaigns.alpha.id), name: "Alpha again", status: "ACTIVE" } },
    });
    expect(active.data.duplicateCampaign.campaign).toMatchObject({ name: "Alpha again", status: "ACTIVE" });
    // reviewed again: the third was stored rejected, but its text passes the review (the factory's)
    expect(active.data.duplicateCampaign.campaign.creatives.map((c: { status: string }) => c.status)).toEqual([
      "APPROVED",
      "APPROVED",
      "APPROVED",
    ]);
  });

  it("copies and edits: targeting, money, dates, regions, the creative and the variants overridden", async () => {
    const creative = {
      headline: "Overtime!",
      body: "Extra time, extra odds.",
      iconUrl: icons.url(),
      actionUrl: "https://example.com/ot",
    };
    const res = await gql(DUPLICATE_EDITED, {
      headers,
      variables: {
        input: {
          id: toGlobalId("Campaign", campaigns.alpha.id),
          name: "Alpha, NFL edition",
          momentTypes: ["OVERTIME", "CLOSE_GAME"],
          sports: ["NFL"],
          bidCpmUsd: "4.25",
          dailyBudgetUsd: "30",
          totalBudgetUsd: "600",
          targetCpaUsd: "15",
          pacing: "ASAP",
          startDate: utcDay(1),
          endDate: utcDay(21),
          targetRegions: ["US-NJ", "US-PA"],
          excludedRegions: null,
          creative,
          variants: [{ ...creative, headline: "Second take", ctaText: "Play" }],
        },
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.duplicateCampaign).toMatchObject({
      campaign: {
        name: "Alpha, NFL edition",
        status: "PAUSED",
        momentTypes: ["OVERTIME", "CLOSE_GAME"],
        sports: ["NFL"],
        bidCpmUsd: "4.25",
        dailyBudgetUsd: "30.00",
        totalBudgetUsd: "600.00",
        targetCpaUsd: "15.00",
        pacing: "ASAP",
        startDate: utcDay(1),
        endDate: utcDay(21),
        targetRegions: ["US-NJ", "US-PA"],
        creatives: [
          { variantLabel: "variant_a", status: "APPROVED", headline: "Overtime!" },
          { variantLabel: "variant_b", status: "APPROVED", headline: "Second take" },
        ],
      },
      userErrors: [],
    });
    // an override E5 would refuse: a userError on the override's GraphQL path, nothing written
    const before = await db().campaign.count();
    const bad = await gql(DUPLICATE_EDITED, {
      headers,
      variables: {
        input: {
          id: toGlobalId("Campaign", campaigns.alpha.id),
          bidCpmUsd: "1001",
          variants: [{ ...creative, headline: "x".repeat(61) }],
        },
      },
    });
    expect(bad.data.duplicateCampaign.campaign).toBeNull();
    expect(bad.data.duplicateCampaign.userErrors.map((error: { field: string[] }) => error.field)).toEqual(
      expect.arrayContaining([
        ["input", "bidCpmUsd"],
        ["input", "variants", "0", "headline"],
      ]),
    );
    expect(await db().campaign.count()).toBe(before);
  });

  it("answers bad choices as userErrors on their fields; another advertiser's campaign as NOT_FOUND; nothing written", async () => {
    const before = await db().campaign.count();
    const id = toGlobalId("Campaign", campaigns.bravo.id);
    const bad = await gql(DUPLICATE, {
      headers,
      variables: { input: { id, status: "ENDED", name: " ", startDate: "2020-01-01" } },
    });
    expect(bad.data.duplicateCampaign.campaign).toBeNull();
    expect(
      bad.data.duplicateCampaign.userErrors.map((error: { field: string[]; code: string }) => [
        error.field,
        error.code,
      ]),
    ).toEqual([
      [["input", "name"], "VALIDATION_FAILED"],
      [["input", "status"], "VALIDATION_FAILED"],
      [["input", "startDate"], "VALIDATION_FAILED"],
    ]);
    const theirs = await gql(DUPLICATE, { headers, variables: { input: { id: toGlobalId("Campaign", foreign.id) } } });
    expect(onlyError(theirs).extensions.code).toBe("NOT_FOUND");
    const readOnlyRes = await gql(DUPLICATE, { headers: readOnly, variables: { input: { id } } });
    expect(onlyError(readOnlyRes).extensions.code).toBe("FORBIDDEN");
    expect(await db().campaign.count()).toBe(before);
  });
});

const ADVERTISER_REPORT = `
  query($breakdown: AdvertiserReportBreakdown, $compare: ReportComparison, $start: Date!, $end: Date!) {
    advertiserReport(startDate: $start, endDate: $end, breakdown: $breakdown, timezone: "America/New_York", compare: $compare) {
      period { start end timezone }
      totals { impressions clicks conversions spendUsd }
      breakdown
      rows { key impressions clicks conversions campaign { restId name } }
      comparison { period { start end } totals { impressions clicks conversions } }
      csvFilename
    }
  }`;

describe("advertiserReport and comparisons", () => {
  it("sums every campaign, rows by campaign with the campaign, the previous period beside", async () => {
    const res = await gql(ADVERTISER_REPORT, {
      headers: readOnly,
      variables: { breakdown: "CAMPAIGN", compare: "PREVIOUS_PERIOD", start: "2025-11-02", end: "2025-11-03" },
    });
    expect(res.errors).toBeUndefined();
    const report = res.data.advertiserReport;
    expect(report.totals).toMatchObject({ impressions: 14, clicks: 4, conversions: 1 });
    expect(
      report.rows.map((row: { campaign: { name: string }; impressions: number }) => [
        row.campaign.name,
        row.impressions,
      ]),
    ).toEqual([
      ["MLB nightly", 10],
      ["NBA Playoffs — Überraschung", 3],
      ["NFL Sundays", 1],
    ]);
    expect(report.comparison).toEqual({
      period: { start: "2025-10-31", end: "2025-11-01" },
      totals: { impressions: 1, clicks: 0, conversions: 0 },
    });
    expect(report.csvFilename).toBe("all-campaigns-2025-11-02-2025-11-03-by-campaign-America-New_York.csv");
  });

  it("compares a campaign's report too, and refuses a previous period before 2000", async () => {
    const query = `query($id: ID!, $start: Date!, $end: Date!) {
      campaignReport(campaignId: $id, startDate: $start, endDate: $end, compare: PREVIOUS_PERIOD) {
        totals { impressions } comparison { period { start end timezone } totals { impressions spendUsd } }
      }
    }`;
    const res = await gql(query, {
      headers: readOnly,
      variables: { id: campaigns.alpha.id, start: "2025-11-02", end: "2025-11-02" },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.campaignReport).toEqual({
      totals: { impressions: 3 },
      comparison: {
        period: { start: "2025-11-01", end: "2025-11-01", timezone: "UTC" },
        totals: { impressions: 1, spendUsd: "0.002" },
      },
    });
    const early = await gql(query, {
      headers: readOnly,
      variables: { id: campaigns.alpha.id, start: "2000-01-01", end: "2000-01-02" },
    });
    expect(onlyError(early).extensions).toMatchObject({ code: "BAD_USER_INPUT", apiCode: "validation_failed" });
  });

  it("needs reporting:read; a campaign row's campaign needs campaigns:read", async () => {
    const campaignsOnly = await adv.auth(["campaigns:read"]);
    const res = await gql(ADVERTISER_REPORT, {
      headers: campaignsOnly,
      variables: { start: "2025-11-02", end: "2025-11-03" },
    });
    expect(onlyError(res).extensions.code).toBe("FORBIDDEN");
    const reportingOnly = await adv.auth(["reporting:read"]);
    const rows = await gql(ADVERTISER_REPORT, {
      headers: reportingOnly,
      variables: { breakdown: "CAMPAIGN", start: "2025-11-02", end: "2025-11-03" },
    });
    expect(rows.errors?.every((error) => error.extensions.code === "FORBIDDEN")).toBe(true);
    expect(rows.data.advertiserReport.rows[0].impressions).toBe(10);
  });

  it("answers conversions in the time series", async () => {
    const res = await gql(
      `query($id: ID!) { campaignTimeSeries(campaignId: $id, startDate: "2025-11-01", endDate: "2025-11-03") { series { ts conversions } } }`,
      { headers: readOnly, variables: { id: campaigns.alpha.id } },
    );
    expect(res.data.campaignTimeSeries.series.map((point: { conversions: number }) => point.conversions)).toEqual([
      0, 1, 0,
    ]);
  });
});

const FORECAST = `
  query($input: ForecastCampaignDeliveryInput!) {
    forecastCampaignDelivery(input: $input) {
      forecast { estimatedDailyImpressions estimatedDailySpendUsd estimateStatus }
      userErrors { field code message }
    }
  }`;
const FORECAST_INPUT = {
  momentTypes: ["CLOSE_GAME"],
  sports: ["NBA"],
  bidCpmUsd: "2.50",
  dailyBudgetUsd: "50",
  totalBudgetUsd: "500",
};

describe("forecastCampaignDelivery", () => {
  it("answers createCampaign's estimates from the settings alone, withheld without enough market", async () => {
    const res = await gql(FORECAST, { headers, variables: { input: FORECAST_INPUT } });
    expect(res.errors).toBeUndefined();
    expect(res.data.forecastCampaignDelivery).toEqual({
      forecast: { estimatedDailyImpressions: 0, estimatedDailySpendUsd: "0.00", estimateStatus: "INSUFFICIENT_VOLUME" },
      userErrors: [],
    });
  });

  it("answers E5's rules as userErrors: the floor, types not in the sports, the minimums", async () => {
    const res = await gql(FORECAST, {
      headers,
      variables: {
        input: {
          ...FORECAST_INPUT,
          momentTypes: ["CLOSE_GAME", "FOUL_TROUBLE"],
          sports: ["MLB"],
          bidCpmUsd: "0.1",
          dailyBudgetUsd: "1",
        },
      },
    });
    expect(res.data.forecastCampaignDelivery.forecast).toBeNull();
    expect(
      res.data.forecastCampaignDelivery.userErrors.map((error: { field: string[] }) => error.field.join(".")),
    ).toEqual(["input.dailyBudgetUsd", "input.bidCpmUsd", "input.momentTypes.1"]);
    expect(res.data.forecastCampaignDelivery.userErrors[1].message).toMatch(/floor of close_game/);
  });

  it("counts against the previews' limit and needs campaigns:write", async () => {
    const busy = await createTestAdvertiser("Busy forecaster");
    const busyHeaders = await busy.auth();
    for (let index = 0; index < RATE_LIMIT_POLICIES.preview.points; index++)
      expect((await consumeRateLimit("preview", busy.advertiserId)).allowed).toBe(true);
    const limited = await gql(FORECAST, { headers: busyHeaders, variables: { input: FORECAST_INPUT } });
    expectRateLimited(limited, "forecastCampaignDelivery", RATE_LIMIT_POLICIES.preview.points);
    const forbidden = await gql(FORECAST, { headers: readOnly, variables: { input: FORECAST_INPUT } });
    expect(onlyError(forbidden).extensions.code).toBe("FORBIDDEN");
  });
});
