// both databases: migrations
// Migrations that carry existing rows over keep their meaning: on a database migrated
// up to the one before, with rows as they were written then, applying the migration
// leaves what those rows meant intact. Runs on the suite's database kind (SQLite, or
// PostgreSQL in a schema of its own on the suite's server).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { databaseKind } from "@/lib/db/adapters";
import { loadMigrations } from "@/lib/db/migrations";
import { env } from "@/lib/env";
import { randomBase62 } from "@/lib/ids";

const kind = databaseKind(env().DATABASE_URL);

/** Queries the test runs on the migrated database: rows of a SELECT, and a table's columns. */
type Check = { rows(sql: string): Promise<unknown[]>; columns(table: string): Promise<string[]> };

/**
 * Applies every migration before the one named `pattern`, then `seed`, then that migration,
 * and gives `check` the database.
 */
async function migrateAround(pattern: RegExp, seed: string, check: (db: Check) => Promise<void>): Promise<void> {
  const all = loadMigrations(kind).migrationDirectories.map((dir) => ({
    name: dir.path,
    sql: dir.migrationFile.content.value,
  }));
  const index = all.findIndex((migration) => pattern.test(migration.name));
  expect(index).toBeGreaterThan(0);
  const [before, migration] = [all.slice(0, index), all[index]!];
  if (kind === "sqlite") {
    const sqlite = new Database(join(mkdtempSync(join(tmpdir(), "sma-migration-")), "app.db"));
    try {
      for (const step of before) sqlite.exec(step.sql);
      sqlite.exec(seed);
      sqlite.exec(migration.sql);
      await check({
        rows: async (sql) => sqlite.prepare(sql).all(),
        columns: async (table) =>
          (sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name),
      });
    } finally {
      sqlite.close();
    }
    return;
  }
  const schema = `migration_${randomBase62(8).toLowerCase()}`;
  // the suite's own database, in a schema of its own
  const client = new pg.Client({ connectionString: env().DATABASE_URL });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.query(`SET search_path TO ${schema}`);
    for (const step of before) await client.query(step.sql);
    await client.query(seed);
    await client.query(migration.sql);
    await check({
      rows: async (sql) => (await client.query(sql)).rows,
      columns: async (table) =>
        (
          await client.query<{ column_name: string }>(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2",
            [schema, table],
          )
        ).rows.map((row) => row.column_name),
    });
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await client.end();
  }
}

describe(`data migrations (${kind})`, () => {
  it("memberships: every existing user becomes the admin of their advertiser (docs/decisions/1426)", async () => {
    const seed = `
      INSERT INTO advertisers (id, name, email, updated_at) VALUES ('adv_a', 'A', 'a@example.test', CURRENT_TIMESTAMP);
      INSERT INTO advertisers (id, name, email, updated_at) VALUES ('adv_b', 'B', 'b@example.test', CURRENT_TIMESTAMP);
      INSERT INTO users (id, advertiser_id, email, name, password_hash) VALUES ('usr_a', 'adv_a', 'a@example.test', 'A', 'x');
      INSERT INTO users (id, advertiser_id, email, name, password_hash) VALUES ('usr_b', 'adv_b', 'b@example.test', 'B', 'x');
    `;
    await migrateAround(/_memberships_invitations_password_resets$/, seed, async (db) => {
      expect(await db.rows("SELECT advertiser_id, user_id, role FROM memberships ORDER BY advertiser_id")).toEqual([
        { advertiser_id: "adv_a", user_id: "usr_a", role: "admin" },
        { advertiser_id: "adv_b", user_id: "usr_b", role: "admin" },
      ]);
      const columns = await db.columns("users");
      expect(columns).not.toContain("advertiser_id");
      expect(columns).toContain("time_zone");
    });
  });

  it("outbox event counts: a packed row written before the column counts its events, any other row one (decision 0410)", async () => {
    const packed = JSON.stringify([
      { id: "evt_1", data: { n: 1 } },
      { id: "evt_2", data: { n: 2 } },
      { id: "evt_3", data: { n: 3 } },
    ]);
    const seed = `
      INSERT INTO outbox_events (id, advertiser_id, type, data, created_at_ms)
        VALUES ('evt_1', 'adv_a', 'impression.served', '${packed}', 1);
      INSERT INTO outbox_events (id, advertiser_id, type, data, created_at_ms)
        VALUES ('evt_4', 'adv_a', 'click.recorded', '{"click_id":"clk_[1"}', 2);
    `;
    await migrateAround(/_outbox_event_count$/, seed, async (db) => {
      const rows = await db.rows("SELECT id, event_count FROM outbox_events ORDER BY id");
      expect(
        rows.map((row) => ({ ...(row as object), event_count: Number((row as { event_count: unknown }).event_count) })),
      ).toEqual([
        { id: "evt_1", event_count: 3 },
        { id: "evt_4", event_count: 1 },
      ]);
    });
  });
});
