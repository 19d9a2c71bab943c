// both databases: invoices in raw SQL
// /mcp: the remote MCP endpoint through the SDK's Streamable HTTP client (the
// route handler called in-process): Bearer auth with RFC 9728 discovery, the
// token's scopes deciding which tools exist, and each of our own tools (the
// AdCP tasks are in mcp/test): its structured answer and its safety rules
// (previews before spending, idempotency keys, destructive hints, errors with
// our code).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { WebhookDispatcher } from "@/lib/webhooks/dispatcher";
import { SEEDED_PERCENTILES, seedCloseGameAuctions } from "@/mcp/test/seed-auctions";
import { campaignBody, creativeBody, utcDay } from "@/test/campaign-input";
import { createTestAdvertiser, type TestAdvertiser } from "@/test/factories/advertisers";
import { seedDelivery } from "@/test/factories/delivery";
import { createTestCampaign } from "@/test/factories/campaigns";
import { call } from "@/test/http";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { callTool, connectMcp } from "@/test/mcp-client";
import { setBilling } from "@/lib/domain/billing/accounts";
import { issueInvoices } from "@/lib/domain/billing/invoices";
import { POST } from "./route";

let icons: IconServer;
let adv: TestAdvertiser;
let client: Client;
let keys = 0;
const key = () => `mcp-test-key-${Date.now()}-${++keys}`;

/** A campaign made through create_campaign (confirmed at once); its id. */
async function createCampaign(mcp: Client = client): Promise<string> {
  const created = await callTool(mcp, "create_campaign", {
    ...campaignBody(icons.url()),
    idempotency_key: key(),
    confirm: true,
  });
  return (created.structured.campaign as { id: string }).id;
}

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
  "duplicate_campaign",
  "pause_campaign",
  "resume_campaign",
  "end_campaign",
  "cancel_campaign",
  "add_creative_variant",
  "pause_creative_variant",
  "resume_creative_variant",
  "register_webhook",
  "test_webhook",
  "update_webhook",
  "deactivate_webhook",
  "create_postback_key",
  "rename_postback_key",
  "revoke_postback_key",
  "create_media_buy",
  "update_media_buy",
  "sync_creatives",
  "create_rule",
  "set_rule_enabled",
  "delete_rule",
  "undo_change",
  "save_report",
  "send_saved_report_now",
  "delete_saved_report",
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

  it("answers JSON to a client accepting only JSON (AdCP's raw probes), and 406 to one accepting neither", async () => {
    const authorization = `Bearer ${await adv.token()}`;
    const post = (accept: string) =>
      call(POST, "/mcp", {
        method: "POST",
        body: initialize,
        headers: { "content-type": "application/json", accept, authorization },
      });
    const json = await post("application/json");
    expect(json.status).toBe(200);
    expect(json.body.result.serverInfo).toMatchObject({ name: "sports-moment-ads" });
    expect((await post("text/html")).status).toBe(406);
  });
});

describe("Origin (DNS-rebinding protection, docs/decisions/1308)", () => {
  it("refuses a browser Origin other than the service's own with 403 problem+json, with or without a token", async () => {
    const authorization = `Bearer ${await adv.token()}`;
    for (const origin of ["https://evil.example", "http://sma.test.evil.example", "https://sma.test", "null"]) {
      for (const headers of [
        { ...mcpHeaders, origin, authorization },
        { ...mcpHeaders, origin },
      ]) {
        const res = await call(POST, "/mcp", { method: "POST", body: initialize, headers });
        expect(res.status, origin).toBe(403);
        expect(res.headers.get("content-type")).toBe("application/problem+json");
        expect(res.body.code).toBe("origin_not_allowed");
        expect(res.body.detail).toMatch(/http:\/\/sma\.test only/);
      }
    }
  });

  it("serves the service's own origin, and requests without Origin (agents, curl)", async () => {
    const authorization = `Bearer ${await adv.token()}`;
    for (const headers of [
      { ...mcpHeaders, authorization, origin: "http://sma.test" },
      { ...mcpHeaders, authorization },
    ]) {
      const res = await call(POST, "/mcp", { method: "POST", body: initialize, headers });
      expect(res.status).toBe(200);
      expect(res.body.result.serverInfo).toMatchObject({ name: "sports-moment-ads" });
    }
  });
});

