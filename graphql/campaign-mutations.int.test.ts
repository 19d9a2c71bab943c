// Campaign writes through POST /api/graphql on a real database, with a real
// local icon server: the previews, createCampaign, updateCampaign, the status
// mutations and addCreativeVariant; their userErrors (REST's codes and field
// paths in GraphQL names), scopes (a write-only token gets its payload; the
// payload's fields of other resources keep their scope), tenancy, and the icon
// check's rate limit (its headers on the HTTP response, docs/decisions/1416).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { consumeRateLimit, RATE_LIMIT_POLICIES } from "@/lib/rate-limit/limiter";
import { utcDay } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { expectRateLimited, gql, onlyError } from "@/test/graphql";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { toGlobalId } from "./global-id";

let icons: IconServer;
let adv: TestAdvertiser;
let rival: TestAdvertiser;
let headers: Record<string, string>;
let writeOnly: Record<string, string>;
let readOnly: Record<string, string>;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser("Writer");
  rival = await createTestAdvertiser("Rival");
  headers = await adv.auth();
  writeOnly = await adv.auth(["campaigns:write"]);
  readOnly = await adv.auth(["campaigns:read", "reporting:read"]);
});
afterAll(() => icons.close());

function creativeInput(overrides: Record<string, unknown> = {}) {
  return {
    headline: "Your parlay is one leg away",
    body: "Cash out now or ride it: live odds inside.",
    iconUrl: icons.url(),
    actionUrl: "https://book.example.com/promo",
    ctaText: "Open bet",
    ...overrides,
  };
}

function createInput(overrides: Record<string, unknown> = {}) {
  return {
    name: "NBA close games",
    momentTypes: ["CLOSE_GAME", "OVERTIME"],
    sports: ["NBA"],
    bidCpmUsd: "2.50",
    dailyBudgetUsd: "50",
    // Money inputs take a JSON number too
    totalBudgetUsd: 500,
    startDate: utcDay(1),
    endDate: utcDay(30),
    targetCpaUsd: "12.5",
    postbackUrl: "https://postback.example.com/p?c={click_id}",
    pacing: "ASAP",
    creative: creativeInput(),
    ...overrides,
  };
}

const CAMPAIGN_FIELDS = `
  id restId name status momentTypes sports bidCpmUsd dailyBudgetUsd totalBudgetUsd targetCpaUsd postbackUrl
  startDate endDate pacing endedReason spendToDateUsd impressionsToDate
  primaryCreative { restId variantLabel status reviewReason headline body ctaText iconUrl actionUrl trafficAllocation }
  creatives { restId variantLabel campaign { restId } }`;

const CREATE = `
  mutation Create($input: CreateCampaignInput!) {
    createCampaign(input: $input) {
      campaign { ${CAMPAIGN_FIELDS} }
      estimatedDailyImpressions estimatedDailySpendUsd estimateStatus
      userErrors { field code message }
    }
  }`;

const PREVIEW_CREATE = `
  query Preview($input: CreateCampaignInput!) {
    previewCampaignCreate(input: $input) {
      preview { creativeStatus creativeReviewReason estimatedDailyImpressions estimatedDailySpendUsd estimateStatus }
      userErrors { field code message }
    }
  }`;

const UPDATE = `
  mutation Update($input: UpdateCampaignInput!) {
    updateCampaign(input: $input) {
      campaign { restId name status bidCpmUsd dailyBudgetUsd totalBudgetUsd targetCpaUsd endDate postbackUrl pacing }
      userErrors { field code message }
    }
  }`;

const PREVIEW_UPDATE = `
  query PreviewUpdate($input: UpdateCampaignInput!) {
    previewCampaignUpdate(input: $input) {
      preview {
        changes { field from to }
        raisesSpend estimatedDailyImpressions estimatedDailySpendUsd estimateStatus
        currentEstimatedDailyImpressions currentEstimatedDailySpendUsd currentEstimateStatus
      }
      userErrors { field code message }
    }
  }`;

