// No N+1: a page of campaigns with their creatives, scores and performance
// costs the same number of SQL statements whatever its size (the loaders batch
// every relation of the page into one query). Statements are counted through
// Prisma's query events on the process-wide client.
import { beforeAll, describe, expect, it } from "vitest";
import { createDb, replaceDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { gql } from "@/test/graphql";

const statements: string[] = [];
let counting = false;
let adv: TestAdvertiser;
let headers: Record<string, string>;

const CAMPAIGNS = 100;
const QUERY = `
  query Page($first: Int!, $after: String) {
    campaigns(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges {
        cursor
        node {
          id name status bidCpmUsd spendToDateUsd impressionsToDate
          today { spendUsd dailyBudgetUsd pacingAllowanceUsd }
          primaryCreative { headline }
          creatives {
            id variantLabel status headline performanceScore trafficAllocation
            performance { impressions clicks ctr conversions spendUsd }
            campaign { name }
          }
        }
      }
    }
  }`;

beforeAll(async () => {
  await replaceDb(createDb(env().DATABASE_URL, { onQuery: (sql) => counting && statements.push(sql) }));
  adv = await createTestAdvertiser();
  headers = await adv.auth();
  const now = Date.now();
  for (let index = 0; index < CAMPAIGNS; index++) {
    const campaign = await createTestCampaign({
      advertiserId: adv.advertiserId,
      name: `Campaign ${index}`,
      creatives: [{}, {}],
      createdAt: new Date(now - index * 1000),
    });
    await seedDelivery(campaign, [
      { servedAtMs: now - 3_600_000, clickedAtMs: now - 3_500_000 },
      { servedAtMs: now - 1_800_000, creativeId: campaign.creatives[1]!.id },
    ]);
  }
}, 120_000);

async function countedPage(first: number) {
  statements.length = 0;
  counting = true;
  const res = await gql(QUERY, { headers, variables: { first } });
  counting = false;
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return { res, count: statements.length, sql: [...statements] };
}

describe("campaign connection query count", () => {
  it("costs the same few statements for a page of 1, 10 and 100 campaigns with creatives and performance", async () => {
    await countedPage(1); // warm-up: signing keys and the token's client status are cached per process
    const one = await countedPage(1);
    const ten = await countedPage(10);
    const hundred = await countedPage(100);
    expect(hundred.res.data.campaigns.edges).toHaveLength(100);
    const creatives = hundred.res.data.campaigns.edges.flatMap(
      (edge: { node: { creatives: unknown[] } }) => edge.node.creatives,
    );
    expect(creatives).toHaveLength(200);
    expect(creatives[0].performance.impressions).toBe(1);
    // the count, the page, the page's creatives, their rollup sums (the client check is cached for 30 s)
    expect(hundred.count, hundred.sql.join("\n")).toBe(4);
    expect(ten.count).toBe(hundred.count);
    expect(one.count).toBe(hundred.count);
  });
});
