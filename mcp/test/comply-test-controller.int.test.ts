// comply_test_controller through the real /mcp route: the service's refusal of a real
// advertiser as AdCP's PERMISSION_DENIED, list_scenarios and seeding for a sandbox one, the
// request's context echoed (docs/decisions/1315).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startIconServer, type IconServer } from "@/test/icon-server";
import { callTool, connectMcp } from "@/test/mcp-client";
import { buyRequest } from "./adcp-requests";

let real: Client;
let sandbox: Client;
let icons: IconServer;

beforeAll(async () => {
  icons = await startIconServer();
  const realAdvertiser = await createTestAdvertiser("Real Book");
  const sandboxAdvertiser = await createTestAdvertiser("Sandbox Book");
  await db().advertiser.update({ where: { id: sandboxAdvertiser.advertiserId }, data: { sandbox: true } });
  real = await connectMcp(await realAdvertiser.token());
  sandbox = await connectMcp(await sandboxAdvertiser.token());
});
afterAll(async () => {
  await real.close();
  await sandbox.close();
  await icons.close();
});

describe("comply_test_controller", () => {
  it("is refused for a real advertiser with PERMISSION_DENIED, naming the sandbox rule", async () => {
    const answer = await callTool(real, "comply_test_controller", { scenario: "list_scenarios" });
    expect(answer.isError).toBe(true);
    expect(answer.structured).toMatchObject({
      adcp_error: { code: "PERMISSION_DENIED", recovery: "terminal", details: { code: "sandbox_only", status: 403 } },
    });
    expect(answer.text).toMatch(/sandbox advertisers only/);
  });

  it("lists the scenarios for a sandbox advertiser and echoes the context", async () => {
    const answer = await callTool(sandbox, "comply_test_controller", {
      scenario: "list_scenarios",
      context: { correlation_id: "c-1" },
    });
    expect(answer.isError).toBe(false);
    expect(answer.structured).toEqual({
      success: true,
      scenarios: expect.any(Array),
      context: { correlation_id: "c-1" },
    });
  });

  it("seeds a product, and re-seeds it equivalent", async () => {
    const seed = {
      scenario: "seed_product",
      params: { product_id: "mcp_seeded", fixture: { delivery_type: "non_guaranteed" } },
    };
    expect((await callTool(sandbox, "comply_test_controller", seed)).structured).toEqual({
      success: true,
      message: "Fixture seeded",
    });
    expect((await callTool(sandbox, "comply_test_controller", seed)).structured).toEqual({
      success: true,
      message: "Fixture re-seeded (equivalent)",
    });
  });

  it("answers an unknown scenario as a VALIDATION_ERROR on scenario", async () => {
    const answer = await callTool(sandbox, "comply_test_controller", { scenario: "force_nothing" });
    expect(answer.isError).toBe(true);
    expect(answer.structured).toMatchObject({ adcp_error: { code: "VALIDATION_ERROR", field: "scenario" } });
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
