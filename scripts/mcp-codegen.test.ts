// The committed mcp/src/generated files are exactly what `npm run codegen`
// writes from the current OpenAPI document: a change to a route's schema, scope
// or idempotency without a codegen run fails here (and so in CI).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
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