describe("the envelope: one JSON-RPC request or notification", () => {
  it("answers 400 problem+json to an empty batch, a batch, a scalar, a response or a message without method", async () => {
    const authorization = `Bearer ${await adv.token()}`;
    const bodies: [unknown, string][] = [
      [[], ""],
      [[initialize], ""],
      ['"text"', ""], // a JSON string
      [42, ""],
      [null, ""],
      [{ jsonrpc: "2.0", id: 1, result: {} }, "method"],
      [{ jsonrpc: "2.0", id: 1 }, "method"],
      [{ jsonrpc: "1.0", id: 1, method: "tools/list" }, "jsonrpc"],
      [{ jsonrpc: "2.0", id: null, method: "tools/list" }, "id"],
      [{ jsonrpc: "2.0", id: 1, method: "tools/list", params: [] }, "params"],
    ];
    for (const [body, field] of bodies) {
      const res = await call(POST, "/mcp", { method: "POST", body, headers: { ...mcpHeaders, authorization } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body.code).toBe("bad_request");
      expect(res.body.errors.map((error: { path: string }) => error.path)).toContain(field);
    }
  });
});

describe("scopes decide the tools", () => {
  it("lists every tool, with annotations, to a token with every scope", async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(52);
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("list_changes")?.annotations).toMatchObject({ readOnlyHint: true });
    for (const name of WRITE_TOOLS) expect(byName.get(name)?.annotations?.readOnlyHint, name).toBe(false);
    expect(byName.get("get_products")?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("cancel_campaign")?.annotations).toMatchObject({ destructiveHint: true });
    // a preview writes nothing: the key is required only to create (confirm: true), which the tool checks
    expect(byName.get("create_media_buy")?.inputSchema.required).toEqual(
      expect.arrayContaining(["packages", "start_time", "end_time"]),
    );
  });

  it("hides write tools from a read-only token and refuses to call them, naming the scope they need", async () => {
    const reader = await connectMcp(await adv.token(["campaigns:read", "reporting:read"]));
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["get_media_buys", "get_media_buy_delivery", "list_campaigns"]));
    for (const name of WRITE_TOOLS) expect(names).not.toContain(name);
    const refused = await callTool(reader, "create_media_buy", { idempotency_key: key() });
    expect(refused.isError).toBe(true);
    expect(refused.structured.adcp_error).toMatchObject({
      code: "SCOPE_INSUFFICIENT",
      recovery: "terminal",
      message: expect.stringContaining("campaigns:write"),
      details: { code: "insufficient_scope", status: 403, required_scopes: ["campaigns:write"] },
    });
    // a name that is no tool at all is an AdCP error too
    const unknown = await callTool(reader, "drop_tables", {});
    expect(unknown.isError).toBe(true);
    expect(unknown.structured.adcp_error).toMatchObject({ code: "INVALID_REQUEST" });
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
      // no other advertiser's auctions recorded yet: the estimate is withheld, and says so
      preview: {
        validate_only: true,
        estimated_daily_impressions: 0,
        estimated_daily_spend_usd: 0,
        estimate_status: "insufficient_volume",
        creative: { status: "approved" },
      },
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
    const id = await createCampaign();
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
      preview: {
        raises_spend: true,
        changes: [{ field: "bid_cpm_usd", from: 2.5, to: 9 }],
        estimate_status: expect.stringMatching(/^(estimated|insufficient_volume)$/),
        current_estimate_status: expect.stringMatching(/^(estimated|insufficient_volume)$/),
      },
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

  it("duplicate_campaign copies with overrides, paused at once; an active copy waits for confirm; E5's rules apply", async () => {
    const id = await createCampaign();
    const before = await db().campaign.count({ where: { advertiserId: adv.advertiserId } });
    const overrides = {
      campaign_id: id,
      name: "Copy for the NFL",
      moment_types: ["overtime"],
      sports: ["nfl"],
      bid_cpm_usd: 3.5,
      start_date: utcDay(2),
      end_date: utcDay(30),
      target_regions: ["US-NJ"],
      creative: creativeBody(icons.url(), { headline: "Overtime in the NFL" }),
      variants: [creativeBody(icons.url(), { headline: "Second look" })],
    };
    const copied = await callTool(client, "duplicate_campaign", { ...overrides, idempotency_key: key() });
    expect(copied.structured).toMatchObject({
      status: "completed",
      replayed: false,
      campaign: {
        name: "Copy for the NFL",
        status: "paused",
        moment_types: ["overtime"],
        sports: ["nfl"],
        bid_cpm_usd: 3.5,
        start_date: utcDay(2),
        end_date: utcDay(30),
        target_regions: ["US-NJ"],
        variants: [{ headline: "Overtime in the NFL" }, { headline: "Second look" }],
      },
    });
    // an active copy can spend: nothing is created until confirmed
    const activeArgs = { campaign_id: id, status: "active", idempotency_key: key() };
    const waiting = await callTool(client, "duplicate_campaign", activeArgs);
    expect(waiting.structured).toMatchObject({ status: "preview", message: expect.stringMatching(/confirm: true/) });
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before + 1);
    const active = await callTool(client, "duplicate_campaign", { ...activeArgs, confirm: true });
    expect(active.structured).toMatchObject({ status: "completed", campaign: { status: "active" } });
    // an override E5 refuses: the API's fields, nothing written
    const refused = await callTool(client, "duplicate_campaign", {
      campaign_id: id,
      moment_types: ["bet_resolved"],
      bid_cpm_usd: 0.01,
      idempotency_key: key(),
    });
    expect(refused.isError).toBe(true);
    expect(refused.structured.adcp_error).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { code: "validation_failed", errors: [{ path: "bid_cpm_usd", message: expect.any(String) }] },
    });
    expect(await db().campaign.count({ where: { advertiserId: adv.advertiserId } })).toBe(before + 2);
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
    const id = await createCampaign();
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

  describe("reads", () => {
    it("get_clearing_prices gives each moment type's floor and the percentiles of recent clearing CPMs", async () => {
      await seedCloseGameAuctions();
      const answer = await callTool(client, "get_clearing_prices");
      expect(answer.isError).toBe(false);
      const entries = answer.structured.moment_types as { moment_type: string }[];
      expect(entries).toHaveLength(11);
      expect(entries.find((entry) => entry.moment_type === "close_game")).toEqual({
        moment_type: "close_game",
        floor_cpm_usd: 0.35,
        clearing_price_p25_usd: SEEDED_PERCENTILES.p25,
        clearing_price_p50_usd: SEEDED_PERCENTILES.p50,
        clearing_price_p75_usd: SEEDED_PERCENTILES.p75,
        clearing_price_p90_usd: SEEDED_PERCENTILES.p90,
      });
      // too few auctions to publish percentiles
      expect(entries.find((entry) => entry.moment_type === "overtime")).toMatchObject({
        clearing_price_p25_usd: null,
        clearing_price_p90_usd: null,
      });
      expect(answer.structured.as_of).toEqual(expect.any(String));
    });

    it("get_campaign_timeseries and get_creative_performance read the recorded delivery", async () => {
      const id = await createCampaign();
      const campaign = await db().campaign.findUniqueOrThrow({ where: { id }, include: { creatives: true } });
      const at = (day: number, hour: number) => Date.UTC(2026, 2, day, hour);
      // three impressions at the default 2 USD clearing CPM: two on March 10 (one clicked), one on March 11
      await seedDelivery(campaign, [
        { servedAtMs: at(10, 9), clickedAtMs: at(10, 9) + 60_000 },
        { servedAtMs: at(10, 21) },
        { servedAtMs: at(11, 3) },
      ]);

      const daily = await callTool(client, "get_campaign_timeseries", {
        campaign_id: id,
        start_date: "2026-03-10",
        end_date: "2026-03-12",
      });
      expect(daily.structured).toEqual({
        campaign_id: id,
        granularity: "day",
        period: { start: "2026-03-10", end: "2026-03-12", timezone: "UTC" },
        series: [
          { ts: "2026-03-10T00:00:00Z", impressions: 2, clicks: 1, conversions: 0, spend_usd: 0.004 },
          { ts: "2026-03-11T00:00:00Z", impressions: 1, clicks: 0, conversions: 0, spend_usd: 0.002 },
          { ts: "2026-03-12T00:00:00Z", impressions: 0, clicks: 0, conversions: 0, spend_usd: 0 },
        ],
      });
      // in New York (UTC-4 since March 8) the 21:00 and 03:00 UTC impressions fall on March 10
      const hourly = await callTool(client, "get_campaign_timeseries", {
        campaign_id: id,
        start_date: "2026-03-10",
        end_date: "2026-03-10",
        granularity: "hour",
        timezone: "America/New_York",
      });
      const series = hourly.structured.series as { ts: string; impressions: number }[];
      expect(series).toHaveLength(24);
      expect(series.filter((point) => point.impressions > 0)).toEqual([
        { ts: "2026-03-10T09:00:00Z", impressions: 1, clicks: 1, conversions: 0, spend_usd: 0.002 },
        { ts: "2026-03-10T21:00:00Z", impressions: 1, clicks: 0, conversions: 0, spend_usd: 0.002 },
        { ts: "2026-03-11T03:00:00Z", impressions: 1, clicks: 0, conversions: 0, spend_usd: 0.002 },
      ]);

      const variant = await callTool(client, "add_creative_variant", {
        campaign_id: id,
        ...creativeBody(icons.url(), { headline: "Overtime: your bet is alive" }),
        idempotency_key: key(),
      });
      const variantId = (variant.structured.variant as { id: string }).id;
      const primary = await callTool(client, "get_creative_performance", { creative_id: campaign.creatives[0]!.id });
      expect(primary.structured).toEqual({
        creative_id: campaign.creatives[0]!.id,
        impressions: 3,
        clicks: 1,
        ctr: 0.333333,
        conversions: 0,
        spend_usd: 0.006,
        traffic_allocation: 0.5,
      });
      const fresh = await callTool(client, "get_creative_performance", { creative_id: variantId });
      expect(fresh.structured).toMatchObject({ impressions: 0, clicks: 0, spend_usd: 0, traffic_allocation: 0.5 });
      const missing = await callTool(client, "get_creative_performance", { creative_id: "cr_nope" });
      expect(missing.structured.adcp_error).toMatchObject({ details: { code: "not_found" } });
    });
  });

  describe("final and creative writes", () => {
    it("end_campaign and cancel_campaign are destructive, need an idempotency key and apply at once", async () => {
      const { tools } = await client.listTools();
      const hints = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations?.destructiveHint]));
      expect([hints.end_campaign, hints.cancel_campaign, hints.deactivate_webhook, hints.revoke_postback_key]).toEqual([
        true,
        true,
        true,
        true,
      ]);
      expect([
        hints.pause_campaign,
        hints.add_creative_variant,
        hints.register_webhook,
        hints.create_postback_key,
      ]).toEqual([false, false, false, false]);
      for (const name of ["end_campaign", "cancel_campaign"])
        expect(tools.find((tool) => tool.name === name)?.inputSchema.required, name).toEqual([
          "campaign_id",
          "idempotency_key",
        ]);

      const [toEnd, toCancel] = [await createCampaign(), await createCampaign()];

      const keyless = await callTool(client, "end_campaign", { campaign_id: toEnd });
      expect(keyless.isError).toBe(true);
      expect(keyless.structured.adcp_error).toMatchObject({
        code: "VALIDATION_ERROR",
        field: "idempotency_key",
        message: "idempotency_key: is required",
        details: { code: "validation_failed", errors: [{ path: "idempotency_key", message: "is required" }] },
      });
      expect((await db().campaign.findUniqueOrThrow({ where: { id: toEnd } })).status).toBe("active");

      // no preview: ending and cancelling cannot raise spend
      const ended = await callTool(client, "end_campaign", { campaign_id: toEnd, idempotency_key: key() });
      expect(ended.structured).toMatchObject({
        status: "completed",
        replayed: false,
        campaign: { id: toEnd, status: "ended", ended_reason: "advertiser" },
      });
      const cancelKey = key();
      const cancelled = await callTool(client, "cancel_campaign", {
        campaign_id: toCancel,
        idempotency_key: cancelKey,
      });
      expect(cancelled.structured).toMatchObject({
        status: "completed",
        replayed: false,
        campaign: { id: toCancel, status: "cancelled" },
      });
      const replay = await callTool(client, "cancel_campaign", { campaign_id: toCancel, idempotency_key: cancelKey });
      expect(replay.structured).toMatchObject({ status: "completed", replayed: true, campaign: { id: toCancel } });
      const stored = async (id: string) => (await db().campaign.findUniqueOrThrow({ where: { id } })).status;
      expect([await stored(toEnd), await stored(toCancel)]).toEqual(["ended", "cancelled"]);

      const final = await callTool(client, "cancel_campaign", { campaign_id: toEnd, idempotency_key: key() });
      expect(final.isError).toBe(true);
      expect(final.structured.adcp_error).toMatchObject({
        code: "INVALID_STATE",
        recovery: "terminal",
        details: { code: "invalid_transition", status: 409 },
      });
      expect(await stored(toEnd)).toBe("ended");
    });

    it("add_creative_variant adds a reviewed variant once per idempotency key", async () => {
      const id = await createCampaign();
      const args = {
        campaign_id: id,
        ...creativeBody(icons.url(), { headline: "Overtime: your bet is alive" }),
        idempotency_key: key(),
      };
      const added = await callTool(client, "add_creative_variant", args);
      expect(added.structured).toMatchObject({
        status: "completed",
        replayed: false,
        variant: { variant_label: "variant_b", status: "approved", traffic_allocation: 0.5 },
      });
      const again = await callTool(client, "add_creative_variant", args);
      expect(again.structured).toMatchObject({ status: "completed", replayed: true });
      expect((again.structured.variant as { id: string }).id).toBe((added.structured.variant as { id: string }).id);
      expect(await db().creative.count({ where: { campaignId: id } })).toBe(2);

      const claim = await callTool(client, "add_creative_variant", {
        ...args,
        headline: "Risk-free bet on overtime",
        idempotency_key: key(),
      });
      expect(claim.structured.variant).toMatchObject({ variant_label: "variant_c", status: "rejected" });
      const campaign = await callTool(client, "get_campaign", { campaign_id: id });
      expect(
        (
          campaign.structured.campaign as { variants: { variant_label: string; traffic_allocation: number }[] }
        ).variants.map((variant) => [variant.variant_label, variant.traffic_allocation]),
      ).toEqual([
        ["variant_a", 0.5],
        ["variant_b", 0.5],
        ["variant_c", 0],
      ]);
    });

    it("pause_creative_variant re-splits the traffic and resume_creative_variant splits it back", async () => {
      const id = await createCampaign();
      const added = await callTool(client, "add_creative_variant", {
        campaign_id: id,
        ...creativeBody(icons.url(), { headline: "Second look" }),
        idempotency_key: key(),
      });
      const variantId = (added.structured.variant as { id: string }).id;
      const split = (result: { structured: Record<string, unknown> }) =>
        (result.structured.campaign as { variants: { status: string; traffic_allocation: number }[] }).variants.map(
          (variant) => [variant.status, variant.traffic_allocation],
        );
      const paused = await callTool(client, "pause_creative_variant", {
        campaign_id: id,
        variant_id: variantId,
        idempotency_key: key(),
      });
      expect(paused.structured.status).toBe("completed");
      expect(split(paused)).toEqual([
        ["approved", 1],
        ["paused", 0],
      ]);
      const resumed = await callTool(client, "resume_creative_variant", {
        campaign_id: id,
        variant_id: variantId,
        idempotency_key: key(),
      });
      expect(split(resumed)).toEqual([
        ["approved", 0.5],
        ["approved", 0.5],
      ]);
      const missing = await callTool(client, "pause_creative_variant", {
        campaign_id: id,
        variant_id: "cr_missing",
        idempotency_key: key(),
      });
      expect(missing.structured.adcp_error).toMatchObject({ details: { code: "not_found", status: 404 } });
    });
  });

  describe("webhooks", () => {
    it("register, list, test, receive a campaign.ended delivery, read the log, deactivate", async () => {
      // an advertiser of its own: the dispatcher below delivers every pending event of its endpoints
      const owner = await createTestAdvertiser("Hooks Co");
      const hooks = await connectMcp(await owner.token());
      const registerArgs = { url: icons.url("/hook"), events: ["campaign.ended"], idempotency_key: key() };
      const registered = await callTool(hooks, "register_webhook", registerArgs);
      expect(registered.structured).toMatchObject({
        status: "completed",
        replayed: false,
        endpoint: {
          url: icons.url("/hook"),
          events: ["campaign.ended"],
          is_active: true,
          secret: expect.stringMatching(/^[0-9a-f]{64}$/),
          warning: expect.any(String),
        },
      });
      const endpoint = registered.structured.endpoint as { id: string; secret: string };
      const replayed = await callTool(hooks, "register_webhook", registerArgs);
      expect(replayed.structured).toMatchObject({ replayed: true, endpoint: { id: endpoint.id } });
      const unknownKind = await callTool(hooks, "register_webhook", {
        ...registerArgs,
        events: ["campaign.started"],
        idempotency_key: key(),
      });
      expect(unknownKind.isError).toBe(true);
      expect(unknownKind.structured.adcp_error).toMatchObject({
        code: "VALIDATION_ERROR",
        field: "events[0]",
        message: expect.stringMatching(/^events\[0\]: Invalid option: expected one of "impression.served"/),
      });
      // a name that does not resolve and one that resolves to a private address: one answer (no oracle of internal names)
      const refusals: string[] = [];
      for (const url of ["https://no-such-host.invalid/hook", "https://localhost/hook"]) {
        const refused = await callTool(hooks, "register_webhook", { ...registerArgs, url, idempotency_key: key() });
        expect(refused.isError, url).toBe(true);
        refusals.push(refused.text.replace(/req_\w+/, "req_"));
      }
      expect(refusals[0]).toMatch(/url/);
      expect(refusals[1]).toBe(refusals[0]);

      const listed = await callTool(hooks, "list_webhooks");
      expect(listed.structured.endpoints).toEqual([
        expect.objectContaining({ id: endpoint.id, events: ["campaign.ended"], is_active: true, failure_count: 0 }),
      ]);
      expect(JSON.stringify(listed.structured)).not.toContain(endpoint.secret);

      const tested = await callTool(hooks, "test_webhook", { webhook_id: endpoint.id, idempotency_key: key() });
      expect(tested.structured).toMatchObject({
        status: "completed",
        result: { success: true, status_code: 200, duration_ms: expect.any(Number) },
      });
      // a test event is not a delivery
      const empty = await callTool(hooks, "list_webhook_deliveries", { webhook_id: endpoint.id });
      expect(empty.structured).toEqual({ deliveries: [], pagination: { page: 1, per_page: 20, total: 0 } });

      const campaignId = await createCampaign(hooks);
      await callTool(hooks, "end_campaign", { campaign_id: campaignId, idempotency_key: key() });
      await new WebhookDispatcher().drain();
      const log = await callTool(hooks, "list_webhook_deliveries", { webhook_id: endpoint.id });
      expect(log.structured.pagination).toEqual({ page: 1, per_page: 20, total: 1 });
      expect(log.structured.deliveries).toEqual([
        expect.objectContaining({
          event_type: "campaign.ended",
          status: "succeeded",
          attempts: 1,
          last_status_code: 200,
        }),
      ]);
      const failed = await callTool(hooks, "list_webhook_deliveries", { webhook_id: endpoint.id, status: "failed" });
      expect(failed.structured.pagination).toMatchObject({ total: 0 });

      const deactivated = await callTool(hooks, "deactivate_webhook", {
        webhook_id: endpoint.id,
        idempotency_key: key(),
      });
      expect(deactivated.structured).toMatchObject({
        status: "completed",
        replayed: false,
        result: { deactivated: true, id: endpoint.id },
      });
      expect((await callTool(hooks, "list_webhooks")).structured.endpoints).toEqual([
        expect.objectContaining({ id: endpoint.id, is_active: false }),
      ]);
      const inactive = await callTool(hooks, "test_webhook", { webhook_id: endpoint.id, idempotency_key: key() });
      expect(inactive.isError).toBe(true);
      expect(inactive.structured.adcp_error).toMatchObject({ details: { code: "conflict" } });
      await hooks.close();
    });

    it("update_webhook replaces an endpoint's events; a repeated kind and another advertiser's endpoint are refused", async () => {
      const owner = await createTestAdvertiser("Events Co");
      const hooks = await connectMcp(await owner.token());
      const registered = await callTool(hooks, "register_webhook", {
        url: icons.url("/events-hook"),
        events: ["campaign.ended"],
        idempotency_key: key(),
      });
      const endpoint = registered.structured.endpoint as { id: string };
      const updated = await callTool(hooks, "update_webhook", {
        webhook_id: endpoint.id,
        events: ["click.recorded", "campaign.ended"],
        idempotency_key: key(),
      });
      expect(updated.structured).toMatchObject({
        status: "completed",
        replayed: false,
        endpoint: { id: endpoint.id, events: ["click.recorded", "campaign.ended"], is_active: true },
      });
      expect(JSON.parse((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).events)).toEqual(
        ["click.recorded", "campaign.ended"],
      );
      const repeated = await callTool(hooks, "update_webhook", {
        webhook_id: endpoint.id,
        events: ["click.recorded", "click.recorded"],
        idempotency_key: key(),
      });
      expect(repeated.isError).toBe(true);
      expect(repeated.structured.adcp_error).toMatchObject({ details: { code: "validation_failed" } });
      const empty = await callTool(hooks, "update_webhook", {
        webhook_id: endpoint.id,
        events: [],
        idempotency_key: key(),
      });
      expect(empty.isError).toBe(true);
      expect(empty.structured.adcp_error).toMatchObject({ code: "VALIDATION_ERROR", field: "events" });
      const rival = await connectMcp(await (await createTestAdvertiser("Rival Events")).token());
      const foreign = await callTool(rival, "update_webhook", {
        webhook_id: endpoint.id,
        events: ["invoice.issued"],
        idempotency_key: key(),
      });
      expect(foreign.isError).toBe(true);
      expect(foreign.structured.adcp_error).toMatchObject({ details: { code: "not_found" } });
      const reader = await connectMcp(await owner.token(["campaigns:read"]));
      expect((await reader.listTools()).tools.map((tool) => tool.name)).not.toContain("update_webhook");
      await Promise.all([hooks.close(), rival.close(), reader.close()]);
    });
  });
});