const STATUS_MUTATIONS = ["pauseCampaign", "resumeCampaign", "endCampaign", "cancelCampaign"] as const;
type StatusMutation = (typeof STATUS_MUTATIONS)[number];

function statusMutation(name: StatusMutation) {
  const input = `${name[0]!.toUpperCase()}${name.slice(1)}Input`;
  return `mutation($input: ${input}!) {
    ${name}(input: $input) { campaign { restId status endedReason } userErrors { field code message } }
  }`;
}

const ADD_VARIANT = `
  mutation Add($input: AddCreativeVariantInput!) {
    addCreativeVariant(input: $input) {
      creative { id restId variantLabel status reviewReason headline body ctaText iconUrl actionUrl trafficAllocation campaign { restId } }
      campaign { restId creatives { variantLabel trafficAllocation } }
      userErrors { field code message }
    }
  }`;

const campaignCount = (advertiserId: string) => db().campaign.count({ where: { advertiserId } });

describe("previewCampaignCreate", () => {
  it("runs every check of createCampaign, the review and the estimates, and writes nothing", async () => {
    const before = await campaignCount(adv.advertiserId);
    const heads = icons.heads.length;
    const res = await gql(PREVIEW_CREATE, { headers, variables: { input: createInput() } });
    expect(res.errors).toBeUndefined();
    expect(res.data.previewCampaignCreate).toEqual({
      preview: {
        creativeStatus: "APPROVED",
        creativeReviewReason: null,
        // no other advertiser's auctions recorded: withheld, not invented
        estimatedDailyImpressions: 0,
        estimatedDailySpendUsd: "0.00",
        estimateStatus: "INSUFFICIENT_VOLUME",
      },
      userErrors: [],
    });
    // the icon was checked as at creation
    expect(icons.heads.length).toBe(heads + 1);

    const rejected = await gql(PREVIEW_CREATE, {
      headers,
      variables: { input: createInput({ creative: creativeInput({ headline: "Risk-free bet tonight!" }) }) },
    });
    expect(rejected.data.previewCampaignCreate.preview).toMatchObject({
      creativeStatus: "REJECTED",
      creativeReviewReason: expect.stringMatching(/risk-free/),
    });

    const invalid = await gql(PREVIEW_CREATE, {
      headers,
      variables: { input: createInput({ bidCpmUsd: "0.10", creative: creativeInput({ headline: "h".repeat(61) }) }) },
    });
    expect(invalid.data.previewCampaignCreate.preview).toBeNull();
    expect(invalid.data.previewCampaignCreate.userErrors.map((error: { field: string[] }) => error.field)).toEqual(
      expect.arrayContaining([
        ["input", "bidCpmUsd"],
        ["input", "creative", "headline"],
      ]),
    );
    expect(await campaignCount(adv.advertiserId)).toBe(before);
  });

  it("needs campaigns:write", async () => {
    const res = await gql(PREVIEW_CREATE, { headers: readOnly, variables: { input: createInput() } });
    expect(res.data).toEqual({ previewCampaignCreate: null });
    expect(onlyError(res).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });
  });
});

