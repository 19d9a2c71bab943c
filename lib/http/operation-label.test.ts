// A request's operation label: the REST surface's operation name for a method and path it
// serves, a fixed group otherwise; never anything of the path itself.
import { describe, expect, it } from "vitest";
import { FIXED_OPERATION_LABELS, operationLabel, operationLabels } from "./operation-label";
import { SERVED } from "./rest-surface";

describe("operationLabel", () => {
  it.each([
    ["POST", "/api/delivery/decisions", "decideMoment"],
    ["POST", "/api/delivery/moments", "fanOutMoment"],
    ["GET", "/c/clk_anything", "followClick"],
    ["GET", "/api/ads/campaigns", "listCampaigns"],
    ["POST", "/api/ads/campaigns", "createCampaign"],
    ["GET", "/api/ads/campaigns/cmp_123", "getCampaign"],
    ["HEAD", "/api/ads/campaigns/cmp_123", "getCampaign"],
    ["GET", "/api/ads/campaigns/cmp_123/", "getCampaign"],
    ["POST", "/api/graphql", "graphql"],
    ["GET", "/api/delivery/decisions", "api_unmatched"],
    ["POST", "/c/clk_x", "api_unmatched"],
    ["GET", "/api/delivery/anything", "api_unmatched"],
    ["GET", "/api/nope/cmp_1", "api_unmatched"],
    ["POST", "/mcp", "mcp"],
    ["GET", "/oauth/authorize", "oauth"],
    ["GET", "/.well-known/jwks.json", "discovery"],
    ["GET", "/adagents.json", "discovery"],
    ["GET", "/_next/static/chunk.js", "assets"],
    ["GET", "/campaigns/cmp_1", "page"],
    ["GET", "/", "page"],
  ])("%s %s is %s", (method, path, label) => {
    expect(operationLabel(method, path)).toBe(label);
  });

  it("has a bounded set of values: the surface's names and the fixed groups", () => {
    const labels = operationLabels();
    expect(labels.length).toBeLessThanOrEqual(SERVED.length + Object.keys(FIXED_OPERATION_LABELS).length);
    for (const path of ["/api/ads/campaigns/x%22y", "/c/%0a", "/evil", "/api/evil/evil"])
      expect(labels).toContain(operationLabel("GET", path));
  });
});
