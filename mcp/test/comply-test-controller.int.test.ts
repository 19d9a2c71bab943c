// comply_test_controller through the real /mcp route: the service's refusal of a real
// advertiser as the controller's FORBIDDEN (AdCP's PERMISSION_DENIED beside it), list_scenarios
// as get_adcp_capabilities declares it, seeding, force_media_buy_status through the campaign's
// own transitions, each refusal in the controller's format (UNKNOWN_SCENARIO, INVALID_PARAMS,
// NOT_FOUND, INVALID_TRANSITION), checked against @adcp/sdk's response schema, the request's
// context echoed (docs/decisions/1315, 1316).
import { ComplyTestControllerResponseSchema } from "@adcp/sdk";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { createTestCampaign } from "@/test/factories/campaigns";
import { callTool, connectMcp, type ToolAnswer } from "@/test/mcp-client";
import { buyRequest } from "./adcp-requests";

let real: Client;
let sandbox: Client;
let icons: IconServer;
let sandboxId: string;
let realId: string;

/** A controller answer: valid for AdCP's ComplyTestControllerResponse (as @adcp/sdk reads it), isError iff refused. */
async function control(client: Client, args: Record<string, unknown>): Promise<ToolAnswer> {
  const answer = await callTool(client, "comply_test_controller", args);
  expect(ComplyTestControllerResponseSchema.safeParse(answer.structured).success, answer.text).toBe(true);
  expect(answer.isError).toBe(answer.structured.success === false);
  return answer;
}

async function mediaBuyStatus(id: string): Promise<unknown> {
  const answer = await callTool(sandbox, "get_media_buys", { media_buy_ids: [id] });
  expect(answer.isError, answer.text).toBe(false);
  return (answer.structured.media_buys as { status: string }[])[0]?.status;
}

beforeAll(async () => {
  icons = await startIconServer();
  const realAdvertiser = await createTestAdvertiser("Real Book");
  const sandboxAdvertiser = await createTestAdvertiser("Sandbox Book");
  await db().advertiser.update({ where: { id: sandboxAdvertiser.advertiserId }, data: { sandbox: true } });
  sandboxId = sandboxAdvertiser.advertiserId;
  realId = realAdvertiser.advertiserId;
  real = await connectMcp(await realAdvertiser.token());
  sandbox = await connectMcp(await sandboxAdvertiser.token());
});
afterAll(async () => {
  await real.close();
  await sandbox.close();
  await icons.close();
});