describe("postback keys", () => {
  it("create (the key once; a retry replays it without the key), list, revoke; the key is then what postbacks need", async () => {
    const owner = await createTestAdvertiser("Keys Co");
    const mcp = await connectMcp(await owner.token());
    const createArgs = { idempotency_key: key() };
    const created = await callTool(mcp, "create_postback_key", createArgs);
    expect(created.structured).toMatchObject({
      status: "completed",
      replayed: false,
      postback_key: { id: expect.stringMatching(/^pbk_/), key: expect.stringMatching(/^pbkey_/) },
    });
    const made = created.structured.postback_key as { id: string; key: string; created_at: string };
    const stored = await db().postbackKey.findUniqueOrThrow({ where: { id: made.id } });
    expect(stored.advertiserId).toBe(owner.advertiserId);
    expect(JSON.stringify(stored)).not.toContain(made.key);

    // a retry: the same key record, no second one, and the key not shown again
    const retried = await callTool(mcp, "create_postback_key", createArgs);
    expect(retried.structured).toMatchObject({
      status: "completed",
      replayed: true,
      postback_key: { id: made.id, created_at: made.created_at, key: null },
      message: expect.stringMatching(/shown only once/),
    });
    expect(await db().postbackKey.count({ where: { advertiserId: owner.advertiserId } })).toBe(1);
    const keyless = await callTool(mcp, "create_postback_key", {});
    expect(keyless.isError).toBe(true);
    expect(keyless.text).toMatch(/idempotency_key/);

    const listed = await callTool(mcp, "list_postback_keys");
    expect(listed.structured).toEqual({
      postback_keys: [{ id: made.id, name: null, created_at: made.created_at, last_used_at: null, revoked_at: null }],
    });
    expect(JSON.stringify(listed.structured)).not.toContain(made.key);

    // named at creation, renamed and cleared later
    const named = await callTool(mcp, "create_postback_key", { name: "AppsFlyer", idempotency_key: key() });
    expect(named.structured.postback_key).toMatchObject({ name: "AppsFlyer", key: expect.stringMatching(/^pbkey_/) });
    const renamed = await callTool(mcp, "rename_postback_key", {
      postback_key_id: made.id,
      name: "Adjust",
      idempotency_key: key(),
    });
    expect(renamed.structured).toMatchObject({ status: "completed", postback_key: { id: made.id, name: "Adjust" } });
    expect((await db().postbackKey.findUniqueOrThrow({ where: { id: made.id } })).name).toBe("Adjust");
    const cleared = await callTool(mcp, "rename_postback_key", {
      postback_key_id: made.id,
      name: null,
      idempotency_key: key(),
    });
    expect(cleared.structured.postback_key).toMatchObject({ id: made.id, name: null });
    const blank = await callTool(mcp, "rename_postback_key", {
      postback_key_id: made.id,
      name: "   ",
      idempotency_key: key(),
    });
    expect(blank.isError).toBe(true);
    expect(blank.structured.adcp_error).toMatchObject({ details: { code: "validation_failed" } });

    const revoked = await callTool(mcp, "revoke_postback_key", { postback_key_id: made.id, idempotency_key: key() });
    expect(revoked.structured).toMatchObject({
      status: "completed",
      postback_key: { id: made.id, revoked_at: expect.any(String) },
    });
    const foreign = await callTool(client, "revoke_postback_key", { postback_key_id: made.id, idempotency_key: key() });
    expect(foreign.isError).toBe(true);
    expect(foreign.structured.adcp_error).toMatchObject({
      code: "REFERENCE_NOT_FOUND",
      details: { code: "not_found" },
    });
    await mcp.close();
  });

  it("list_postback_keys needs campaigns:read; the write tools need campaigns:write and are hidden in read-only mode", async () => {
    const reader = await connectMcp(await adv.token(["campaigns:read"]));
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("list_postback_keys");
    expect(names).not.toContain("create_postback_key");
    expect(names).not.toContain("rename_postback_key");
    expect(names).not.toContain("revoke_postback_key");
    await reader.close();
    const reporter = await connectMcp(await adv.token(["reporting:read"]));
    expect((await reporter.listTools()).tools.map((tool) => tool.name)).not.toContain("list_postback_keys");
    await reporter.close();
  });
});

