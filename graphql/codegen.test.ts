// The committed graphql/__generated__ files are exactly what `npm run codegen`
// writes from the current schema and operations: a schema change without a
// codegen run fails here (and so in CI).
import { readFileSync } from "node:fs";
import { generate } from "@graphql-codegen/cli";
import { describe, expect, it } from "vitest";
import config from "./codegen";

describe("graphql/__generated__", () => {
  it("is up to date with graphql/schema.graphql and the operations (run `npm run codegen`)", async () => {
    const outputs = await generate({ ...config, silent: true, verbose: false, errorsOnly: true }, false);
    expect(outputs.length).toBeGreaterThanOrEqual(4);
    for (const output of outputs) {
      const committed = readFileSync(output.filename, "utf8");
      expect(committed, `${output.filename} is stale: run npm run codegen`).toBe(output.content);
    }
  }, 60_000);
});
