import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { availableTools, TOOLS } from "./registry.ts";
import { VERSION } from "./version.ts";

describe("the tool registry", () => {
  it("names each tool once and describes it for a model", () => {
    expect(new Set(TOOLS.map((tool) => tool.name)).size).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      expect(tool.name).toMatch(/^[a-z][a-z_]+$/);
      expect(tool.description.length, tool.name).toBeGreaterThan(80);
      expect(tool.annotations.readOnlyHint, tool.name).toBe(!tool.write);
      if (tool.write) {
        expect(tool.scopes, tool.name).toContain("campaigns:write");
        expect(Object.keys(tool.input), tool.name).toContain("idempotency_key");
      }
    }
  });

  it("lets scopes and read-only mode decide what is listed", () => {
    const all = availableTools(["campaigns:read", "campaigns:write", "reporting:read"]);
    expect(all).toHaveLength(TOOLS.length);
    const reader = availableTools(["campaigns:read", "reporting:read"]).map((tool) => tool.name);
    expect(reader).toContain("get_media_buy_delivery");
    expect(reader).not.toContain("create_media_buy");
    const readOnly = availableTools(["campaigns:read", "campaigns:write", "reporting:read"], true);
    expect(readOnly.some((tool) => tool.write)).toBe(false);
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
