// The memberships migration keeps every existing user's access (docs/decisions/1426):
// on a database migrated up to the one before it, with advertisers and their users,
// applying it makes each user the admin of their advertiser and drops
// users.advertiser_id. Runs on the suite's database kind (SQLite, or PostgreSQL in a
// schema of its own on the suite's server).
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

const MIGRATION = /_memberships_invitations_password_resets$/;
const kind = databaseKind(env().DATABASE_URL);

function migrations() {
  const all = loadMigrations(kind).migrationDirectories.map((dir) => ({
    name: dir.path,
    sql: dir.migrationFile.content.value,
  }));
  const index = all.findIndex((migration) => MIGRATION.test(migration.name));
  expect(index).toBeGreaterThan(0);
  return { before: all.slice(0, index), it: all[index]! };
}

const SEED = `
  INSERT INTO advertisers (id, name, email, updated_at) VALUES ('adv_a', 'A', 'a@example.test', CURRENT_TIMESTAMP);
  INSERT INTO advertisers (id, name, email, updated_at) VALUES ('adv_b', 'B', 'b@example.test', CURRENT_TIMESTAMP);
  INSERT INTO users (id, advertiser_id, email, name, password_hash) VALUES ('usr_a', 'adv_a', 'a@example.test', 'A', 'x');
  INSERT INTO users (id, advertiser_id, email, name, password_hash) VALUES ('usr_b', 'adv_b', 'b@example.test', 'B', 'x');
`;
const EXPECTED = [
  { advertiser_id: "adv_a", user_id: "usr_a", role: "admin" },
  { advertiser_id: "adv_b", user_id: "usr_b", role: "admin" },
];
const MEMBERSHIPS = "SELECT advertiser_id, user_id, role FROM memberships ORDER BY advertiser_id";

describe(`the memberships migration (${kind})`, () => {
  it("makes every existing user the admin of their advertiser", async () => {
    const { before, it: migration } = migrations();
    if (kind === "sqlite") {
      const file = join(mkdtempSync(join(tmpdir(), "sma-migration-")), "app.db");
      const sqlite = new Database(file);
      try {
        for (const step of before) sqlite.exec(step.sql);
        sqlite.exec(SEED);
        sqlite.exec(migration.sql);
        expect(sqlite.prepare(MEMBERSHIPS).all()).toEqual(EXPECTED);
        const columns = sqlite.prepare("PRAGMA table_info(users)").all() as { name: string }[];
        expect(columns.map((column) => column.name)).not.toContain("advertiser_id");
        expect(columns.map((column) => column.name)).toContain("time_zone");
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
      await client.query(SEED);
      await client.query(migration.sql);
      expect((await client.query(MEMBERSHIPS)).rows).toEqual(EXPECTED);
      const columns = await client.query(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'users'",
        [schema],
      );
      expect(columns.rows.map((row: { column_name: string }) => row.column_name)).not.toContain("advertiser_id");
    } finally {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
      await client.end();
    }
  });
});
