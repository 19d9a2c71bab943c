// The MCP package is published alone, so mcp/src repeats what the REST API's
// OpenAPI document does not state in a form its generated client can read
// (mcp/src/api-contract.ts: numbers said in prose). Each copy must equal the
// service's own source. The enumerations and schema limits come from the
// generated client (mcp/src/api-values.ts): checked here too, so a generated
// value that drifted from the service (a stale generation) fails as well.
import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_STATUSES,
  MIN_TOTAL_BUDGET_USD,
  PACINGS,
  updateCampaignInput,
} from "@/lib/domain/campaigns/campaigns.schemas";
import { BODY_MAX, CREATIVE_STATUSES, CTA_MAX, HEADLINE_MAX, URL_MAX } from "@/lib/domain/creatives/creatives.schemas";
import { ESTIMATE_STATUSES, MARKET_RULE_TEXT } from "@/lib/domain/market/market.schemas";
import { MOMENT_TYPES } from "@/lib/domain/moment-types/catalog";
import { CONTROLLER_SCENARIOS } from "@/lib/domain/adcp-sandbox/sandbox-products.schemas";
import { MAX_ACTIVE_POSTBACK_KEYS } from "@/lib/domain/postback-keys/postback-keys.schemas";
import { BREAKDOWNS, GRANULARITIES, MAX_REPORT_DAYS } from "@/lib/domain/reporting/reporting.schemas";
import { SPORTS } from "@/lib/domain/sports";
import { WEBHOOK_DELIVERY_STATUSES } from "@/lib/webhooks/webhooks.schemas";
import { RATE_LIMIT_POLICIES } from "@/lib/rate-limit/policies";
import { EVENT_TYPES } from "@/lib/webhooks/events";
import * as Package from "@/mcp/src/api-contract";
import * as Values from "@/mcp/src/api-values";
import { TOOLS } from "@/mcp/src/registry";

/** Order carries no meaning in these lists (the package may list them in the order a model reads best). */
const sorted = (values: readonly (string | number)[]) => [...values].sort();

describe("the MCP package's copy of the REST API's contract", () => {
  it.each([
    ["SPORTS", Values.SPORTS, SPORTS],
    ["MOMENT_TYPES", Values.MOMENT_TYPES, MOMENT_TYPES.map((type) => type.key)],
    ["CAMPAIGN_STATUSES", Values.CAMPAIGN_STATUSES, CAMPAIGN_STATUSES],
    ["CAMPAIGN_UPDATE_STATUSES", Values.CAMPAIGN_UPDATE_STATUSES, updateCampaignInput.shape.status.unwrap().options],
    ["CREATIVE_STATUSES", Values.CREATIVE_STATUSES, CREATIVE_STATUSES],
    ["PACINGS", Values.PACINGS, PACINGS],
    ["BREAKDOWNS", Values.BREAKDOWNS, BREAKDOWNS],
    ["GRANULARITIES", Values.GRANULARITIES, GRANULARITIES],
    ["WEBHOOK_EVENT_TYPES", Values.WEBHOOK_EVENT_TYPES, EVENT_TYPES],
    ["WEBHOOK_DELIVERY_STATUSES", Values.WEBHOOK_DELIVERY_STATUSES, WEBHOOK_DELIVERY_STATUSES],
    ["ESTIMATE_STATUSES", Values.ESTIMATE_STATUSES, ESTIMATE_STATUSES],
  ])("%s (generated) equals the service's list", (_name, copy, source) => {
    expect(new Set(copy).size).toBe(copy.length);
    expect(sorted(copy)).toEqual(sorted(source));
  });

  it("has the service's creative limits and smallest total budget (generated)", () => {
    expect({
      HEADLINE_MAX: Values.HEADLINE_MAX,
      BODY_MAX: Values.BODY_MAX,
      CTA_MAX: Values.CTA_MAX,
      URL_MAX: Values.URL_MAX,
      MIN_TOTAL_BUDGET_USD: Values.MIN_TOTAL_BUDGET_USD,
    }).toEqual({ HEADLINE_MAX, BODY_MAX, CTA_MAX, URL_MAX, MIN_TOTAL_BUDGET_USD });
  });

  it("has the service's longest report range", () => {
    expect(Package.MAX_REPORT_DAYS).toBe(MAX_REPORT_DAYS);
  });

  it("has the compliance test controller's force_ and simulate_ scenarios", () => {
    expect(Package.CONTROLLER_SCENARIOS).toEqual(CONTROLLER_SCENARIOS);
  });

  it("has the service's report limit, and every tool that states it states that number", () => {
    const { points, durationSec } = RATE_LIMIT_POLICIES.report;
    expect(durationSec).toBe(60);
    expect(Values.REPORTS_PER_MINUTE).toBe(points);
    const stating = TOOLS.filter((tool) => /\d+ (?:reports (?:and time series )?)?a minute/.test(tool.description));
    expect(stating.map((tool) => tool.name).sort()).toEqual([
      "get_campaign_report",
      "get_campaign_timeseries",
      "get_media_buy_delivery",
    ]);
    for (const tool of stating) {
      const stated = [...tool.description.matchAll(/(\d+) (?:reports (?:and time series )?)?a minute/g)];
      expect(
        stated.map((match) => Number(match[1])),
        tool.name,
      ).toEqual([points]);
    }
  });

  it("has the service's cap on active postback keys, as create_postback_key states it", () => {
    expect(Package.MAX_ACTIVE_POSTBACK_KEYS).toBe(MAX_ACTIVE_POSTBACK_KEYS);
    const tool = TOOLS.find((candidate) => candidate.name === "create_postback_key")!;
    expect(tool.description).toContain(`At most ${MAX_ACTIVE_POSTBACK_KEYS} active keys`);
  });

  it("has the service's preview limit, stated by every tool that previews", () => {
    const { points, durationSec } = RATE_LIMIT_POLICIES.preview;
    expect(durationSec).toBe(60);
    expect(Package.PREVIEWS_PER_MINUTE).toBe(points);
    const stating = TOOLS.filter((tool) => /previews a minute/.test(tool.description));
    expect(stating.map((tool) => tool.name).sort()).toEqual([
      "create_campaign",
      "create_media_buy",
      "resume_campaign",
      "update_campaign",
      "update_media_buy",
    ]);
    for (const tool of stating) {
      const stated = [...tool.description.matchAll(/(\d+) previews a minute/g)];
      expect(
        stated.map((match) => Number(match[1])),
        tool.name,
      ).toEqual([points]);
      // and a model is told what a withheld estimate means
      expect(tool.description, tool.name).toContain("insufficient_volume");
    }
  });

  it("states the market sample rule as the service does", () => {
    expect(Package.MARKET_RULE).toBe(MARKET_RULE_TEXT);
  });

  it("counts the moment types as the catalog does", () => {
    const tool = TOOLS.find((candidate) => candidate.name === "list_moment_types")!;
    expect(tool.description).toContain(`The ${MOMENT_TYPES.length} moment types`);
  });
});
