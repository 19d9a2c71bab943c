// /mcp: the remote MCP endpoint through the SDK's Streamable HTTP client (the
// route handler called in-process): Bearer auth with RFC 9728 discovery, the
// token's scopes deciding which tools exist, and our own tools' safety rules
// (previews before spending, idempotency keys, errors with our code).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { campaignBody } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { callTool, connectMcp } from "@/test/mcp-client";
import { IN_PROCESS_ROUTES } from "./in-process-fetch";
import { POST } from "./route";

let icons: IconServer;
let adv: TestAdvertiser;
let client: Client;
let keys = 0;
const key = () => `mcp-test-key-${Date.now()}-${++keys}`;

beforeAll(async () => {
  icons = await startIconServer();
  adv = await createTestAdvertiser();
  client = await connectMcp(await adv.token());
});
afterAll(async () => {
  await client.close();
  await icons.close();
});

const WRITE_TOOLS = [
  "create_campaign",
  "update_campaign",
  "pause_campaign",
  "resume_campaign",
  "end_campaign",
  "cancel_campaign",
  "add_creative_variant",
  "register_webhook",
  "test_webhook",
  "deactivate_webhook",
  "create_media_buy",
  "update_media_buy",
  "sync_creatives",
];

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
};
const mcpHeaders = { "content-type": "application/json", accept: "application/json, text/event-stream" };

