// both databases: connections ordered and searched as text
// The read side of campaigns through POST /api/graphql on a real database:
// the connection (paging both ways, filter, every sort, page-size cap, bad
// cursors), one campaign and creative by id, node(id:), scopes, tenancy.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db/client";
import { fixedClock } from "@/lib/clock";
import { gql, gqlAs, onlyError } from "@/test/graphql";
import { toGlobalId } from "./global-id";

let adv: TestAdvertiser;
let other: TestAdvertiser;
let headers: Record<string, string>;
let campaigns: Awaited<ReturnType<typeof createTestCampaign>>[];
let foreign: Awaited<ReturnType<typeof createTestCampaign>>;

const BASE = Date.parse("2026-01-10T00:00:00Z");

beforeAll(async () => {
  adv = await createTestAdvertiser("Reader");
  other = await createTestAdvertiser("Other");
  headers = await adv.auth();
  campaigns = [];
  // five campaigns, created a minute apart, with distinct names and statuses
  const specs = [
    { name: "Delta", status: "active" },
    { name: "alpha", status: "paused" },
    { name: "Charlie", status: "active" },
    { name: "Bravo", status: "ended" },
    { name: "Echo", status: "active" },
  ] as const;
  for (const [index, spec] of specs.entries()) {
    campaigns.push(
      await createTestCampaign({
        advertiserId: adv.advertiserId,
        name: spec.name,
        status: spec.status,
        createdAt: new Date(BASE + index * 60_000),
        creatives: index === 0 ? [{}, { status: "rejected" }, {}] : [{}],
      }),
    );
  }
  // spend: Charlie 3 impressions, Delta 1, the rest none
  await seedDelivery(campaigns[2]!, [{ servedAtMs: BASE }, { servedAtMs: BASE + 1 }, { servedAtMs: BASE + 2 }]);
  await seedDelivery(campaigns[0]!, [{ servedAtMs: BASE, clickedAtMs: BASE + 1000 }]);
  foreign = await createTestCampaign({ advertiserId: other.advertiserId, name: "Not yours" });
});

const PAGE = `
  query Page($first: Int, $after: String, $last: Int, $before: String, $status: CampaignStatus, $orderBy: CampaignOrder) {
    campaigns(first: $first, after: $after, last: $last, before: $before, status: $status, orderBy: $orderBy) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { name } }
      nodes { name }
    }
  }`;

async function page(variables: Record<string, unknown>) {
  const res = await gql(PAGE, { headers, variables });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data.campaigns as {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
    edges: { cursor: string; node: { name: string } }[];
    nodes: { name: string }[];
  };
}

