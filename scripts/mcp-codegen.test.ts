// The committed mcp/src/generated files are exactly what `npm run codegen`
// writes from the current OpenAPI document: a change to a route's schema, scope
// or idempotency without a codegen run fails here (and so in CI).
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { operationMetadata } from "@/mcp/src/operation-metadata";
import { createSmaMcpServer, type OperationTable } from "@/mcp/src/registry";
import { createRestClient } from "@/mcp/src/rest-client";
import { generateMcpClient } from "./mcp-codegen";

describe("mcp/src/generated", () => {
  it("is up to date with the OpenAPI document (run `npm run codegen`)", async () => {
    const outputs = await generateMcpClient();
    expect(outputs.map((output) => output.filename.split("/").pop())).toEqual(["api.ts", "operations.ts"]);
    for (const output of outputs) {
      const committed = readFileSync(output.filename, "utf8");
      expect(committed, `${output.filename} is stale: run npm run codegen`).toBe(output.content);
    }
  }, 60_000);
});

describe("the tools' scopes and writes come from the document", () => {
  const ALL = ["campaigns:read", "campaigns:write", "reporting:read"];

  /** The real document with one operation's entry changed. */
  function alteredDocument(path: string, method: string, change: Record<string, unknown>) {
    const document = structuredClone(buildOpenApiDocument("http://sma.test")) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    Object.assign(document.paths[path]![method]!, change);
    return document;
  }

  async function listed(scopes: string[], operations: OperationTable, readOnly = false) {
    const api = createRestClient({ baseUrl: "http://sma.test", authorization: async () => "Bearer x" });
    const server = createSmaMcpServer({ api, scopes, operations, readOnly });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "metadata-test", version: "1.0.0" });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    await client.close();
    return new Map(tools.map((tool) => [tool.name, tool]));
  }

  it("derives method, path, scopes, write and idempotency per operationId, leaving out platform-key operations", () => {
    const metadata = operationMetadata(buildOpenApiDocument("http://sma.test") as never);
    expect(metadata.getCampaign).toEqual({
      method: "get",
      path: "/api/ads/campaigns/{id}",
      access: "scoped",
      scopes: ["campaigns:read"],
      write: false,
      idempotent: false,
    });
    expect(metadata.createCampaign).toMatchObject({ method: "post", write: true, idempotent: true });
    expect(metadata.listMomentTypes).toMatchObject({ access: "public", scopes: [] });
    expect(metadata.getClearingPrices).toMatchObject({ access: "authenticated", scopes: [] });
    expect(metadata.getCampaignReport?.rateLimit).toMatchObject({ windowSeconds: 60, per: "advertiser" });
    expect(metadata).not.toHaveProperty("decideMoment");
  });

  it("moves a tool with its operation's scope: a document that gives getCampaign another scope lists get_campaign to that scope", async () => {
    const moved = operationMetadata(
      alteredDocument("/api/ads/campaigns/{id}", "get", { security: [{ oauth2: ["reporting:read"] }] }) as never,
    );
    expect((await listed(["campaigns:read"], moved)).has("get_campaign")).toBe(false);
    expect((await listed(["reporting:read"], moved)).has("get_campaign")).toBe(true);
    // and the real document lists it to campaigns:read
    expect(
      (await listed(["campaigns:read"], operationMetadata(buildOpenApiDocument("http://sma.test") as never))).has(
        "get_campaign",
      ),
    ).toBe(true);
  });

  it("takes idempotency from the document: a write without Idempotency-Key or x-idempotent loses idempotentHint", async () => {
    const real = await listed(ALL, operationMetadata(buildOpenApiDocument("http://sma.test") as never));
    expect(real.get("register_webhook")?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    const document = alteredDocument("/api/ads/webhooks", "post", { parameters: [], "x-idempotent": false });
    const keyless = await listed(ALL, operationMetadata(document as never));
    expect(keyless.get("register_webhook")?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
  });
});
