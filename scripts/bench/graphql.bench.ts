// GraphQL benchmark (issue 11): a page of 100 campaigns with their creatives
// and each creative's performance (the query of graphql/query-count.int.test.ts,
// less the fields REST has no twin for), through the /api/graphql route
// handler, against the same data through the REST route handlers as a REST
// client must fetch it:
//   listCampaigns  GET /api/ads/campaigns?per_page=100           1 request  (names, status, bids, spend)
//   getCampaign  GET /api/ads/campaigns/{id}                  100 requests (creatives: variants, scores, allocation)
//   getCreativePerformance GET /api/ads/creatives/{id}/performance      200 requests (each creative's delivered results)
// 301 requests, sent one after the other (the server's whole work; a browser
// would overlap about 6 at a time, which hides latency, not work). getCampaignReport with a
// creative breakdown could replace the getCreativePerformance calls but is limited to 60 a minute.
// Both run in this process on one SQLite database, each request with its own
// Bearer token check, as over HTTP. Before timing, both answers are checked to
// hold the same numbers, and each approach's SQL statements are counted once.
//
//   npm run bench -- graphql
// first: the route handlers reach Next's request storage, an AsyncLocalStorage only where the runtime
// set it up (as Next's server does, and the test setup)
import "next/dist/server/node-environment-baseline.js";
import { restRoute } from "@/test/rest-routes";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import * as dbClient from "@/lib/db/client";
import { deployMigrations } from "@/lib/db/migrations";
import { reloadEnv } from "@/lib/env";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { createTestCampaign } from "@/test/factories/campaigns";
import { seedDelivery } from "@/test/factories/delivery";
import { call, makeRequest } from "@/test/http";
import { round, type BenchResult } from "./bench-result";

const { GET: listCampaigns } = restRoute("/api/ads/campaigns");
const { GET: getCampaign } = restRoute("/api/ads/campaigns/{id}");
const { GET: getPerformance } = restRoute("/api/ads/creatives/{id}/performance");
const { POST: graphqlPost } = restRoute("/api/graphql");

const CAMPAIGNS = 100;
const CREATIVES_PER_CAMPAIGN = 2;
const WARMUP = 3;
const ITERATIONS = 15;
/** GraphQL must take at most half of REST's time (see `run`). */
const TARGET_RATIO = 2;

const QUERY = `
  query Page($first: Int!) {
    campaigns(first: $first) {
      totalCount
      nodes {
        restId name status bidCpmUsd spendToDateUsd impressionsToDate
        creatives {
          restId variantLabel status headline performanceScore trafficAllocation
          performance { impressions clicks ctr conversions spendUsd }
        }
      }
    }
  }`;

type Numbers = Map<string, { impressions: number; clicks: number; spend: number; score: number }>;

async function viaGraphql(headers: Record<string, string>): Promise<Numbers> {
  const response = await graphqlPost(
    makeRequest("/api/graphql", { method: "POST", headers, body: { query: QUERY, variables: { first: CAMPAIGNS } } }),
  );
  const body = (await response.json()) as {
    errors?: unknown[];
    data: {
      campaigns: {
        nodes: {
          creatives: {
            restId: string;
            performanceScore: number;
            performance: { impressions: number; clicks: number; spendUsd: string };
          }[];
        }[];
      };
    };
  };
  if (body.errors) throw new Error(`GraphQL answered errors: ${JSON.stringify(body.errors)}`);
  const numbers: Numbers = new Map();
  for (const campaign of body.data.campaigns.nodes) {
    for (const creative of campaign.creatives) {
      numbers.set(creative.restId, {
        impressions: creative.performance.impressions,
        clicks: creative.performance.clicks,
        spend: Number(creative.performance.spendUsd),
        score: creative.performanceScore,
      });
    }
  }
  return numbers;
}

