// Agents end to end against the real, built app: the built npm package
// (mcp/dist/bin.js) driven over stdio by the SDK's Client, and /mcp driven by
// the SDK's Streamable HTTP client. Both create a media buy (preview, confirm,
// the same idempotency key again: one campaign), read its delivery after a real
// ad decision, get a validation error back as a tool error with our code, and
// see a read-only token refused the write tools. Every AdCP answer is validated
// against the vendored AdCP 3.1.19 schemas.
//
// E1 allows 10 token requests a minute per IP: the advertisers and their tokens
// are made once per run and reused by retries and repeats (e2e/helpers.ts), the
// bin reaching the app through a hop that answers its token exchange from that
// cache (its first exchange of each key reaches E1). The icon server is the
// config's (playwright.config.ts), on a port the app was told at start.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect, test } from "@playwright/test";
import { adcpErrors } from "../mcp/test/adcp-schemas";
import { accessToken, admin, runAdvertiser, tokenReusingOrigin } from "./helpers";

const BASE = process.env.E2E_BASE_URL!;
const BIN = "mcp/dist/bin.js";
const ICON = `http://127.0.0.1:${process.env.E2E_ICON_PORT}/icon.png`;

// Each journey starts processes (the operator CLI under tsx, the bin): seconds each on a busy machine.
test.describe.configure({ timeout: 90_000 });

let platformKey: string;
let origin: { url: string; close(): Promise<void> };
let keys = 0;
const key = () => `e2e-mcp-key-${Date.now()}-${++keys}`;

test.beforeAll(async () => {
  expect(existsSync(BIN), "build the package first: npm run build").toBe(true);
  platformKey = (await admin("create-platform-key", "--name", `e2e-mcp-${Date.now()}`)).key!;
  origin = await tokenReusingOrigin();
});
test.afterAll(async () => {
  await origin.close();
});

/** The bin over stdio, reaching the app through the token-reusing hop. */
function stdioClient(apiKey: string | undefined, extra: Record<string, string> = {}) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", SMA_BASE_URL: origin.url, ...extra };
  if (apiKey) env.SMA_API_KEY = apiKey;
  return new StdioClientTransport({ command: process.execPath, args: [BIN], env, stderr: "pipe" });
}

