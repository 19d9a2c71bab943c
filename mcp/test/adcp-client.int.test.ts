// AdCP's own client library (@adcp/client) runs its tester scenarios against the
// real /mcp route served over HTTP, as a buying agent would reach it: its zod
// schemas of AdCP must accept every answer, the protocols we declare must match
// the tools we list, and every bad input must come back as an AdCP error.
import { runAgentTests, type TestResult, type TestScenario } from "@adcp/client/testing";
import { runAgentTests as runSdkAgentTests } from "@adcp/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/mcp/route";
import { createTestAdvertiser } from "@/test/factories/advertisers";
import { startHotServer, type HotServer } from "@/test/hot-server";
import { seedCloseGameAuctions } from "./seed-auctions";

let server: HotServer;
let token: string;

beforeAll(async () => {
  server = await startHotServer({ "/mcp": { POST } });
  const adv = await createTestAdvertiser();
  await seedCloseGameAuctions();
  token = await adv.token();
});
afterAll(async () => {
  await server.close();
});

/** The failed steps of a scenario, with what the tester said, for a readable assertion. */
function failures(result: TestResult) {
  return (result.steps ?? [])
    .filter((step) => !step.passed)
    .map((step) => ({ step: step.step, error: step.error, details: step.details?.slice(0, 500) }));
}

describe("@adcp/client's tester against /mcp", () => {
  it.each<TestScenario>([
    "health_check",
    "discovery",
    "schema_compliance",
    "capability_discovery",
    "error_handling",
    "validation",
  ])(
    "%s passes",
    async (scenario) => {
      const result = await runAgentTests(`${server.url}/mcp`, scenario, {
        auth: { type: "bearer", token },
        brief: "Push notifications at close NBA games",
      });
      expect(failures(result)).toEqual([]);
      expect(result.overall_passed).toBe(true);
    },
    120_000,
  );
});

// @adcp/client 4.8's create_media_buy scenario sends no idempotency_key, which AdCP 3.1.19 requires (as the
// 3.0.6 storyboards do: a keyless create is refused). Its successor, @adcp/sdk, runs the same scenario with a key.
describe("create_media_buy in AdCP's testers", () => {
  it("@adcp/sdk's tester passes its create_media_buy scenario", async () => {
    const result = await runSdkAgentTests(`${server.url}/mcp`, "create_media_buy", {
      auth: { type: "bearer", token },
      brief: "Push notifications at close NBA games",
      allow_http: true,
    } as never);
    expect(failures(result as TestResult)).toEqual([]);
  }, 120_000);

  it("@adcp/client 4.8's keyless create is refused as AdCP 3.1 requires: VALIDATION_ERROR on idempotency_key", async () => {
    const result = await runAgentTests(`${server.url}/mcp`, "create_media_buy", {
      auth: { type: "bearer", token },
      brief: "Push notifications at close NBA games",
    });
    const failed = failures(result);
    expect(failed.map((step) => step.step)).toEqual(["Create media buy"]);
    expect(failed[0]!.error).toContain('"field":"idempotency_key"');
    expect(failed[0]!.error).toContain('"code":"VALIDATION_ERROR"');
  }, 120_000);
});
