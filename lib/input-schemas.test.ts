// Every zod schema of the app (each `*.schemas.ts` module, the webhook event
// shapes, every MCP tool's input) takes ANY JSON value and answers with a result
// or a ZodError: no refinement may throw on input it did not expect (an array, a
// string, null, an object whose fields have the wrong types). A throw there is a
// 500 for a client's typo. Values are generated both blindly and shaped like the
// schema (its keys with arbitrary values, recursively) so refinements that read
// fields are reached.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createCampaignInputFor } from "@/lib/domain/campaigns/campaigns.schemas";
import { TOOLS } from "@/mcp/src/registry";
import { eventDataSchemas } from "./webhooks/events";

const modules = import.meta.glob<Record<string, unknown>>("./**/*.schemas.ts", { eager: true });

function schemasOf(module: Record<string, unknown>, file: string): [string, z.ZodType][] {
  return Object.entries(module)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => [`${file}: ${name}`, schema]);
}

const SCHEMAS: [string, z.ZodType][] = [
  ...Object.entries(modules).flatMap(([file, module]) => schemasOf(module, file)),
  ["createCampaignInputFor(today)", createCampaignInputFor(() => "2026-06-01")],
  ...Object.entries(eventDataSchemas).map(([type, schema]): [string, z.ZodType] => [`event ${type}`, schema]),
  ...TOOLS.map((tool): [string, z.ZodType] => [`mcp tool ${tool.name}`, z.object(tool.input)]),
];

/** Arbitrary JSON, and values shaped like `schema` (its object keys, array items, union members) with arbitrary leaves. */
function shaped(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const anything = fc.jsonValue({ maxDepth: 3 });
  if (depth > 4) return anything;
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = (key: string) => def[key] as z.ZodType;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, shaped(value, depth + 1)]));
      return fc.oneof(
        anything,
        fc.record(fields, { requiredKeys: [] }),
        fc.record(fields), // every key present
        fc
          .tuple(fc.record(fields), fc.dictionary(fc.string(), anything, { maxKeys: 2 }))
          .map(([a, b]) => ({ ...b, ...a })),
        fc.array(fc.record(fields), { maxLength: 2 }), // an array of the object
      );
    }
    case "array":
      return fc.oneof(anything, fc.array(shaped(inner("element"), depth + 1), { maxLength: 4 }));
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return fc.oneof(anything, shaped(inner("innerType"), depth + 1));
    case "pipe":
      return fc.oneof(anything, shaped(inner("in"), depth + 1));
    case "union":
      return fc.oneof(anything, ...(def.options as z.ZodType[]).map((option) => shaped(option, depth + 1)));
    case "enum":
      return fc.oneof(anything, fc.constantFrom(...Object.values(def.entries as Record<string, string>)));
    case "literal":
      return fc.oneof(anything, fc.constantFrom(...(def.values as unknown[])));
    case "string":
      return fc.oneof(anything, fc.string(), fc.constantFrom("", " ", "2026-06-02", "https://example.com/x", "custom"));
    case "number":
      return fc.oneof(anything, fc.double(), fc.integer(), fc.constantFrom(0, -1, 1e308, 5, 10.5, 0.0000001));
    default:
      return anything;
  }
}

describe("every schema: any JSON in, a result or a ZodError out", () => {
  it("has found the schemas", () => {
    expect(SCHEMAS.length).toBeGreaterThan(40);
    expect(SCHEMAS.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "./domain/campaigns/campaigns.schemas.ts: createCampaignInput",
        "./domain/campaigns/campaigns.schemas.ts: updateCampaignInput",
        "./delivery/delivery.schemas.ts: decisionInput",
        "./domain/conversions/conversions.schemas.ts: postbackInput",
      ]),
    );
  });

  it.each(SCHEMAS)("%s", (_name, schema) => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), shaped(schema)), (value) => {
        const result = schema.safeParse(value);
        if (!result.success) expect(result.error).toBeInstanceOf(z.ZodError);
      }),
      { numRuns: 300 },
    );
  });

  // the bodies of the issue that answered 500 before
  it.each([[[]], ["text"], [42], [null], [true], [[{ name: "x" }]]])("createCampaignInput refuses %j", (value) => {
    const result = createCampaignInputFor(() => "2026-06-01").safeParse(value);
    expect(result.success).toBe(false);
  });
});
