import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { postgresSchemaText as toPostgres } from "./prisma-generate.mjs";

describe("postgresSchemaText", () => {
  it("swaps provider and output and keeps `// postgresql-only:` lines for PostgreSQL alone", () => {
    const source = readFileSync("prisma/schema.prisma", "utf8");
    const postgres = toPostgres(source);
    expect(postgres).toContain('provider = "postgresql"');
    // the impressions' per-user index: read by PostgreSQL's cap re-check only (decision 1401)
    expect(postgres).toMatch(/^\s*@@index\(\[userId, servedAtMs\]\)$/m);
    expect(source).not.toMatch(/^\s*@@index\(\[userId, servedAtMs\]\)$/m);
    expect(postgres).not.toContain("postgresql-only:");
  });
});