describe("createCampaign", () => {
  it("creates the campaign with its primary creative and answers it in the payload", async () => {
    const res = await gql(CREATE, { headers, variables: { input: createInput() } });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const payload = res.data.createCampaign;
    expect(payload.userErrors).toEqual([]);
    expect(payload.estimatedDailyImpressions).toBe(0);
    expect(payload.estimatedDailySpendUsd).toBe("0.00");
    expect(payload.estimateStatus).toBe("INSUFFICIENT_VOLUME");
    const campaign = payload.campaign;
    expect(campaign).toMatchObject({
      id: toGlobalId("Campaign", campaign.restId),
      name: "NBA close games",
      status: "ACTIVE",
      momentTypes: ["CLOSE_GAME", "OVERTIME"],
      sports: ["NBA"],
      bidCpmUsd: "2.50",
      dailyBudgetUsd: "50.00",
      totalBudgetUsd: "500.00",
      targetCpaUsd: "12.50",
      postbackUrl: "https://postback.example.com/p?c={click_id}",
      startDate: utcDay(1),
      endDate: utcDay(30),
      pacing: "ASAP",
      endedReason: null,
      spendToDateUsd: "0.00",
      impressionsToDate: 0,
      primaryCreative: {
        variantLabel: "variant_a",
        status: "APPROVED",
        reviewReason: null,
        headline: "Your parlay is one leg away",
        body: "Cash out now or ride it: live odds inside.",
        ctaText: "Open bet",
        iconUrl: icons.url(),
        actionUrl: "https://book.example.com/promo",
        trafficAllocation: 1,
      },
    });
    expect(campaign.creatives).toEqual([
      { restId: campaign.primaryCreative.restId, variantLabel: "variant_a", campaign: { restId: campaign.restId } },
    ]);
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.restId } });
    expect(row).toMatchObject({ advertiserId: adv.advertiserId, bidCpmMicros: 2_500_000n, pacing: "asap" });
  });

  it("answers a write-only token with its payload; the payload's reports and performance still need reporting:read", async () => {
    const before = await campaignCount(adv.advertiserId);
    const res = await gql(
      `mutation($input: CreateCampaignInput!) {
        createCampaign(input: $input) {
          campaign {
            restId name status
            creatives { variantLabel headline performance { impressions } }
            report(startDate: "2026-01-01", endDate: "2026-01-02") { totals { impressions } }
          }
          userErrors { field code message }
        }
      }`,
      { headers: writeOnly, variables: { input: createInput({ name: "Write only" }) } },
    );
    expect(await campaignCount(adv.advertiserId)).toBe(before + 1);
    const payload = res.data.createCampaign;
    expect(payload.userErrors).toEqual([]);
    expect(payload.campaign).toMatchObject({
      name: "Write only",
      status: "ACTIVE",
      creatives: [{ variantLabel: "variant_a", headline: "Your parlay is one leg away", performance: null }],
      report: null,
    });
    expect(res.errors?.map((error) => [error.path, error.extensions.apiCode])).toEqual(
      expect.arrayContaining([
        [["createCampaign", "campaign", "creatives", 0, "performance"], "insufficient_scope"],
        [["createCampaign", "campaign", "report"], "insufficient_scope"],
      ]),
    );
    expect(res.errors).toHaveLength(2);
  });

  it("answers business-rule failures as userErrors with REST's codes and paths, and writes nothing", async () => {
    const before = await campaignCount(adv.advertiserId);
    const bad = await gql(CREATE, {
      headers,
      variables: { input: createInput({ bidCpmUsd: "0.10", creative: creativeInput({ headline: "h".repeat(61) }) }) },
    });
    expect(bad.errors).toBeUndefined();
    expect(bad.data.createCampaign.campaign).toBeNull();
    const errors = bad.data.createCampaign.userErrors as { field: string[]; code: string; message: string }[];
    expect(errors.map((error) => error.field)).toEqual(
      expect.arrayContaining([
        ["input", "creative", "headline"],
        ["input", "bidCpmUsd"],
      ]),
    );
    expect(new Set(errors.map((error) => error.code))).toEqual(new Set(["VALIDATION_FAILED"]));
    expect(errors.find((error) => error.field[1] === "bidCpmUsd")!.message).toMatch(/floor/);

    const cases: [Record<string, unknown>, string[], string][] = [
      [{ bidCpmUsd: "2.1234567" }, ["input", "bidCpmUsd"], "VALIDATION_FAILED"],
      [{ dailyBudgetUsd: "1" }, ["input", "dailyBudgetUsd"], "VALIDATION_FAILED"],
      [{ startDate: "2020-01-01" }, ["input", "startDate"], "VALIDATION_FAILED"],
      [
        { momentTypes: ["CLOSE_GAME", "FOUL_TROUBLE"], sports: ["NFL"] },
        ["input", "momentTypes", "1"],
        "VALIDATION_FAILED",
      ],
      [
        { creative: creativeInput({ iconUrl: icons.url("/missing.png") }) },
        ["input", "creative", "iconUrl"],
        "ICON_UNREACHABLE",
      ],
    ];
    for (const [overrides, field, code] of cases) {
      const res = await gql(CREATE, { headers, variables: { input: createInput(overrides) } });
      expect(res.errors, JSON.stringify(overrides)).toBeUndefined();
      expect(res.data.createCampaign.campaign).toBeNull();
      expect(res.data.createCampaign.userErrors, JSON.stringify(overrides)).toContainEqual({
        field,
        code,
        message: expect.any(String),
      });
    }
    expect(await campaignCount(adv.advertiserId)).toBe(before);
  });

  it("needs campaigns:write and a credential; writes nothing otherwise", async () => {
    const before = await campaignCount(adv.advertiserId);
    const refused = await gql(CREATE, { headers: readOnly, variables: { input: createInput() } });
    expect(refused.data).toEqual({ createCampaign: null });
    expect(onlyError(refused).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });
    expect(onlyError(refused).message).toBe("This operation requires the scope campaigns:write.");
    const anonymous = await gql(CREATE, { variables: { input: createInput() } });
    expect(onlyError(anonymous).extensions.code).toBe("UNAUTHENTICATED");
    expect(await campaignCount(adv.advertiserId)).toBe(before);
  });
});

