// AdCP's own client library (@adcp/client) runs its tester scenarios against the
// real /mcp route served over HTTP, as a buying agent would reach it: its zod
// schemas of AdCP must accept every answer, the protocols we declare must match
// the tools we list, and every bad input must come back as an AdCP error.
import { runAgentTests, type TestResult, type TestScenario } from "@adcp/client/testing";
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
    "create_media_buy",
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