async function connect(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<Client> {
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

function httpClient(accessToken: string) {
  return new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${accessToken}` } },
  });
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked against the AdCP schemas
  return { isError: result.isError === true, structured: (result.structuredContent ?? {}) as Record<string, any> };
}

/** Calls an AdCP task and validates its answer against the task's AdCP response schema. */
async function adcp(client: Client, name: string, args: Record<string, unknown>, schema: string) {
  const answer = await call(client, name, args);
  expect(answer.isError, JSON.stringify(answer.structured).slice(0, 500)).toBe(false);
  expect(adcpErrors(schema, answer.structured), `${name} answer`).toEqual([]);
  return answer.structured;
}

const WRITES = ["create_media_buy", "update_media_buy", "sync_creatives", "create_campaign", "pause_campaign"];

/**
 * The journey both transports must support, each on its own product. The bid
 * rises with each repeat and retry, so an attempt outbids any buy an earlier
 * one of the same advertiser left active.
 */
async function buyAndReport(client: Client, product: { momentType: string; sport: string }) {
  const productId = `${product.momentType}.${product.sport}`;
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(
    expect.arrayContaining([...WRITES, "get_products", "get_media_buy_delivery"]),
  );

  await adcp(client, "get_adcp_capabilities", {}, "protocol/get-adcp-capabilities-response.json");
  const products = await adcp(
    client,
    "get_products",
    { buying_mode: "brief", brief: "NBA" },
    "media-buy/get-products-response.json",
  );
  expect(products.products.map((p: { product_id: string }) => p.product_id)).toContain(productId);
  await adcp(client, "list_creative_formats", {}, "media-buy/list-creative-formats-response.json");

  const request = {
    idempotency_key: key(),
    account: { account_id: "mine" },
    brand: { domain: "acme.example" },
    start_time: "asap",
    // seven UTC days, today included (the exclusive end is the midnight after the seventh)
    end_time: `${new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
    packages: [
      {
        product_id: productId,
        budget: 70,
        pricing_option_id: "cpm_auction",
        bid_price: 900 + 10 * test.info().repeatEachIndex + test.info().retry,
        creatives: [
          {
            creative_id: "e2e-1",
            name: "e2e",
            format_id: { agent_url: `${BASE}/mcp`, id: "push_notification" },
            assets: {
              headline: { asset_type: "text", content: "Close game: your bet is live" },
              body: { asset_type: "text", content: "Two minutes left, one possession." },
              icon: { asset_type: "url", url: ICON },
              click_url: { asset_type: "url", url: "https://book.example.com/live" },
            },
          },
        ],
      },
    ],
  };
  expect(adcpErrors("media-buy/create-media-buy-request.json", request)).toEqual([]);

  const campaigns = async () => (await call(client, "list_campaigns")).structured.pagination.total as number;
  const before = await campaigns();
  const preview = await call(client, "create_media_buy", request);
  expect(preview.structured.status).toBe("input-required");
  expect(adcpErrors("core/protocol-envelope.json", preview.structured)).toEqual([]);
  expect(adcpErrors("media-buy/create-media-buy-async-response-input-required.json", preview.structured)).toEqual([]);
  // the flight runs from the server's today up to end_time: seven days, 10 USD a day, or six if UTC midnight
  // passed since end_time was computed, so the daily budget is checked against the flight the preview names
  const flight = preview.structured.preview.media_buy as { start_time: string; end_time: string };
  expect(Date.parse(flight.end_time)).toBe(Date.parse(request.end_time));
  const days = (Date.parse(flight.end_time) - Date.parse(flight.start_time)) / 86_400_000;
  expect(preview.structured.preview.daily_budget).toBe(Math.ceil((70 * 100) / days) / 100);
  expect(await campaigns()).toBe(before);

  const created = await adcp(
    client,
    "create_media_buy",
    { ...request, confirm: true },
    "media-buy/create-media-buy-response.json",
  );
  const again = await adcp(
    client,
    "create_media_buy",
    { ...request, confirm: true },
    "media-buy/create-media-buy-response.json",
  );
  expect(again.media_buy_id).toBe(created.media_buy_id);
  expect(again.replayed).toBe(true);
  expect(await campaigns()).toBe(before + 1);

  // a real ad decision at that moment of a live game: this buy bids highest
  const decision = await fetch(`${BASE}/api/delivery/decisions`, {
    method: "POST",
    headers: { authorization: `Bearer ${platformKey}`, "content-type": "application/json" },
    body: JSON.stringify({
      moment_type: product.momentType,
      sport: product.sport,
      game_id: `g-${key()}`,
      user_id: `u-${key()}`,
    }),
  });
  expect(decision.status).toBe(200);
  expect(((await decision.json()) as { campaign_id: string }).campaign_id).toBe(created.media_buy_id);
  // docs/api.md: an impression shows in reports within 5 seconds
  await expect
    .poll(
      async () => {
        const delivery = await adcp(
          client,
          "get_media_buy_delivery",
          { media_buy_ids: [created.media_buy_id] },
          "media-buy/get-media-buy-delivery-response.json",
        );
        return delivery.media_buy_deliveries[0].totals.impressions;
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  await adcp(
    client,
    "get_media_buys",
    { media_buy_ids: [created.media_buy_id] },
    "media-buy/get-media-buys-response.json",
  );

  const invalid = await call(client, "create_media_buy", {
    ...request,
    idempotency_key: key(),
    packages: [{ ...request.packages[0], bid_price: 0.05 }],
    confirm: true,
  });
  expect(invalid.isError).toBe(true);
  expect(invalid.structured.adcp_error).toMatchObject({
    code: "VALIDATION_ERROR",
    field: "packages[0].bid_price",
    details: { code: "validation_failed" },
  });
  expect(adcpErrors("core/error.json", invalid.structured.adcp_error)).toEqual([]);

  const cancelled = await adcp(
    client,
    "update_media_buy",
    { idempotency_key: key(), account: { account_id: "mine" }, media_buy_id: created.media_buy_id, canceled: true },
    "media-buy/update-media-buy-response.json",
  );
  expect(cancelled.media_buy_status).toBe("canceled");
}

async function refusesWrites(client: Client) {
  const names = (await client.listTools()).tools.map((tool) => tool.name);
  expect(names).toContain("get_media_buys");
  for (const write of WRITES) expect(names).not.toContain(write);
  const refused = await call(client, "create_media_buy", { idempotency_key: key() });
  expect(refused.isError).toBe(true);
}

test("the npm package over stdio: buy, deliver, errors, read-only", async () => {
  const keys = await runAdvertiser("MCP stdio Co");
  const client = await connect(stdioClient(keys.full));
  await buyAndReport(client, { momentType: "close_game", sport: "nba" });
  await client.close();

  const reader = await connect(stdioClient(keys.readOnly));
  await refusesWrites(reader);
  await reader.close();
  const hidden = await connect(stdioClient(keys.full, { SMA_READ_ONLY: "1" }));
  await refusesWrites(hidden);
  await hidden.close();
});

test("the npm package refuses to start without a usable key", async () => {
  const start = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const childEnv = { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv;
      execFile(process.execPath, [BIN], { env: childEnv, encoding: "utf8" }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code) : 0, stderr, stdout }),
      );
    });
  const missing = await start({ SMA_BASE_URL: BASE });
  expect(missing).toMatchObject({ code: 1, stdout: "" });
  expect(missing.stderr).toContain("SMA_API_KEY is not set");
  const malformed = await start({ SMA_BASE_URL: BASE, SMA_API_KEY: "just-one-part" });
  expect(malformed.stderr).toContain("SMA_API_KEY is malformed");
  const refused = await start({ SMA_BASE_URL: BASE, SMA_API_KEY: "cli_unknown:sk_wrong" });
  expect(refused).toMatchObject({ code: 1, stdout: "" });
  expect(refused.stderr).toMatch(/SMA_API_KEY was refused by .*\/api\/auth\/token \(invalid_client/);
});

test("/mcp over Streamable HTTP: 401 discovery, buy, deliver, errors, read-only", async () => {
  const unauthenticated = await fetch(`${BASE}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  expect(unauthenticated.status).toBe(401);
  const challenge = unauthenticated.headers.get("www-authenticate")!;
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
  const metadata = (await (await fetch(metadataUrl)).json()) as { resource: string; authorization_servers: string[] };
  expect(metadata.resource).toBe(`${BASE}/mcp`);
  const server = (await (
    await fetch(`${metadata.authorization_servers[0]}/.well-known/oauth-authorization-server`)
  ).json()) as {
    token_endpoint: string;
  };
  expect(server.token_endpoint).toBe(`${BASE}/oauth/token`);

  const keys = await runAdvertiser("MCP HTTP Co");
  const client = await connect(httpClient(await accessToken(keys.full)));
  await buyAndReport(client, { momentType: "overtime", sport: "nfl" });
  await client.close();
  const reader = await connect(httpClient(await accessToken(keys.readOnly)));
  await refusesWrites(reader);
  await reader.close();
});

test("discovery names the MCP endpoint as the AdCP agent", async ({ request }) => {
  const manifest = await (await request.get("/.well-known/adagents.json")).json();
  expect(adcpErrors("adagents.json", manifest)).toEqual([]);
  expect(manifest.authorized_agents[0].url).toBe(`${BASE}/mcp`);
});
