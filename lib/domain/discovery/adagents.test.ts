// The discovery manifest is a valid AdCP adagents.json (the vendored 3.1.19
// schema) and names the MCP endpoint as the authorized sales agent.
import { describe, expect, it } from "vitest";
import { adcpErrors } from "@/mcp/test/adcp-schemas";
import { ADAGENTS_SCHEMA, buildAdagentsDocument } from "./adagents";

describe("adagents.json", () => {
  it.each(["https://ads.example.com", "http://localhost:3000", "http://127.0.0.1:3210"])(
    "validates against AdCP's adagents schema for %s",
    (base) => {
      const document = buildAdagentsDocument(base);
      expect(adcpErrors("adagents.json", document)).toEqual([]);
      expect(document.$schema).toBe(ADAGENTS_SCHEMA);
      expect(document.authorized_agents.map((agent) => agent.url)).toEqual([`${base}/mcp`]);
      expect(document.contact.name).toBe("Sports Moment Ads");
    },
  );

  it("would be refused by the schema without the fields it needs", () => {
    const { authorized_agents: _agents, ...rest } = buildAdagentsDocument("https://ads.example.com");
    expect(adcpErrors("adagents.json", { ...rest, authorized_agents: [{ url: "https://x.example/mcp" }] })).not.toEqual(
      [],
    );
  });
});