describe("campaigns connection", () => {
  it("lists the advertiser's campaigns newest first, never another advertiser's", async () => {
    const result = await page({});
    expect(result.totalCount).toBe(5);
    expect(result.nodes.map((node) => node.name)).toEqual(["Echo", "Bravo", "Charlie", "alpha", "Delta"]);
    expect(result.edges.map((edge) => edge.node.name)).toEqual(result.nodes.map((node) => node.name));
    expect(result.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it("pages forward with first/after and back with last/before, cursors stable", async () => {
    const first = await page({ first: 2 });
    expect(first.nodes.map((node) => node.name)).toEqual(["Echo", "Bravo"]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(first.pageInfo.endCursor).toBe(first.edges[1]!.cursor);

    const second = await page({ first: 2, after: first.pageInfo.endCursor });
    expect(second.nodes.map((node) => node.name)).toEqual(["Charlie", "alpha"]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    const third = await page({ first: 2, after: second.pageInfo.endCursor });
    expect(third.nodes.map((node) => node.name)).toEqual(["Delta"]);
    expect(third.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(third.totalCount).toBe(5);

    const back = await page({ last: 2, before: third.pageInfo.startCursor });
    expect(back.nodes.map((node) => node.name)).toEqual(["Charlie", "alpha"]);
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    const tail = await page({ last: 2 });
    expect(tail.nodes.map((node) => node.name)).toEqual(["alpha", "Delta"]);
    expect(tail.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const beyond = await page({ first: 2, after: third.pageInfo.endCursor });
    expect(beyond.nodes).toEqual([]);
    expect(beyond.pageInfo).toMatchObject({ hasNextPage: false, startCursor: null, endCursor: null });
  });

  it("filters by status and sorts by every field, then by id", async () => {
    expect((await page({ status: "ACTIVE" })).nodes.map((node) => node.name)).toEqual(["Echo", "Charlie", "Delta"]);
    expect((await page({ status: "CANCELLED" })).totalCount).toBe(0);
    const ascending = await page({ orderBy: { field: "CREATED_AT", direction: "ASC" } });
    expect(ascending.nodes.map((node) => node.name)).toEqual(["Delta", "alpha", "Charlie", "Bravo", "Echo"]);
    const bySpend = await page({ orderBy: { field: "SPEND_TO_DATE", direction: "DESC" }, first: 2 });
    expect(bySpend.nodes.map((node) => node.name)).toEqual(["Charlie", "Delta"]);
    const byImpressions = await page({ orderBy: { field: "IMPRESSIONS_TO_DATE", direction: "DESC" }, first: 2 });
    expect(byImpressions.nodes.map((node) => node.name)).toEqual(["Charlie", "Delta"]);
    // names sort in the database's collation; page through them and compare with the full list
    const byName = await page({ orderBy: { field: "NAME", direction: "ASC" } });
    expect(new Set(byName.nodes.map((node) => node.name))).toEqual(
      new Set(["alpha", "Bravo", "Charlie", "Delta", "Echo"]),
    );
    const firstTwo = await page({ orderBy: { field: "NAME", direction: "ASC" }, first: 2 });
    const rest = await page({ orderBy: { field: "NAME", direction: "ASC" }, after: firstTwo.pageInfo.endCursor });
    expect([...firstTwo.nodes, ...rest.nodes]).toEqual(byName.nodes);
    const byUpdate = await page({ orderBy: { field: "UPDATED_AT", direction: "DESC" } });
    expect(byUpdate.totalCount).toBe(5);
  });

  it("sorts by status, bid and today's spend (the current UTC day's only), paging with cursors", async () => {
    const owner = await createTestAdvertiser("Sorted Co");
    const actor: Actor = { advertiserId: owner.advertiserId, scopes: new Set(["campaigns:read"]), via: "token" };
    const now = Date.parse("2026-03-05T12:00:00Z");
    const specs = [
      { name: "Today five", bid: 3, status: "active", spendDay: "2026-03-05", spend: 5_000_000n },
      { name: "Yesterday nine", bid: 1, status: "paused", spendDay: "2026-03-04", spend: 9_000_000n },
      { name: "Today one", bid: 2, status: "ended", spendDay: "2026-03-05", spend: 1_000_000n },
      { name: "Never", bid: 4, status: "active", spendDay: null, spend: 0n },
    ] as const;
    for (const spec of specs) {
      const created = await createTestCampaign({
        advertiserId: owner.advertiserId,
        name: spec.name,
        status: spec.status,
        bidCpmUsd: spec.bid,
      });
      await db().campaign.update({
        where: { id: created.id },
        data: { spendDay: spec.spendDay, daySpendMicros: spec.spend },
      });
    }
    const names = async (field: string, direction: string, extra: Record<string, unknown> = {}) => {
      const res = await gqlAs(actor, PAGE, { orderBy: { field, direction }, ...extra }, { clock: fixedClock(now) });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      return res.data.campaigns as { nodes: { name: string }[]; pageInfo: { endCursor: string; hasNextPage: boolean } };
    };
    expect((await names("BID_CPM", "DESC")).nodes.map((node) => node.name)).toEqual([
      "Never",
      "Today five",
      "Today one",
      "Yesterday nine",
    ]);
    const byStatus = (await names("STATUS", "ASC")).nodes.map((node) => node.name);
    expect(byStatus.slice(2)).toEqual(["Today one", "Yesterday nine"]);
    const byToday = (await names("TODAY_SPEND", "DESC")).nodes.map((node) => node.name);
    // yesterday's nine dollars are not today's: with the never-spent one, last (ties by id)
    expect(byToday.slice(0, 2)).toEqual(["Today five", "Today one"]);
    expect(new Set(byToday.slice(2))).toEqual(new Set(["Yesterday nine", "Never"]));
    const ascending = (await names("TODAY_SPEND", "ASC")).nodes.map((node) => node.name);
    expect(ascending).toEqual([...byToday].reverse());
    // cursors page through the computed order as through a column
    const first = await names("TODAY_SPEND", "DESC", { first: 3 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = await names("TODAY_SPEND", "DESC", { first: 3, after: first.pageInfo.endCursor });
    expect([...first.nodes, ...rest.nodes].map((node) => node.name)).toEqual(byToday);
    expect(rest.pageInfo.hasNextPage).toBe(false);
    const back = await names("TODAY_SPEND", "DESC", { last: 2, before: first.pageInfo.endCursor });
    expect(back.nodes.map((node) => node.name)).toEqual(byToday.slice(0, 2));
  });

  it("refuses page sizes above 100, both directions at once, and cursors of another order", async () => {
    const tooMany = await gql(PAGE, { headers, variables: { first: 101 } });
    expect(tooMany.data).toEqual({ campaigns: null });
    const error = onlyError(tooMany);
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", apiCode: "validation_failed" });
    expect(error.extensions.fieldErrors).toEqual([{ field: ["first"], message: "must be at most 100" }]);

    const both = onlyError(await gql(PAGE, { headers, variables: { first: 1, last: 1 } }));
    expect(both.extensions.fieldErrors).toEqual([{ field: ["last"], message: "use either first or last, not both" }]);

    const byName = await page({ orderBy: { field: "NAME", direction: "ASC" }, first: 1 });
    const wrongOrder = onlyError(await gql(PAGE, { headers, variables: { after: byName.pageInfo.endCursor } }));
    expect(wrongOrder.extensions.fieldErrors?.[0]?.field).toEqual(["after"]);
    const garbage = onlyError(await gql(PAGE, { headers, variables: { after: "not a cursor" } }));
    expect(garbage.extensions).toMatchObject({ code: "BAD_USER_INPUT", apiCode: "validation_failed" });
    const negative = onlyError(await gql(PAGE, { headers, variables: { first: -1 } }));
    expect(negative.extensions.fieldErrors?.[0]?.field).toEqual(["first"]);
  });
});

const DETAIL = `
  query Detail($id: ID!) {
    campaign(id: $id) {
      id restId name status momentTypes sports bidCpmUsd dailyBudgetUsd totalBudgetUsd targetCpaUsd postbackUrl
      startDate endDate pacing endedReason spendToDateUsd impressionsToDate createdAt updatedAt
      today { date spendUsd dailyBudgetUsd pacingAllowanceUsd remainingUsd }
      primaryCreative { restId variantLabel }
      creatives {
        id restId variantLabel status reviewReason headline body ctaText iconUrl actionUrl performanceScore
        trafficAllocation createdAt campaign { restId }
        performance { impressions clicks ctr conversions spendUsd trafficAllocation }
      }
    }
  }`;

describe("one campaign", () => {
  it("answers every field, creatives variant_a first, with their performance", async () => {
    const delta = campaigns[0]!;
    const res = await gql(DETAIL, { headers, variables: { id: toGlobalId("Campaign", delta.id) } });
    expect(res.errors).toBeUndefined();
    const campaign = res.data.campaign;
    expect(campaign).toMatchObject({
      id: toGlobalId("Campaign", delta.id),
      restId: delta.id,
      name: "Delta",
      status: "ACTIVE",
      momentTypes: ["CLOSE_GAME"],
      sports: ["NBA"],
      bidCpmUsd: "2.00",
      dailyBudgetUsd: "50.00",
      totalBudgetUsd: "500.00",
      targetCpaUsd: null,
      postbackUrl: null,
      startDate: "2026-01-01",
      endDate: null,
      pacing: "EVEN",
      endedReason: null,
      spendToDateUsd: "0.002",
      impressionsToDate: 1,
      createdAt: new Date(BASE).toISOString(),
      primaryCreative: { restId: delta.creatives[0]!.id, variantLabel: "variant_a" },
    });
    expect(campaign.creatives.map((creative: { variantLabel: string }) => creative.variantLabel)).toEqual([
      "variant_a",
      "variant_b",
      "variant_c",
    ]);
    const [a, b, c] = campaign.creatives;
    expect(a).toMatchObject({
      status: "APPROVED",
      trafficAllocation: 0.5,
      campaign: { restId: delta.id },
      performance: { impressions: 1, clicks: 1, ctr: 1, conversions: 0, spendUsd: "0.002", trafficAllocation: 0.5 },
    });
    expect(b).toMatchObject({ status: "REJECTED", trafficAllocation: 0, performanceScore: 0 });
    expect(c.performance).toMatchObject({ impressions: 0, clicks: 0, ctr: 0, spendUsd: "0.00" });
    // a clicked impression makes variant_a the likelier best of the two approved variants
    expect(a.performanceScore).toBeGreaterThan(c.performanceScore);
    expect(a.performanceScore + c.performanceScore).toBeCloseTo(1, 5);
  });

  it("resolves campaigns and creatives by node(id:) and creative(id:)", async () => {
    const charlie = campaigns[2]!;
    const res = await gql(
      `query($c: ID!, $cr: ID!) {
        node(id: $c) { __typename id ... on Campaign { name } }
        creative(id: $cr) { restId campaign { name } }
        nodes(ids: [$c, $cr, "bm9wZQ"]) { __typename id }
      }`,
      {
        headers,
        variables: {
          c: toGlobalId("Campaign", charlie.id),
          cr: toGlobalId("Creative", charlie.creatives[0]!.id),
        },
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.node).toEqual({ __typename: "Campaign", id: toGlobalId("Campaign", charlie.id), name: "Charlie" });
    expect(res.data.creative).toEqual({ restId: charlie.creatives[0]!.id, campaign: { name: "Charlie" } });
    expect(res.data.nodes.map((node: { __typename: string } | null) => node?.__typename ?? null)).toEqual([
      "Campaign",
      "Creative",
      null,
    ]);
  });

  it("treats another advertiser's ids, and ids that name nothing, as not found", async () => {
    for (const id of [
      toGlobalId("Campaign", foreign.id),
      toGlobalId("Creative", foreign.creatives[0]!.id),
      toGlobalId("Campaign", "cmp_nope"),
      foreign.id,
      "%%%",
      toGlobalId("WebhookEndpoint", campaigns[0]!.id),
    ]) {
      const res = await gql(`query($id: ID!) { campaign(id: $id) { name } }`, { headers, variables: { id } });
      expect(res.data).toEqual({ campaign: null });
      expect(onlyError(res).extensions).toMatchObject({ code: "NOT_FOUND", apiCode: "not_found" });
      expect(onlyError(res).path).toEqual(["campaign"]);
    }
    const node = await gql(`query($id: ID!) { node(id: $id) { id } }`, {
      headers,
      variables: { id: toGlobalId("Creative", foreign.creatives[0]!.id) },
    });
    expect(onlyError(node).extensions.code).toBe("NOT_FOUND");
    const listed = await gql(`{ campaigns(first: 100) { nodes { restId } } }`, { headers: await other.auth() });
    expect(listed.data.campaigns.nodes).toEqual([{ restId: foreign.id }]);
  });
});

describe("scopes and authentication", () => {
  it("needs campaigns:read for campaigns and reporting:read for performance, field by field", async () => {
    const reportingOnly = await adv.auth(["reporting:read"]);
    const refused = await gql(`{ campaigns { totalCount } }`, { headers: reportingOnly });
    expect(refused.data).toEqual({ campaigns: null });
    expect(onlyError(refused).extensions).toMatchObject({ code: "FORBIDDEN", apiCode: "insufficient_scope" });
    expect(onlyError(refused).message).toBe("This operation requires the scope campaigns:read.");

    const readOnly = await adv.auth(["campaigns:read"]);
    const partial = await gql(
      `query($id: ID!) { campaign(id: $id) { name creatives { headline performance { impressions } } } }`,
      { headers: readOnly, variables: { id: toGlobalId("Campaign", campaigns[2]!.id) } },
    );
    expect(partial.data.campaign).toEqual({
      name: "Charlie",
      creatives: [{ headline: "Headline 1", performance: null }],
    });
    expect(onlyError(partial).path).toEqual(["campaign", "creatives", 0, "performance"]);
    expect(onlyError(partial).extensions.apiCode).toBe("insufficient_scope");
  });

  it("answers public fields without a token and UNAUTHENTICATED for the rest", async () => {
    const res = await gql(`{ momentTypes { key floorCpmUsd availableSports } sports { key displayName } }`);
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data.momentTypes).toHaveLength(11);
    expect(res.data.momentTypes.find((type: { key: string }) => type.key === "FOUL_TROUBLE")).toEqual({
      key: "FOUL_TROUBLE",
      floorCpmUsd: "0.15",
      availableSports: ["NCAA_BASKETBALL", "NBA"],
    });
    expect(res.data.sports).toContainEqual({ key: "NCAA_BASKETBALL", displayName: "NCAA Basketball" });

    for (const query of [`{ campaigns { totalCount } }`, `{ viewer { scopes } }`, `{ clearingPrices { asOf } }`]) {
      const anonymous = await gql(query);
      expect(onlyError(anonymous).extensions).toMatchObject({ code: "UNAUTHENTICATED", apiCode: "unauthorized" });
    }
  });

  it("gives clearing prices and floors per moment type to any authenticated caller", async () => {
    const res = await gql(
      `{ clearingPrices { asOf momentTypes { momentType floorCpmUsd clearingPriceP25Usd clearingPriceP50Usd clearingPriceP75Usd clearingPriceP90Usd } }
         momentTypes { key clearingPrices { clearingPriceP50Usd floorCpmUsd } } }`,
      { headers: await adv.auth(["reporting:read"]) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.clearingPrices.momentTypes).toHaveLength(11);
    // a handful of auctions is not enough to publish a percentile
    expect(res.data.clearingPrices.momentTypes[0]).toEqual({
      momentType: "BET_RESOLVED",
      floorCpmUsd: "0.50",
      clearingPriceP25Usd: null,
      clearingPriceP50Usd: null,
      clearingPriceP75Usd: null,
      clearingPriceP90Usd: null,
    });
    expect(res.data.momentTypes[3]).toEqual({
      key: "CLOSE_GAME",
      clearingPrices: { clearingPriceP50Usd: null, floorCpmUsd: "0.35" },
    });
  });
});