async function viaRest(headers: Record<string, string>): Promise<Numbers> {
  const list = await call(listCampaigns, "/api/ads/campaigns", { headers, query: { per_page: CAMPAIGNS } });
  if (list.status !== 200) throw new Error(`E4 answered ${list.status}`);
  const numbers: Numbers = new Map();
  for (const item of list.body.campaigns as { id: string }[]) {
    const detail = await call(getCampaign, `/api/ads/campaigns/${item.id}`, { headers, params: { id: item.id } });
    if (detail.status !== 200) throw new Error(`E6 answered ${detail.status}`);
    for (const variant of detail.body.variants as { id: string; performance_score: number }[]) {
      const performance = await call(getPerformance, `/api/ads/creatives/${variant.id}/performance`, {
        headers,
        params: { id: variant.id },
      });
      if (performance.status !== 200) throw new Error(`E11 answered ${performance.status}`);
      numbers.set(variant.id, {
        impressions: performance.body.impressions,
        clicks: performance.body.clicks,
        spend: performance.body.spend_usd,
        score: variant.performance_score,
      });
    }
  }
  return numbers;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function statements(url: string, work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  // (a namespace call: the React hooks lint rule takes any use* function for a hook)
  await dbClient.replaceDb(dbClient.createDb(url, { onQuery: () => count++ }));
  await work();
  count = 0;
  await work();
  const counted = count;
  await dbClient.disconnectDb();
  return counted;
}

export async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), "sma-bench-graphql-"));
  const url = `file:${join(dir, "app.db")}`;
  const previousUrl = process.env.DATABASE_URL;
  try {
    await deployMigrations(url);
    process.env.DATABASE_URL = url;
    reloadEnv();
    const advertiser = await createTestAdvertiser("Bench");
    const headers = await advertiser.auth();
    const now = Date.now();
    for (let index = 0; index < CAMPAIGNS; index++) {
      const campaign = await createTestCampaign({
        advertiserId: advertiser.advertiserId,
        name: `Campaign ${index}`,
        creatives: Array.from({ length: CREATIVES_PER_CAMPAIGN }, () => ({})),
        createdAt: new Date(now - index * 1000),
      });
      await seedDelivery(campaign, [
        { servedAtMs: now - 3_600_000, clickedAtMs: now - 3_500_000 },
        { servedAtMs: now - 1_800_000, creativeId: campaign.creatives[1]!.id },
        { servedAtMs: now - 900_000, clickedAtMs: now - 800_000 },
      ]);
    }

    // the same data either way
    const [fromGraphql, fromRest] = [await viaGraphql(headers), await viaRest(headers)];
    if (fromGraphql.size !== CAMPAIGNS * CREATIVES_PER_CAMPAIGN)
      throw new Error(`GraphQL answered ${fromGraphql.size} creatives`);
    if (JSON.stringify([...fromGraphql].sort()) !== JSON.stringify([...fromRest].sort()))
      throw new Error("GraphQL and REST answered different numbers");

    const graphqlStatements = await statements(url, () => viaGraphql(headers));
    const restStatements = await statements(url, () => viaRest(headers));

    for (let index = 0; index < WARMUP; index++) {
      await viaGraphql(headers);
      await viaRest(headers);
    }
    const graphqlMs: number[] = [];
    const restMs: number[] = [];
    // interleaved, so that a slower stretch of a shared machine hits both alike
    for (let index = 0; index < ITERATIONS; index++) {
      let start = performance.now();
      await viaGraphql(headers);
      graphqlMs.push(performance.now() - start);
      start = performance.now();
      await viaRest(headers);
      restMs.push(performance.now() - start);
    }
    const graphql = median(graphqlMs);
    const rest = median(restMs);
    const ratio = rest / graphql;
    return {
      name: "graphql",
      description:
        `A page of ${CAMPAIGNS} campaigns with ${CREATIVES_PER_CAMPAIGN} creatives each and every creative's performance: ` +
        `one GraphQL request against REST's E4 + ${CAMPAIGNS} x E6 + ${CAMPAIGNS * CREATIVES_PER_CAMPAIGN} x E11, ` +
        `through the route handlers in process on SQLite (median of ${ITERATIONS}, interleaved).`,
      metrics: [
        { label: "GraphQL: one request", value: round(graphql, 1), unit: "ms" },
        {
          label: `REST: ${1 + CAMPAIGNS + CAMPAIGNS * CREATIVES_PER_CAMPAIGN} requests in sequence`,
          value: round(rest, 1),
          unit: "ms",
        },
        { label: "REST time / GraphQL time", value: round(ratio, 2), unit: "x" },
        { label: "GraphQL: SQL statements", value: graphqlStatements, unit: "statements" },
        { label: "REST: SQL statements", value: restStatements, unit: "statements" },
      ],
      checks: [
        {
          label: "REST time / GraphQL time",
          value: round(ratio, 2),
          target: `>= ${TARGET_RATIO}`,
          pass: ratio >= TARGET_RATIO,
          note:
            "one request and a constant number of SQL statements (batched loaders) against a request, a token check " +
            "and its own queries per campaign and per creative: GraphQL must at least halve the time",
        },
      ],
      notes: [
        "Fields REST has no twin for (today's pacing, the creative's campaign) are left out of the GraphQL query.",
        "Statements are counted once per approach with Prisma's query events, outside the timed runs.",
      ],
    };
  } finally {
    await dbClient.disconnectDb();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    reloadEnv();
    rmSync(dir, { recursive: true, force: true });
  }
}

// npm run bench -- graphql runs it through scripts/bench/run.ts; direct runs too
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await run();
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