describe("updateCampaign and previewCampaignUpdate", () => {
  it("previews the changes with nothing written, then writes them", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Before" });
    const id = toGlobalId("Campaign", campaign.id);
    const changes = { id, name: "After", bidCpmUsd: "3", pacing: "ASAP", endDate: utcDay(40), targetCpaUsd: null };

    const preview = await gql(PREVIEW_UPDATE, { headers, variables: { input: changes } });
    expect(preview.errors).toBeUndefined();
    expect(preview.data.previewCampaignUpdate).toEqual({
      preview: {
        changes: expect.arrayContaining([
          { field: "name", from: "Before", to: "After" },
          { field: "bidCpmUsd", from: "2.00", to: "3.00" },
          { field: "pacing", from: "even", to: "asap" },
          { field: "endDate", from: null, to: utcDay(40) },
        ]),
        raisesSpend: true,
        estimatedDailyImpressions: 0,
        estimatedDailySpendUsd: "0.00",
        estimateStatus: "INSUFFICIENT_VOLUME",
        currentEstimatedDailyImpressions: 0,
        currentEstimatedDailySpendUsd: "0.00",
        currentEstimateStatus: "INSUFFICIENT_VOLUME",
      },
      userErrors: [],
    });
    expect(preview.data.previewCampaignUpdate.preview.changes).toHaveLength(4);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).name).toBe("Before");

    const res = await gql(UPDATE, { headers: writeOnly, variables: { input: changes } });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateCampaign).toEqual({
      campaign: {
        restId: campaign.id,
        name: "After",
        status: "ACTIVE",
        bidCpmUsd: "3.00",
        dailyBudgetUsd: "50.00",
        totalBudgetUsd: "500.00",
        targetCpaUsd: null,
        endDate: utcDay(40),
        postbackUrl: null,
        pacing: "ASAP",
      },
      userErrors: [],
    });
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row).toMatchObject({ name: "After", bidCpmMicros: 3_000_000n, pacing: "asap", endDate: utcDay(40) });
  });

  it("answers rule failures as userErrors on their fields and writes nothing", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, startDate: utcDay(0) });
    const id = toGlobalId("Campaign", campaign.id);
    const cases: [Record<string, unknown>, string[]][] = [
      [{ bidCpmUsd: "0.10" }, ["input", "bidCpmUsd"]],
      [{ endDate: utcDay(0) }, ["input", "endDate"]],
      [{ name: "" }, ["input", "name"]],
      [{ dailyBudgetUsd: "-1" }, ["input", "dailyBudgetUsd"]],
    ];
    for (const [changes, field] of cases) {
      for (const query of [UPDATE, PREVIEW_UPDATE]) {
        const res = await gql(query, { headers, variables: { input: { id, ...changes } } });
        expect(res.errors, JSON.stringify(changes)).toBeUndefined();
        const payload = res.data.updateCampaign ?? res.data.previewCampaignUpdate;
        expect(payload.userErrors).toEqual([{ field, code: "VALIDATION_FAILED", message: expect.any(String) }]);
      }
    }
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.updatedAt.getTime()).toBe(campaign.updatedAt.getTime());
  });

  it("has no input for immutable fields: sending one is a malformed operation, nothing written", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const res = await gql(UPDATE, {
      headers,
      variables: { input: { id: toGlobalId("Campaign", campaign.id), momentTypes: ["OVERTIME"] } },
    });
    // variables that do not coerce to the input type: refused before any resolver runs
    expect(res.status).toBe(400);
    expect(onlyError(res).extensions).toMatchObject({ code: "BAD_USER_INPUT", apiCode: "validation_failed" });
    expect(onlyError(res).message).toMatch(/momentTypes/);
    expect(res.data).toBeUndefined();
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).momentTypes).toBe(
      JSON.stringify(["close_game"]),
    );
  });
});

