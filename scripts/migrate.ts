// Migrations without the Rust schema engine (docs/decisions/0002).
//   npm run db:new -- <name>   write a migration for SQLite and PostgreSQL
//   npm run db:migrate         apply pending migrations to DATABASE_URL
//   npm run db:check           exit 1 when the schema and either migration folder disagree
// PostgreSQL work uses PG_URL when set, otherwise a throwaway local server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixedClock } from "@/lib/clock";
import { createMigration, deployMigrations, pendingSchemaChange } from "@/lib/db/migrations";
import { env } from "@/lib/env";
import { ensureLocalPostgres, freshPgDatabase } from "./lib/local-postgres";
import { writePostgresSchema } from "./prisma-generate.mjs";

async function withScratchDatabases<T>(run: (urls: { sqlite: string; postgresql: string }) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "sma-migrate-"));
  const server = process.env.PG_URL ?? ensureLocalPostgres().url;
  const name = `sma_migrate_${process.pid}_${Date.now()}`;
  const postgresql = await freshPgDatabase(server, name);
  try {
    return await run({ sqlite: `file:${join(dir, "scratch.db")}`, postgresql: postgresql.url });
  } finally {
    await postgresql.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const [command, name] = process.argv.slice(2);
  writePostgresSchema();
  if (command === "create") {
    if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error("usage: npm run db:new -- <name> (lowercase, digits, _)");
    // both databases' migrations carry the same timestamp
    const clock = fixedClock(Date.now());
    await withScratchDatabases(async (urls) => {
      for (const [kind, url] of Object.entries(urls)) {
        const dir = await createMigration(url, name, { clock });
        console.log(dir ? `${kind}: wrote ${dir}` : `${kind}: no schema change`);
      }
    });
  } else if (command === "deploy") {
    const applied = await deployMigrations(env().DATABASE_URL);
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  } else if (command === "check") {
    const drift = await withScratchDatabases(async (urls) => {
      const found: string[] = [];
      for (const [kind, url] of Object.entries(urls)) {
        const sql = await pendingSchemaChange(url);
        if (sql !== null) found.push(`${kind}: prisma/schema.prisma differs from the migrations:\n${sql}`);
      }
      return found;
    });
    if (drift.length) {
      console.error(`${drift.join("\n")}\nRun: npm run db:new -- <name>`);
      process.exitCode = 1;
    } else {
      console.log("migrations match the schema (sqlite, postgresql)");
    }
  } else {
    throw new Error("usage: tsx scripts/migrate.ts create <name> | deploy | check");
  }
}

main()
  // A pg connection the schema engine used can linger until its idle timeout: a CLI just exits.
  .then(() => process.exit())
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