describe("comply_test_controller", () => {
  it("is refused for a real advertiser with FORBIDDEN (PERMISSION_DENIED beside it), naming the sandbox rule", async () => {
    const answer = await control(real, { scenario: "list_scenarios", context: { correlation_id: "c-0" } });
    expect(answer.structured).toMatchObject({
      success: false,
      error: "FORBIDDEN",
      error_detail: expect.stringMatching(/sandbox advertisers only/),
      adcp_error: { code: "PERMISSION_DENIED", recovery: "terminal", details: { code: "sandbox_only", status: 403 } },
      context: { correlation_id: "c-0" },
    });
    expect(answer.text).toMatch(/sandbox advertisers only/);
    const campaign = await createTestCampaign({ advertiserId: realId });
    const forced = await control(real, {
      scenario: "force_media_buy_status",
      params: { media_buy_id: campaign.id, status: "paused" },
    });
    expect(forced.structured).toMatchObject({ success: false, error: "FORBIDDEN" });
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("active");
  });

  it("lists the force_ scenarios served, as get_adcp_capabilities declares them, and echoes the context", async () => {
    const answer = await control(sandbox, { scenario: "list_scenarios", context: { correlation_id: "c-1" } });
    expect(answer.structured).toEqual({
      success: true,
      scenarios: ["force_media_buy_status"],
      context: { correlation_id: "c-1" },
    });
    const capabilities = await callTool(sandbox, "get_adcp_capabilities", {});
    expect(capabilities.structured.compliance_testing).toEqual({ scenarios: answer.structured.scenarios });
  });

  it("seeds a product, and re-seeds it equivalent", async () => {
    const seed = {
      scenario: "seed_product",
      params: { product_id: "mcp_seeded", fixture: { delivery_type: "non_guaranteed" } },
    };
    expect((await control(sandbox, seed)).structured).toEqual({ success: true, message: "Fixture seeded" });
    expect((await control(sandbox, seed)).structured).toEqual({
      success: true,
      message: "Fixture re-seeded (equivalent)",
    });
  });

  it("answers an unknown scenario UNKNOWN_SCENARIO, with the context", async () => {
    const answer = await control(sandbox, {
      scenario: "nonexistent_scenario",
      params: {},
      context: { correlation_id: "c-2" },
    });
    expect(answer.structured).toMatchObject({
      success: false,
      error: "UNKNOWN_SCENARIO",
      error_detail: expect.stringMatching(/list_scenarios/),
      adcp_error: { code: "VALIDATION_ERROR", field: "scenario" },
      context: { correlation_id: "c-2" },
    });
  });

  it.each([
    ["no params", { scenario: "force_media_buy_status", params: {} }, "params.media_buy_id"],
    [
      "a status AdCP does not define",
      { scenario: "force_media_buy_status", params: { media_buy_id: "cmp_x", status: "live" } },
      "params.status",
    ],
    ["no scenario", { params: {} }, "scenario"],
  ])("answers %s INVALID_PARAMS", async (_name, args, field) => {
    const answer = await control(sandbox, args);
    expect(answer.structured).toMatchObject({
      success: false,
      error: "INVALID_PARAMS",
      adcp_error: { code: "VALIDATION_ERROR", field },
    });
  });

  it("answers a media buy it does not know, or another advertiser's, NOT_FOUND", async () => {
    const theirs = await createTestCampaign({ advertiserId: realId });
    for (const id of ["cmp_comply-test-nonexistent", theirs.id]) {
      const answer = await control(sandbox, {
        scenario: "force_media_buy_status",
        params: { media_buy_id: id, status: "active" },
      });
      expect(answer.structured).toMatchObject({ success: false, error: "NOT_FOUND", current_state: null });
    }
    expect((await db().campaign.findUniqueOrThrow({ where: { id: theirs.id } })).status).toBe("active");
  });

  it("forces a media buy through pause, resume and end as get_media_buys then reports it; a final one refuses INVALID_TRANSITION", async () => {
    const campaign = await createTestCampaign({ advertiserId: sandboxId });
    const force = (status: string) =>
      control(sandbox, { scenario: "force_media_buy_status", params: { media_buy_id: campaign.id, status } });
    const before = await mediaBuyStatus(campaign.id);
    expect((await force("paused")).structured).toMatchObject({
      success: true,
      previous_state: before,
      current_state: "paused",
    });
    expect(await mediaBuyStatus(campaign.id)).toBe("paused");
    const resumed = await force("active");
    expect(resumed.structured).toMatchObject({ success: true, previous_state: "paused" });
    expect(await mediaBuyStatus(campaign.id)).toBe(resumed.structured.current_state);
    expect((await force("completed")).structured).toMatchObject({ success: true, current_state: "completed" });
    expect(await mediaBuyStatus(campaign.id)).toBe("completed");
    // the campaign's own transitions: ended, its history and its campaign.ended event
    const row = await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } });
    expect(row.status).toBe("ended");
    expect(
      await db().outboxEvent.count({ where: { advertiserId: sandboxId, type: "campaign.ended" } }),
    ).toBeGreaterThan(0);
    const again = await force("active");
    expect(again.structured).toMatchObject({
      success: false,
      error: "INVALID_TRANSITION",
      adcp_error: { details: { code: "invalid_transition", status: 409 } },
    });
    expect(await mediaBuyStatus(campaign.id)).toBe("completed");
  });

  it("cancels a media buy as cancelCampaign does, and never forces rejected or pending_start (INVALID_TRANSITION)", async () => {
    const campaign = await createTestCampaign({ advertiserId: sandboxId });
    const force = (status: string) =>
      control(sandbox, { scenario: "force_media_buy_status", params: { media_buy_id: campaign.id, status } });
    for (const status of ["rejected", "pending_start"])
      expect((await force(status)).structured).toMatchObject({ success: false, error: "INVALID_TRANSITION" });
    expect((await force("canceled")).structured).toMatchObject({ success: true, current_state: "canceled" });
    expect((await db().campaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("cancelled");
    expect((await force("completed")).structured).toMatchObject({ success: false, error: "INVALID_TRANSITION" });
  });
});

describe("create_media_buy of a sandbox product", () => {
  const testProduct = (key: string) => {
    const request = buyRequest(key, icons.url(), { product_id: "test-product", pricing_option_id: "default" });
    delete (request.packages[0] as Record<string, unknown>).bid_price;
    return request;
  };

  it("previews test-product for a sandbox advertiser at its pricing option's bid (close_game nba's floor)", async () => {
    const answer = await callTool(sandbox, "create_media_buy", testProduct("sandbox-buy-key-00001"));
    expect(answer.isError, answer.text).toBe(false);
    expect(answer.structured).toMatchObject({ status: "input-required" });
    expect(JSON.stringify(answer.structured)).toContain('"bid_price":0.35');
  });

  it("answers PRODUCT_NOT_FOUND for a real advertiser, and for a pricing option the product lacks", async () => {
    const refused = await callTool(real, "create_media_buy", testProduct("real-buy-key-0000001"));
    expect(refused.structured).toMatchObject({
      adcp_error: { code: "PRODUCT_NOT_FOUND", field: "packages[0].product_id" },
    });
    const request = testProduct("sandbox-buy-key-00002");
    (request.packages[0] as Record<string, unknown>).pricing_option_id = "cpm_guaranteed";
    const unknown = await callTool(sandbox, "create_media_buy", request);
    expect(unknown.structured).toMatchObject({ adcp_error: { field: "packages[0].pricing_option_id" } });
  });
});