describe("updateCampaign's ifUpdatedAt (REST's If-Match, docs/decisions/1314)", () => {
  it("applies an update read at the campaign's updatedAt, refuses a stale one with CONFLICT and writes nothing", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, name: "Conditional" });
    const id = toGlobalId("Campaign", campaign.id);
    const read = campaign.updatedAt.toISOString();

    // the preview checks it as the write would
    const preview = await gql(PREVIEW_UPDATE, {
      headers,
      variables: { input: { id, bidCpmUsd: "3", ifUpdatedAt: read } },
    });
    expect(preview.data.previewCampaignUpdate.userErrors).toEqual([]);
    expect(preview.data.previewCampaignUpdate.preview.raisesSpend).toBe(true);

    const first = await gql(UPDATE, { headers, variables: { input: { id, bidCpmUsd: "3", ifUpdatedAt: read } } });
    expect(first.errors).toBeUndefined();
    expect(first.data.updateCampaign).toEqual({
      campaign: expect.objectContaining({ restId: campaign.id, bidCpmUsd: "3.00" }),
      userErrors: [],
    });
    const after = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(after.updatedAt.getTime()).toBeGreaterThan(campaign.updatedAt.getTime());

    // the same updatedAt again: the campaign changed since, so both faces refuse and nothing moves
    for (const query of [UPDATE, PREVIEW_UPDATE]) {
      const stale = await gql(query, {
        headers,
        variables: { input: { id, dailyBudgetUsd: "80", ifUpdatedAt: read } },
      });
      expect(stale.errors).toBeUndefined();
      const payload = stale.data.updateCampaign ?? stale.data.previewCampaignUpdate;
      expect(payload.userErrors).toEqual([
        { field: null, code: "CONFLICT", message: expect.stringContaining(after.updatedAt.toISOString()) },
      ]);
    }
    const unchanged = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(unchanged).toMatchObject({ dailyBudgetMicros: 50_000_000n, version: after.version });

    // the fresh updatedAt applies; omitted, the update is unconditional as before
    const fresh = await gql(UPDATE, {
      headers,
      variables: { input: { id, dailyBudgetUsd: "80", ifUpdatedAt: after.updatedAt.toISOString() } },
    });
    expect(fresh.data.updateCampaign.userErrors).toEqual([]);
    expect(fresh.data.updateCampaign.campaign.dailyBudgetUsd).toBe("80.00");
    const plain = await gql(UPDATE, { headers, variables: { input: { id, dailyBudgetUsd: "90" } } });
    expect(plain.data.updateCampaign.campaign.dailyBudgetUsd).toBe("90.00");
  });

  it("refuses an ifUpdatedAt that is not an instant before any resolver runs", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const res = await gql(UPDATE, {
      headers,
      variables: { input: { id: toGlobalId("Campaign", campaign.id), name: "x", ifUpdatedAt: "yesterday" } },
    });
    expect(res.status).toBe(400);
    expect(onlyError(res).message).toMatch(/ifUpdatedAt/);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).name).toBe("Test campaign");
  });
});

