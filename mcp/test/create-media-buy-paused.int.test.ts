// create_media_buy with paused: true makes one REST write, a campaign created
// paused (E5's status), so it is never active and can never win an auction in
// between; the registry runs over the app's routes in-process, with a spy on
// every REST request the tools send.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcessFetch } from "@/app/mcp/in-process-fetch";
import { db } from "@/lib/db/client";
import { onCampaignsChanged } from "@/lib/process-events";
import { createSmaMcpServer } from "@/mcp/src/registry";
import { createRestClient } from "@/mcp/src/rest-client";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { startIconServer, type IconServer } from "@/test/icon-server";

const AGENT = "http://sma.test/mcp";
const DAY = 86_400_000;
let icons: IconServer;
let adv: TestAdvertiser;
let client: Client;
const requests: string[] = [];

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser();
  const token = await adv.token();
  const routes = inProcessFetch(new Headers({ "x-sma-client-ip": "203.0.113.21" }));
  const api = createRestClient({
    baseUrl: "http://sma.test",
    authorization: async () => `Bearer ${token}`,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return routes(request);
    },
  });
  const server = createSmaMcpServer({
    api,
    scopes: ["campaigns:read", "campaigns:write", "reporting:read"],
    agentUrl: AGENT,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  client = new Client({ name: "paused-buy-test", version: "1.0.0" });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client.close();
  await icons.close();
});

function buy(idempotencyKey: string, paused: Record<string, unknown>) {
  return {
    idempotency_key: idempotencyKey,
    account: { account_id: "acme" },
    brand: { domain: "acme.example" },
    start_time: "asap",
    end_time: new Date(Date.now() + 5 * DAY).toISOString(),
    packages: [
      {
        product_id: "close_game.nba",
        budget: 100,
        pricing_option_id: "cpm_auction",
        bid_price: 4,
        creatives: [
          {
            creative_id: "c1",
            format_id: { agent_url: AGENT, id: "push_notification" },
            assets: {
              headline: { asset_type: "text", content: "Your parlay is one leg away" },
              body: { asset_type: "text", content: "Cash out now or ride it: live odds inside." },
              icon: { asset_type: "url", url: icons.url() },
              click_url: { asset_type: "url", url: "https://book.example.com/promo" },
            },
          },
        ],
        ...paused.pkg!,
      },
    ],
    ...paused.buy!,
    confirm: true,
  };
}

describe("create_media_buy paused", () => {
  it.each([
    ["the buy", { buy: { paused: true }, pkg: {} }],
    ["its package", { buy: {}, pkg: { paused: true } }],
  ])("paused on %s: one REST write, a campaign that was never active", async (_where, paused) => {
    requests.length = 0;
    const notified: string[][] = [];
    const off = onCampaignsChanged((ids) => notified.push([...ids]));
    const result = (await client.callTool({
      name: "create_media_buy",
      arguments: buy(`paused-buy-${Date.now()}-${Math.random()}`, paused),
    })) as CallToolResult;
    off();
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const answer = result.structuredContent as { media_buy_id: string; media_buy_status: string; packages: unknown[] };
    expect(answer).toMatchObject({ media_buy_status: "paused", packages: [{ paused: true }] });
    // exactly one write: the creation itself, paused (then reads of the buy to answer)
    expect(requests.filter((line) => !line.startsWith("GET "))).toEqual(["POST /api/ads/campaigns"]);
    const row = await db().campaign.findUniqueOrThrow({ where: { id: answer.media_buy_id } });
    expect(row.status).toBe("paused");
    // written once: no later update made it paused (an active row in between would have been another version)
    expect(row.updatedAt.getTime()).toBe(row.createdAt.getTime());
    expect(row.version).toBe(1);
    // delivery heard of the campaign once, when it was created paused
    expect(notified).toEqual([[answer.media_buy_id]]);
  });
});
