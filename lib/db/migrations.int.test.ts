// both databases: migrations
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { databaseKind } from "@/lib/db/adapters";
import { loadMigrations, pendingSchemaChange, schemaPaths } from "@/lib/db/migrations";
import { env } from "@/lib/env";

// Runs once per database kind (npm test runs the integration suite on SQLite and on PostgreSQL).
describe(`migrations (${databaseKind(env().DATABASE_URL)})`, () => {
  const url = env().DATABASE_URL;
  const kind = databaseKind(url);

  it("the migration folder produces exactly prisma/schema.prisma (no drift)", async () => {
    const names = (of: typeof kind) => loadMigrations(of).migrationDirectories.map((migration) => migration.path);
    expect(names(kind)[0]).toMatch(/^\d{14}_init$/);
    // npm run db:new writes every migration for both databases, under one name
    expect(names("sqlite")).toEqual(names("postgresql"));
    expect(await pendingSchemaChange(url)).toBeNull();
  });

  it("detects a schema change that has no migration", async () => {
    const changed = `${readFileSync(schemaPaths[kind], "utf8")}\nmodel DriftProbe {\n  id String @id\n}\n`;
    const sql = await pendingSchemaChange(url, { schemaText: changed });
    expect(sql).toMatch(/CREATE TABLE "DriftProbe"/);
  });
});