describe("status mutations", () => {
  async function run(name: StatusMutation, campaignId: string, h = headers) {
    return gql(statusMutation(name), { headers: h, variables: { input: { id: toGlobalId("Campaign", campaignId) } } });
  }

  it("pause, resume and end move the status; end is final and repeatable", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const paused = await run("pauseCampaign", campaign.id, writeOnly);
    expect(paused.errors).toBeUndefined();
    expect(paused.data.pauseCampaign).toEqual({
      campaign: { restId: campaign.id, status: "PAUSED", endedReason: null },
      userErrors: [],
    });
    expect((await run("resumeCampaign", campaign.id)).data.resumeCampaign.campaign.status).toBe("ACTIVE");
    expect((await run("endCampaign", campaign.id)).data.endCampaign).toEqual({
      campaign: { restId: campaign.id, status: "ENDED", endedReason: "ADVERTISER" },
      userErrors: [],
    });
    // ending an ended campaign changes nothing
    expect((await run("endCampaign", campaign.id)).data.endCampaign.userErrors).toEqual([]);
    for (const name of ["resumeCampaign", "pauseCampaign", "cancelCampaign"] as const) {
      const res = await run(name, campaign.id);
      expect(res.errors).toBeUndefined();
      expect(res.data[name]).toEqual({
        campaign: null,
        userErrors: [{ field: null, code: "INVALID_TRANSITION", message: expect.any(String) }],
      });
    }
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("ended");
  });

  it("cancel is final and repeatable; a cancelled campaign cannot be resumed", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId, status: "paused" });
    expect((await run("cancelCampaign", campaign.id, writeOnly)).data.cancelCampaign).toEqual({
      campaign: { restId: campaign.id, status: "CANCELLED", endedReason: "ADVERTISER" },
      userErrors: [],
    });
    expect((await run("cancelCampaign", campaign.id)).data.cancelCampaign.campaign.status).toBe("CANCELLED");
    const resumed = await run("resumeCampaign", campaign.id);
    expect(resumed.data.resumeCampaign.userErrors).toEqual([
      { field: null, code: "INVALID_TRANSITION", message: expect.any(String) },
    ]);
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("cancelled");
  });

  it("need campaigns:write", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    for (const name of STATUS_MUTATIONS) {
      const res = await run(name, campaign.id, readOnly);
      expect(res.data).toEqual({ [name]: null });
      expect(onlyError(res).extensions.apiCode).toBe("insufficient_scope");
    }
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("active");
  });
});

