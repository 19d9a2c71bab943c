// Region targeting and the advertiser's licence through GraphQL (issue 39): Campaign's
// targetRegions and excludedRegions read and written by the same operations as REST, a gambling
// advertiser's licence refusing others as REGION_NOT_LICENSED userErrors, and the advertiser's
// category and licensed regions on the viewer, read-only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { setAdvertiserCategory, setLicensedRegions } from "@/lib/domain/advertisers/set-jurisdiction";
import { utcDay } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { gql } from "@/test/graphql";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { toGlobalId } from "./global-id";

let icons: IconServer;
let book: TestAdvertiser;
let headers: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  book = await createTestAdvertiser("Sportsbook");
  headers = await book.auth();
  await setAdvertiserCategory(book.advertiserId, "gambling");
  await setLicensedRegions(book.advertiserId, "US-NJ US-PA");
});
afterAll(() => icons.close());

const CREATE = `mutation RegionsCreate($input: CreateCampaignInput!) { createCampaign(input: $input) {
  campaign { restId targetRegions excludedRegions } userErrors { field code message } } }`;

function createInput(overrides: Record<string, unknown>) {
  return {
    name: "Licensed",
    momentTypes: ["CLOSE_GAME"],
    sports: ["NBA"],
    bidCpmUsd: "2.5",
    dailyBudgetUsd: "50",
    totalBudgetUsd: "500",
    startDate: utcDay(1),
    creative: {
      headline: "Your parlay is one leg away",
      body: "Cash out now or ride it: live odds inside.",
      iconUrl: icons.url(),
      actionUrl: "https://book.example.com/promo",
    },
    ...overrides,
  };
}

describe("GraphQL region targeting", () => {
  it("shows the advertiser's category and licensed regions", async () => {
    const res = await gql("query RegionsViewer { viewer { advertiser { category licensedRegions } } }", { headers });
    expect(res.data.viewer.advertiser).toEqual({ category: "GAMBLING", licensedRegions: ["US-NJ", "US-PA"] });
  });

  it("creates with region lists within the licence, and refuses others as REGION_NOT_LICENSED", async () => {
    const created = await gql(CREATE, {
      headers,
      variables: { input: createInput({ targetRegions: ["US-NJ"], excludedRegions: ["CA"] }) },
    });
    expect(created.data.createCampaign).toMatchObject({
      campaign: { targetRegions: ["US-NJ"], excludedRegions: ["CA"] },
      userErrors: [],
    });
    const refused = await gql(CREATE, {
      headers,
      variables: { input: createInput({ targetRegions: ["US-NJ", "CA-ON"] }) },
    });
    expect(refused.data.createCampaign).toEqual({
      campaign: null,
      userErrors: [
        {
          field: ["input", "targetRegions", "1"],
          code: "REGION_NOT_LICENSED",
          message: expect.stringContaining("CA-ON"),
        },
      ],
    });
    const bad = await gql(CREATE, { headers, variables: { input: createInput({ targetRegions: ["NJ"] }) } });
    expect(bad.data.createCampaign.userErrors).toMatchObject([
      { field: ["input", "targetRegions", "0"], code: "VALIDATION_FAILED" },
    ]);
  });

  it("updates region lists, and previews them as codes", async () => {
    const campaign = await createTestCampaign({ advertiserId: book.advertiserId, targetRegions: ["US-NJ"] });
    const id = toGlobalId("Campaign", campaign.id);
    const preview = await gql(
      `query RegionsPreview($input: UpdateCampaignInput!) { previewCampaignUpdate(input: $input) {
        preview { changes { field from to } raisesSpend } userErrors { code } } }`,
      { headers, variables: { input: { id, targetRegions: ["US-NJ", "US-PA"] } } },
    );
    expect(preview.data.previewCampaignUpdate.preview).toEqual({
      changes: [{ field: "targetRegions", from: "US-NJ", to: "US-NJ US-PA" }],
      raisesSpend: true,
    });
    const updated = await gql(
      `mutation RegionsUpdate($input: UpdateCampaignInput!) { updateCampaign(input: $input) {
        campaign { restId targetRegions excludedRegions } userErrors { field code } } }`,
      { headers, variables: { input: { id, targetRegions: ["US-PA"], excludedRegions: ["US-PA"] } } },
    );
    expect(updated.data.updateCampaign).toEqual({
      campaign: { restId: campaign.id, targetRegions: ["US-PA"], excludedRegions: ["US-PA"] },
      userErrors: [],
    });
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.targetRegions).toBe('["US-PA"]');
  });

  it("reports by REGION: code, name, unknown for decisions without one", async () => {
    const campaign = await createTestCampaign({ advertiserId: book.advertiserId });
    await seedDelivery(campaign, [
      { servedAtMs: Date.parse("2025-11-02T15:00:00Z"), region: "US-NJ" },
      { servedAtMs: Date.parse("2025-11-02T16:00:00Z"), region: "CA-ON" },
      { servedAtMs: Date.parse("2025-11-02T17:00:00Z") },
    ]);
    const res = await gql(
      `query RegionsReport($id: ID!) { campaign(id: $id) {
        report(startDate: "2025-11-02", endDate: "2025-11-02", timezone: "America/New_York", breakdown: REGION) {
          breakdown rows { key region regionName impressions } csv } } }`,
      { headers, variables: { id: toGlobalId("Campaign", campaign.id) } },
    );
    expect(res.data.campaign.report.breakdown).toBe("REGION");
    expect(res.data.campaign.report.rows).toEqual([
      { key: "CA-ON", region: "CA-ON", regionName: "Ontario", impressions: 1 },
      { key: "US-NJ", region: "US-NJ", regionName: "New Jersey", impressions: 1 },
      { key: "unknown", region: null, regionName: null, impressions: 1 },
    ]);
    expect(res.data.campaign.report.csv).toMatch(/^region,impressions,/);
  });
});
