// Each integration test file runs against its own fresh database: a copy of the
// migrated SQLite template, or a PostgreSQL database created from the template.
// before anything loads Next's request storage (route tests run handlers in its scope: test/http.ts)
import "next/dist/server/node-environment-baseline.js";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, inject } from "vitest";
import { startFileAfresh, stopCheckpointThreads } from "./fresh-module-state";

startFileAfresh();
const { disconnectDb } = await import("@/lib/db/client");
const { reloadEnv } = await import("@/lib/env");
const { freshPgDatabase } = await import("@/scripts/lib/local-postgres");
const { installConsoleErrorGuard } = await import("./console-guard");

Object.assign(process.env, { NODE_ENV: "test" });
process.env.LOG_LEVEL ??= "silent";
process.env.PUBLIC_BASE_URL = "http://sma.test";
process.env.DEMO = "0";
process.env.WORKERS = "0";
process.env.OUTBOUND_ALLOW_HOSTS = "";

const kind = inject("dbKind");
let cleanup: () => Promise<void>;

if (kind === "sqlite") {
  const dir = mkdtempSync(join(tmpdir(), "sma-testdb-"));
  const path = join(dir, "test.db");
  copyFileSync(inject("dbTemplate"), path);
  process.env.DATABASE_URL = `file:${path}`;
  // maxRetries: a straggling query of the file's last test (a timer's read after disconnectDb reopens
  // the client) can create test.db-wal or -shm while the folder is being removed (ENOTEMPTY)
  cleanup = async () => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
} else {
  const server = inject("dbTemplate");
  const name = `sma_t${process.ppid}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const { url, drop } = await freshPgDatabase(server, name, { template: inject("pgTemplateName") });
  process.env.DATABASE_URL = url;
  cleanup = drop;
}
// test accounts hash at scrypt's N = 2^10 (OWASP's 2^17 costs 0.4 s a hash); the tests of
// the cost and of the rehash set it back (lib/auth/passwords.int.test.ts)
process.env.PASSWORD_HASH_COST = "10";
reloadEnv();
installConsoleErrorGuard();

afterAll(async () => {
  await disconnectDb();
  stopCheckpointThreads();
  await cleanup();
});
