// comply_test_controller through the real /mcp route: the service's refusal of a real
// advertiser as AdCP's PERMISSION_DENIED, list_scenarios and seeding for a sandbox one, the
// request's context echoed (docs/decisions/1315).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { callTool, connectMcp } from "@/test/mcp-client";

let real: Client;
let sandbox: Client;

beforeAll(async () => {
  const realAdvertiser = await createTestAdvertiser("Real Book");
  const sandboxAdvertiser = await createTestAdvertiser("Sandbox Book");
  await db().advertiser.update({ where: { id: sandboxAdvertiser.advertiserId }, data: { sandbox: true } });
  real = await connectMcp(await realAdvertiser.token());
  sandbox = await connectMcp(await sandboxAdvertiser.token());
});
afterAll(async () => {
  await real.close();
  await sandbox.close();
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