describe("billing", () => {
  it("get_billing, list_invoices and get_invoice read the account and its invoices", async () => {
    const owner = await createTestAdvertiser("Billed Agent Co");
    await setBilling({ advertiser_id: owner.advertiserId, mode: "invoiced", credit_limit_usd: 250 });
    const row = await createTestCampaign({ advertiserId: owner.advertiserId, name: "Agent campaign" });
    const campaign = await db().campaign.findUniqueOrThrow({ where: { id: row.id }, include: { creatives: true } });
    await seedDelivery(campaign, [{ servedAtMs: Date.UTC(2026, 7, 14), costMicros: 42_000n }]);
    await issueInvoices({ month: "2026-08" }, { nowMs: Date.UTC(2026, 8, 2) });
    const mcp = await connectMcp(await owner.token());
    const billing = await callTool(mcp, "get_billing", {});
    expect(billing.structured).toMatchObject({ mode: "invoiced", credit_limit_usd: 250, unpaid_usd: 0.042 });
    const list = await callTool(mcp, "list_invoices", { per_page: 5 });
    const invoices = list.structured.invoices as { id: string; number: string }[];
    expect(invoices.map((invoice) => invoice.number)).toEqual([expect.stringMatching(/^SMA-2026-\d{6}$/)]);
    const one = await callTool(mcp, "get_invoice", { invoice_id: invoices[0]!.id });
    expect(one.structured).toMatchObject({
      total_usd: 0.042,
      lines: [{ description: "Agent campaign", impressions: 1 }],
    });
    await mcp.close();
  });
});
