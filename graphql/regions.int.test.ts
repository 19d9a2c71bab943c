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
});
