import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "./generated/operations.ts";
import { annotationsOf, availableTools, requirementsOf, TOOLS } from "./registry.ts";
import { VERSION } from "./version.ts";

const ALL = ["campaigns:read", "campaigns:write", "reporting:read"];

describe("the tool registry", () => {
  it("names each tool once, describes it for a model, and names REST operations the API declares", () => {
    expect(new Set(TOOLS.map((tool) => tool.name)).size).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      expect(tool.name).toMatch(/^[a-z][a-z_]+$/);
      expect(tool.description.length, tool.name).toBeGreaterThan(80);
      for (const operation of tool.operations) expect(OPERATIONS, tool.name).toHaveProperty(operation);
      const { write, scopes } = requirementsOf(tool);
      expect(annotationsOf(tool).readOnlyHint, tool.name).toBe(!write);
      if (write) {
        expect(scopes, tool.name).toContain("campaigns:write");
        expect(Object.keys(tool.input), tool.name).toContain("idempotency_key");
      }
    }
  });

  it("takes a tool's scopes, write flag and idempotency from its operations", () => {
    const byName = new Map(TOOLS.map((tool) => [tool.name, tool]));
    expect(requirementsOf(byName.get("create_media_buy")!)).toEqual({
      scopes: ["campaigns:read", "campaigns:write"],
      write: true,
      idempotent: true,
    });
    expect(requirementsOf(byName.get("get_media_buy_delivery")!)).toEqual({
      scopes: ["campaigns:read", "reporting:read"],
      write: false,
      idempotent: true,
    });
    expect(requirementsOf(byName.get("list_moment_types")!).scopes).toEqual([]);
    // an operation the document gives another scope moves the tool with it
    const moved = {
      ...OPERATIONS,
      getCampaign: { ...OPERATIONS.getCampaign, scopes: ["reporting:read"] },
    };
    expect(requirementsOf(byName.get("get_campaign")!, moved).scopes).toEqual(["reporting:read"]);
    expect(availableTools(["campaigns:read"], false, moved).map((tool) => tool.name)).not.toContain("get_campaign");
    expect(availableTools(["reporting:read"], false, moved).map((tool) => tool.name)).toContain("get_campaign");
    // a read the document turns into a write is hidden in read-only mode and loses readOnlyHint
    const written = { ...OPERATIONS, listWebhookEndpoints: { ...OPERATIONS.listWebhookEndpoints, write: true } };
    expect(annotationsOf(byName.get("list_webhooks")!, written).readOnlyHint).toBe(false);
    expect(availableTools(ALL, true, written).map((tool) => tool.name)).not.toContain("list_webhooks");
  });

  it("refuses a tool whose operation the document does not declare", () => {
    const { getCampaign: _gone, ...rest } = OPERATIONS;
    const tool = TOOLS.find((candidate) => candidate.name === "get_campaign")!;
    expect(() => requirementsOf(tool, rest)).toThrow(/getCampaign/);
  });

  it("lets scopes and read-only mode decide what is listed", () => {
    const all = availableTools(ALL);
    expect(all).toHaveLength(TOOLS.length);
    const reader = availableTools(["campaigns:read", "reporting:read"]).map((tool) => tool.name);
    expect(reader).toContain("get_media_buy_delivery");
    expect(reader).not.toContain("create_media_buy");
    const readOnly = availableTools(ALL, true);
    expect(readOnly.some((tool) => requirementsOf(tool).write)).toBe(false);
    // postback keys: the list stays, creating and revoking go
    expect(readOnly.map((tool) => tool.name)).toContain("list_postback_keys");
    expect(readOnly.map((tool) => tool.name)).not.toContain("create_postback_key");
    expect(readOnly.map((tool) => tool.name)).not.toContain("revoke_postback_key");
    expect(availableTools([]).map((tool) => tool.name)).toEqual([
      "list_moment_types",
      "get_clearing_prices",
      "get_adcp_capabilities",
      "get_products",
      "list_creative_formats",
    ]);
  });

  it("reports the package's version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});
