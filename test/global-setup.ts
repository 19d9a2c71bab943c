// Builds one migrated template database per run; every integration test file
// then gets its own copy (test/setup-db.ts). TEST_DATABASE=postgresql runs the
// same suite on PostgreSQL (TEST_PG_URL, or a local throwaway server).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { deployMigrations } from "../lib/db/migrations";
import { ensureLocalPostgres, freshPgDatabase } from "../scripts/lib/local-postgres";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    dbKind: "sqlite" | "postgresql";
    /** sqlite: path of the migrated template file; postgresql: server URL */
    dbTemplate: string;
    /** postgresql: name of the template database */
    pgTemplateName: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = process.env.TEST_DATABASE === "postgresql" ? "postgresql" : "sqlite";
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "sma-test-"));
    const path = join(dir, "template.db");
    await deployMigrations(`file:${path}`);
    project.provide("dbKind", kind);
    project.provide("dbTemplate", path);
    project.provide("pgTemplateName", "");
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const server = process.env.TEST_PG_URL ?? ensureLocalPostgres().url;
  const name = `sma_template_${process.pid}`;
  await freshPgDatabase(server, name, { migrate: true });
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  project.provide("dbKind", kind);
  project.provide("dbTemplate", server);
  project.provide("pgTemplateName", name);
  return async () => {
    // drop the template and any per-file database a crashed worker left behind
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2",
      [`sma_t${process.pid}_%`, name],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.end();
  };
}
