// A throwaway PostgreSQL server on loopback for tests, migrations and benchmarks.
// Uses Debian's packages (/usr/lib/postgresql/<v>/bin); as root it runs the
// server as the `postgres` user, as PostgreSQL refuses to run as root.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

export const DEFAULT_PG_PORT = 54329;

function binDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(join(base, name, "bin", "pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error("PostgreSQL server binaries not found: run `apt-get install -y postgresql` (npm test does this)");
  }
  return join(base, versions[0], "bin");
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;

function run(command: string, args: string[], options: { allowFail?: boolean } = {}) {
  const [file, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0 && !options.allowFail) {
    throw new Error(`${command} ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}

export type LocalPostgres = { url: string; port: number; dataDir: string };

/** Starts (or reuses) a server whose data lives in /tmp/sma-pg-<port>; returns its URL. */
export function ensureLocalPostgres(port = Number(process.env.SMA_PG_PORT ?? DEFAULT_PG_PORT)): LocalPostgres {
  const bin = binDir();
  const dataDir = `/tmp/sma-pg-${port}`;
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const ready = () => spawnSync(join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port)]).status === 0;
  if (ready()) return { url, port, dataDir };
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    mkdirSync(dataDir, { recursive: true });
    if (isRoot) execFileSync("chown", ["postgres:postgres", dataDir]);
    chmodSync(dataDir, 0o700);
    run(join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-instructions"]);
  }
  const options = [
    `-p ${port}`,
    `-k ${dataDir}`,
    "-c listen_addresses=127.0.0.1",
    "-c max_connections=300",
    // a test server: durability is not what it is for
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  run(join(bin, "pg_ctl"), [
    "-D",
    dataDir,
    "-l",
    join(dataDir, "server.log"),
    "-o",
    options,
    "-w",
    "-t",
    "60",
    "start",
  ]);
  if (!ready()) throw new Error(`PostgreSQL did not become ready on port ${port}`);
  return { url, port, dataDir };
}

export function stopLocalPostgres(port = Number(process.env.SMA_PG_PORT ?? DEFAULT_PG_PORT)): void {
  const dataDir = `/tmp/sma-pg-${port}`;
  if (existsSync(join(dataDir, "postmaster.pid"))) {
    run(join(binDir(), "pg_ctl"), ["-D", dataDir, "-m", "fast", "-w", "stop"], { allowFail: true });
  }
}

/** URL of a database named `name` on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs the statements in turn on a connection of their own to the server at `serverUrl`. */
async function adminQueries(serverUrl: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

const dropStatement = (name: string) => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`;

/** Drops database `name` on the server, ending any session still on it (WITH (FORCE)). */
export async function dropPgDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQueries(serverUrl, dropStatement(name));
}

/**
 * A new empty database `name` on the PostgreSQL server at `serverUrl`: any database of
 * that name (a crashed run's) is dropped first (WITH (FORCE)); `template` copies that
 * database instead; `migrate` deploys the migrations (lib/db/migrations) to it. Returns
 * its URL and `drop` (WITH (FORCE)); a caller that keeps the database never calls it.
 */
export async function freshPgDatabase(
  serverUrl: string,
  name: string,
  options: { template?: string; migrate?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = options.template === undefined ? "" : ` TEMPLATE "${options.template}"`;
  await adminQueries(serverUrl, dropStatement(name), `CREATE DATABASE "${name}"${template}`);
  const url = databaseUrl(serverUrl, name);
  if (options.migrate) {
    // loaded only here: the e2e runner and this file's CLI need none of Prisma
    const { deployMigrations } = await import("../../lib/db/migrations");
    await deployMigrations(url);
  }
  return { url, drop: () => dropPgDatabase(serverUrl, name) };
}

if (process.argv[1]?.endsWith("local-postgres.ts")) {
  const command = process.argv[2];
  if (command === "start") {
    process.stdout.write(`${ensureLocalPostgres().url}\n`);
  } else if (command === "stop") {
    stopLocalPostgres();
  } else if (command === "status") {
    const port = Number(process.env.SMA_PG_PORT ?? DEFAULT_PG_PORT);
    const ready = spawnSync(join(binDir(), "pg_isready"), ["-q", "-h", "127.0.0.1", "-p", String(port)]).status === 0;
    process.exit(ready ? 0 : 1);
  } else {
    writeFileSync(2, "usage: tsx scripts/lib/local-postgres.ts start|stop|status\n");
    process.exit(2);
  }
}