describe("authentication", () => {
  it("answers 401 without a token, pointing to the RFC 9728 metadata", async () => {
    const res = await call(POST, "/mcp", { method: "POST", body: initialize, headers: mcpHeaders });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      'Bearer realm="sma", resource_metadata="http://sma.test/.well-known/oauth-protected-resource/mcp"',
    );
    expect(res.body.code).toBe("unauthorized");
  });

  it("answers 401 invalid_token to a bad token", async () => {
    const res = await call(POST, "/mcp", {
      method: "POST",
      body: initialize,
      headers: { ...mcpHeaders, authorization: "Bearer not.a.token" },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token", resource_metadata="http://sma.test/');
  });

  it("serves JSON (not a stream) to a valid token, statelessly", async () => {
    const res = await call(POST, "/mcp", {
      method: "POST",
      body: initialize,
      headers: { ...mcpHeaders, authorization: `Bearer ${await adv.token()}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("mcp-session-id")).toBeNull();
    expect(res.body.result.serverInfo).toMatchObject({ name: "sports-moment-ads" });
  });
});

describe("scopes decide the tools", () => {
  it("lists every tool, with annotations, to a token with every scope", async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(28);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of WRITE_TOOLS) expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(false);
    expect(byName.get("get_products")?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("cancel_campaign")?.annotations).toMatchObject({ destructiveHint: true });
    expect(byName.get("create_media_buy")?.inputSchema.required).toEqual(
      expect.arrayContaining(["idempotency_key", "packages"]),
    );
  });

  it("hides write tools from a read-only token and refuses to call them", async () => {
    const reader = await connectMcp(await adv.token(["campaigns:read", "reporting:read"]));
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["get_media_buys", "get_media_buy_delivery", "list_campaigns"]));
    for (const name of WRITE_TOOLS) expect(names).not.toContain(name);
    const refused = await callTool(reader, "create_media_buy", { idempotency_key: key() });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/create_media_buy not found/);
    await reader.close();
  });

  it("hides report tools from a token without reporting:read", async () => {
    const limited = await connectMcp(await adv.token(["campaigns:read"]));
    const names = (await limited.listTools()).tools.map((tool) => tool.name);
    expect(names).not.toContain("get_campaign_report");
    expect(names).not.toContain("get_media_buy_delivery");
    expect(names).toContain("list_campaigns");
    await limited.close();
  });
});

describe("our tools", () => {
  it("create_campaign previews, then creates once per idempotency key", async () => {
    const before = await db().campaign.count({ where: { advertiserId: adv.advertiserId } });
    const args = { ...campaignBody(icons.url()), idempotency_key: key() };
    const preview = await callTool(client, "create_campaign", args);
    expect(preview.structured).toMatchObject({
      status: "preview",
      preview: { validate_only: true, estimated_daily_spend_usd: expect.any(Number), creative: { status: "approved" } },
    });
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before);
    const created = await callTool(client, "create_campaign", { ...args, confirm: true });
    expect(created.structured).toMatchObject({ status: "completed", replayed: false, campaign: { status: "active" } });
    const again = await callTool(client, "create_campaign", { ...args, confirm: true });
    expect(again.structured).toMatchObject({ status: "completed", replayed: true });
    expect((again.structured.campaign as { id: string }).id).toBe((created.structured.campaign as { id: string }).id);
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before + 1);
  });

  it("applies changes that cannot raise spend at once and previews those that can", async () => {
    const created = await callTool(client, "create_campaign", {
      ...campaignBody(icons.url()),
      idempotency_key: key(),
      confirm: true,
    });
    const id = (created.structured.campaign as { id: string }).id;
    const lower = await callTool(client, "update_campaign", {
      campaign_id: id,
      daily_budget_usd: 20,
      idempotency_key: key(),
    });
    expect(lower.structured).toMatchObject({ status: "completed", campaign: { daily_budget_usd: 20 } });
    const raise = await callTool(client, "update_campaign", {
      campaign_id: id,
      bid_cpm_usd: 9,
      idempotency_key: key(),
    });
    expect(raise.structured).toMatchObject({
      status: "preview",
      preview: { raises_spend: true, changes: [{ field: "bid_cpm_usd", from: 2.5, to: 9 }] },
    });
    expect((await db().campaign.findUniqueOrThrow({ where: { id } })).bidCpmMicros).toBe(2_500_000n);
    const paused = await callTool(client, "pause_campaign", { campaign_id: id, idempotency_key: key() });
    expect(paused.structured).toMatchObject({ status: "completed", campaign: { status: "paused" } });
    const resumeKey = key();
    const resume = await callTool(client, "resume_campaign", { campaign_id: id, idempotency_key: resumeKey });
    expect(resume.structured.status).toBe("preview");
    const resumed = await callTool(client, "resume_campaign", {
      campaign_id: id,
      idempotency_key: resumeKey,
      confirm: true,
    });
    expect(resumed.structured).toMatchObject({ status: "completed", campaign: { status: "active" } });
  });

  it("returns the API's validation errors as tool errors with our code and every field", async () => {
    const answer = await callTool(client, "create_campaign", {
      ...campaignBody(icons.url(), { bid_cpm_usd: 0.01, daily_budget_usd: 1 }),
      idempotency_key: key(),
    });
    expect(answer.isError).toBe(true);
    expect(answer.structured.adcp_error).toMatchObject({
      code: "VALIDATION_ERROR",
      details: {
        code: "validation_failed",
        status: 422,
        errors: expect.arrayContaining([
          { path: "bid_cpm_usd", message: expect.any(String) },
          { path: "daily_budget_usd", message: expect.any(String) },
        ]),
      },
    });
    expect((answer.structured.adcp_error as { details: { errors: unknown[] } }).details.errors).toHaveLength(2);
    const missing = await callTool(client, "get_campaign", { campaign_id: "cmp_nope" });
    expect(missing.structured.adcp_error).toMatchObject({
      code: "REFERENCE_NOT_FOUND",
      details: { code: "not_found" },
    });
  });

  it("reads reports through the REST API", async () => {
    const created = await callTool(client, "create_campaign", {
      ...campaignBody(icons.url()),
      idempotency_key: key(),
      confirm: true,
    });
    const id = (created.structured.campaign as { id: string }).id;
    const today = new Date().toISOString().slice(0, 10);
    const report = await callTool(client, "get_campaign_report", {
      campaign_id: id,
      start_date: today,
      end_date: today,
      breakdown: "sport",
      timezone: "America/New_York",
    });
    expect(report.structured).toMatchObject({
      campaign_id: id,
      period: { timezone: "America/New_York" },
      totals: { impressions: 0 },
      rows: [{ key: "nba", impressions: 0 }],
    });
  });
});

describe("in-process routes", () => {
  it("name real route files", async () => {
    const { existsSync } = await import("node:fs");
    for (const [path] of IN_PROCESS_ROUTES) expect(existsSync(`app${path}/route.ts`), path).toBe(true);
  });
});