describe("addCreativeVariant", () => {
  it("adds a reviewed variant and splits the traffic; answers a write-only token", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const res = await gql(ADD_VARIANT, {
      headers: writeOnly,
      variables: {
        input: { campaignId: toGlobalId("Campaign", campaign.id), ...creativeInput({ headline: "B side" }) },
      },
    });
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    const payload = res.data.addCreativeVariant;
    expect(payload.userErrors).toEqual([]);
    expect(payload.creative).toEqual({
      id: toGlobalId("Creative", payload.creative.restId),
      restId: expect.stringMatching(/^cr_/),
      variantLabel: "variant_b",
      status: "APPROVED",
      reviewReason: null,
      headline: "B side",
      body: "Cash out now or ride it: live odds inside.",
      ctaText: "Open bet",
      iconUrl: icons.url(),
      actionUrl: "https://book.example.com/promo",
      trafficAllocation: 0.5,
      campaign: { restId: campaign.id },
    });
    expect(payload.campaign).toEqual({
      restId: campaign.id,
      creatives: [
        { variantLabel: "variant_a", trafficAllocation: 0.5 },
        { variantLabel: "variant_b", trafficAllocation: 0.5 },
      ],
    });
    expect(await db().creative.count({ where: { campaignId: campaign.id } })).toBe(2);
  });

  it("answers bad fields and an unreachable icon as userErrors; needs campaigns:write", async () => {
    const campaign = await createTestCampaign({ advertiserId: adv.advertiserId });
    const campaignId = toGlobalId("Campaign", campaign.id);
    const cases: [Record<string, unknown>, string[], string][] = [
      [{ headline: "h".repeat(61) }, ["input", "headline"], "VALIDATION_FAILED"],
      [{ ctaText: "c".repeat(21) }, ["input", "ctaText"], "VALIDATION_FAILED"],
      [{ actionUrl: "not a url" }, ["input", "actionUrl"], "VALIDATION_FAILED"],
      [{ iconUrl: icons.url("/error.png") }, ["input", "iconUrl"], "ICON_UNREACHABLE"],
    ];
    for (const [overrides, field, code] of cases) {
      const res = await gql(ADD_VARIANT, {
        headers,
        variables: { input: { campaignId, ...creativeInput(overrides) } },
      });
      expect(res.errors).toBeUndefined();
      expect(res.data.addCreativeVariant).toEqual({
        creative: null,
        campaign: null,
        userErrors: [{ field, code, message: expect.any(String) }],
      });
    }
    const refused = await gql(ADD_VARIANT, {
      headers: readOnly,
      variables: { input: { campaignId, ...creativeInput() } },
    });
    expect(onlyError(refused).extensions.apiCode).toBe("insufficient_scope");
    expect(await db().creative.count({ where: { campaignId: campaign.id } })).toBe(1);

    const ended = await createTestCampaign({ advertiserId: adv.advertiserId, status: "ended" });
    const late = await gql(ADD_VARIANT, {
      headers,
      variables: { input: { campaignId: toGlobalId("Campaign", ended.id), ...creativeInput() } },
    });
    expect(late.data.addCreativeVariant.userErrors).toEqual([
      { field: null, code: "INVALID_TRANSITION", message: expect.any(String) },
    ]);
  });
});

describe("tenancy", () => {
  it("answers another advertiser's campaign, and ids that name nothing, as not found in every mutation; nothing changes", async () => {
    const foreign = await createTestCampaign({ advertiserId: rival.advertiserId, name: "Theirs" });
    const ids = [
      toGlobalId("Campaign", foreign.id),
      toGlobalId("Campaign", "cmp_nope"),
      toGlobalId("Creative", foreign.creatives[0]!.id),
      foreign.id,
    ];
    const operations: [string, string, (id: string) => Record<string, unknown>][] = [
      [UPDATE, "updateCampaign", (id) => ({ id, name: "Mine now" })],
      [PREVIEW_UPDATE, "previewCampaignUpdate", (id) => ({ id, name: "Mine now" })],
      ...STATUS_MUTATIONS.map((name): [string, string, (id: string) => Record<string, unknown>] => [
        statusMutation(name),
        name,
        (id) => ({ id }),
      ]),
      [ADD_VARIANT, "addCreativeVariant", (id) => ({ campaignId: id, ...creativeInput() })],
    ];
    for (const [query, name, input] of operations) {
      for (const id of ids) {
        const res = await gql(query, { headers, variables: { input: input(id) } });
        expect(res.data, `${name} ${id}`).toEqual({ [name]: null });
        expect(onlyError(res).extensions).toMatchObject({ code: "NOT_FOUND", apiCode: "not_found" });
        expect(onlyError(res).path).toEqual([name]);
      }
    }
    const row = await db().campaign.findUniqueOrThrow({ where: { id: foreign.id } });
    expect(row).toMatchObject({ name: "Theirs", status: "active", version: foreign.version });
    expect(await db().creative.count({ where: { campaignId: foreign.id } })).toBe(1);
  });
});

describe("icon-check rate limit", () => {
  it("answers every icon-checked mutation with the advertiser's remaining checks (docs/decisions/1419)", async () => {
    const spender = await createTestAdvertiser("Icon counter");
    const token = await spender.auth(["campaigns:read", "campaigns:write"]);
    const { points } = RATE_LIMIT_POLICIES.icon_check;
    expect(points).toBe(60);
    // distinct icons: an icon that passed in the last 10 minutes is not fetched (or counted) again
    const withIcon = (name: string) => createInput({ creative: creativeInput({ iconUrl: icons.url(`/${name}.png`) }) });
    for (const remaining of ["59", "58"]) {
      const res = await gql(CREATE, { headers: token, variables: { input: withIcon(`counter-${remaining}`) } });
      expect(res.errors).toBeUndefined();
      expect(res.data.createCampaign.userErrors).toEqual([]);
      expect(res.headers.get("ratelimit-limit"), remaining).toBe("60");
      expect(res.headers.get("ratelimit-remaining"), remaining).toBe(remaining);
      expect(Number(res.headers.get("ratelimit-reset")), remaining).toBeGreaterThan(0);
      expect(res.headers.get("retry-after"), remaining).toBeNull();
    }
    // a preview and a failed check are counted and shown too
    const preview = await gql(PREVIEW_CREATE, { headers: token, variables: { input: withIcon("counter-preview") } });
    expect(preview.errors).toBeUndefined();
    expect(preview.headers.get("ratelimit-remaining")).toBe("57");
    const missing = createInput({ creative: creativeInput({ iconUrl: icons.url("/missing.png") }) });
    const unreachable = await gql(CREATE, { headers: token, variables: { input: missing } });
    expect(unreachable.data.createCampaign.userErrors).toMatchObject([{ code: "ICON_UNREACHABLE" }]);
    expect(unreachable.headers.get("ratelimit-remaining")).toBe("56");
    // a remembered icon counts nothing and shows what is left
    const remembered = await gql(CREATE, { headers: token, variables: { input: withIcon("counter-59") } });
    expect(remembered.data.createCampaign.userErrors).toEqual([]);
    expect(remembered.headers.get("ratelimit-remaining")).toBe("56");
    // a query without a count shows nothing
    const list = await gql("{ campaigns(first: 1) { totalCount } }", { headers: token });
    expect(list.errors).toBeUndefined();
    expect(list.headers.get("ratelimit-limit")).toBeNull();
  });

  it("refuses icon-checking mutations past the advertiser's limit with RATE_LIMITED and REST's headers; nothing written", async () => {
    const busy = await createTestAdvertiser("Icon spender");
    const token = await busy.auth(["campaigns:read", "campaigns:write"]);
    const own = await createTestCampaign({ advertiserId: busy.advertiserId });
    const { points } = RATE_LIMIT_POLICIES.icon_check;
    // spend the minute's budget as `points` icon checks (REST's, GraphQL's, previews') would
    for (let count = 0; count < points; count++) {
      expect((await consumeRateLimit("icon_check", busy.advertiserId)).allowed).toBe(true);
    }
    const attempts: [string, string, Record<string, unknown>][] = [
      [CREATE, "createCampaign", createInput()],
      [PREVIEW_CREATE, "previewCampaignCreate", createInput()],
      [ADD_VARIANT, "addCreativeVariant", { campaignId: toGlobalId("Campaign", own.id), ...creativeInput() }],
    ];
    for (const [query, name, input] of attempts) {
      expectRateLimited(await gql(query, { headers: token, variables: { input } }), name, points);
    }
    expect(await campaignCount(busy.advertiserId)).toBe(1);
    expect(await db().creative.count({ where: { campaignId: own.id } })).toBe(1);
  });
});
