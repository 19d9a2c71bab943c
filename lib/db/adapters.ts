// Driver adapters for the two databases (docs/decisions/0004).
import { resolve } from "node:path";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type {
  IsolationLevel,
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  Transaction,
} from "@prisma/driver-adapter-utils";
import { randomUUID } from "node:crypto";
import pg, { type PoolConfig } from "pg";
import { parse as parsePgUrl } from "pg-connection-string";
import { ensurePrivateFile, makeFilesPrivate } from "@/lib/private-files";

export type DatabaseKind = "sqlite" | "postgresql";

export function databaseKind(url: string): DatabaseKind {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  throw new Error("DATABASE_URL must start with file: or postgresql://");
}

export function sqlitePath(url: string): string {
  return resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
}

/** pg ignores a `database` override when given a connection string, so hand it parsed options. */
export function pgPoolConfig(url: string): PoolConfig {
  const parsed = parsePgUrl(url);
  return {
    host: parsed.host ?? undefined,
    port: parsed.port ? Number(parsed.port) : undefined,
    user: parsed.user ?? undefined,
    password: parsed.password ?? undefined,
    database: parsed.database ?? undefined,
    ssl: parsed.ssl ? (parsed.ssl as PoolConfig["ssl"]) : undefined,
    max: 10,
  };
}

const SQLITE_PRAGMAS = "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;";

/** WAL persists in the file; switching needs a moment alone with it, so only switch when needed. */
async function ensureWal(adapter: SqlDriverAdapter): Promise<void> {
  const result = await adapter.queryRaw({ sql: "PRAGMA journal_mode", args: [], argTypes: [] });
  if (String(result.rows[0]?.[0]).toLowerCase() !== "wal") await adapter.executeScript("PRAGMA journal_mode = WAL");
}

/**
 * A SQLite connection is one better-sqlite3 handle. The stock adapter locks only
 * transactions, so a query from another request issued while an interactive
 * transaction awaits would run inside that transaction (and vanish with its
 * rollback). This wrapper makes every top-level statement wait for an open
 * transaction to finish (docs/decisions/0004).
 */
class SerializedSqliteAdapter implements SqlDriverAdapter {
  readonly provider: SqlDriverAdapter["provider"];
  readonly adapterName: string;
  #tail: Promise<void> = Promise.resolve();
  #inTransaction = false;

  constructor(private readonly inner: SqlDriverAdapter) {
    this.provider = inner.provider;
    this.adapterName = inner.adapterName;
  }

  #exclusive<T>(run: () => Promise<T>): Promise<T> {
    if (!this.#inTransaction) return run();
    const next = this.#tail.then(run);
    return next;
  }

  queryRaw(query: SqlQuery) {
    return this.#exclusive(() => this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery) {
    return this.#exclusive(() => this.inner.executeRaw(query));
  }

  executeScript(script: string) {
    return this.#exclusive(() => this.inner.executeScript(script));
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    let release!: () => void;
    const previous = this.#tail;
    this.#tail = new Promise<void>((resolveRelease) => (release = resolveRelease));
    await previous;
    this.#inTransaction = true;
    const done = () => {
      this.#inTransaction = false;
      release();
    };
    let tx: Transaction;
    try {
      tx = await this.#beginImmediate(() => this.inner.startTransaction(isolationLevel));
    } catch (error) {
      done();
      throw error;
    }
    const commit = tx.commit.bind(tx);
    const rollback = tx.rollback.bind(tx);
    tx.commit = async () => {
      try {
        await commit();
      } finally {
        done();
      }
    };
    tx.rollback = async () => {
      try {
        await rollback();
      } finally {
        done();
      }
    };
    return tx;
  }

  /**
   * The stock adapter opens transactions with a deferred BEGIN; a commit by another
   * connection (the CLI, a second process) between a transaction's read and its
   * write then fails it with SQLITE_BUSY_SNAPSHOT. BEGIN IMMEDIATE takes the write
   * lock up front, so other writers wait (busy timeout) instead.
   */
  async #beginImmediate<T>(start: () => Promise<T>): Promise<T> {
    const client = (this.inner as unknown as { client?: { prepare(sql: string): unknown } }).client;
    if (!client) return start();
    const prepare = client.prepare;
    client.prepare = (sql: string) => prepare.call(client, sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql);
    try {
      return await start();
    } finally {
      client.prepare = prepare;
    }
  }

  getConnectionInfo() {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: false };
  }

  dispose() {
    return this.inner.dispose();
  }
}

export function createAdapterFactory(
  url: string,
  options: {
    forMigrations?: boolean;
    /** SQLite: told the better-sqlite3 connection each time the client connects */
    onSqliteConnect?: (handle: SqliteHandle) => void;
    /** PostgreSQL: told the adapter's pg pool each time the client connects */
    onPgConnect?: (pool: pg.Pool) => void;
  } = {},
): SqlMigrationAwareDriverAdapterFactory {
  if (databaseKind(url) === "postgresql") {
    const config = pgPoolConfig(url);
    const stock = new PrismaPg(config);
    const { onPgConnect } = options;
    if (!options.forMigrations && onPgConnect)
      return {
        provider: stock.provider,
        adapterName: stock.adapterName,
        connect: async () => {
          const adapter = await stock.connect();
          onPgConnect(adapter.underlyingDriver());
          return adapter;
        },
        connectToShadowDb: () => stock.connectToShadowDb(),
      };
    if (!options.forMigrations) return stock;
    return {
      provider: stock.provider,
      adapterName: stock.adapterName,
      connect: () => stock.connect(),
      connectToShadowDb: () => connectPgShadow(config),
    };
  }
  const path = sqlitePath(url);
  secureSqliteFiles(path);
  const stock = new PrismaBetterSqlite3({ url: path, timeout: SQLITE_BUSY_TIMEOUT_MS });
  const prepare = async (adapter: SqlDriverAdapter) => {
    await ensureWal(adapter);
    await adapter.executeScript(SQLITE_PRAGMAS);
    if (options.forMigrations) return adapter;
    const handle = (adapter as unknown as { client?: SqliteHandle }).client;
    if (handle) options.onSqliteConnect?.(handle);
    return new SerializedSqliteAdapter(adapter);
  };
  return {
    provider: stock.provider,
    adapterName: stock.adapterName,
    connect: async () => prepare(await stock.connect()),
    connectToShadowDb: () => stock.connectToShadowDb(),
  };
}

/**
 * The SQLite file, its -wal and -shm, readable by the service's user only: the
 * file is created 0600 before SQLite opens it (SQLite would create it 0644 less
 * the umask) and made 0600 again at every start (a database from before); SQLite
 * gives the -wal and -shm it creates the database file's mode. The directory, when
 * this creates it, is 0700 (docs/decisions/0915).
 */
export function secureSqliteFiles(path: string): void {
  ensurePrivateFile(path);
  makeFilesPrivate(`${path}-wal`, `${path}-shm`);
}

export type SqliteHandle = import("better-sqlite3").Database;

/** How long a SQLite statement waits for another connection's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * Runs `run` (synchronous statements) without waiting for another connection's
 * write lock: they fail at once with SQLITE_BUSY instead of stalling the event
 * loop for the busy timeout. Through `pragma()` each time: SQLite applies
 * `PRAGMA busy_timeout` when the statement is prepared, so a prepared one kept
 * for reuse does nothing when run again (measured).
 */
export function withoutBusyWait<T>(handle: SqliteHandle, run: () => T): T {
  handle.pragma("busy_timeout = 0");
  try {
    return run();
  } finally {
    handle.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  }
}

/** better-sqlite3's error for a database another connection holds locked. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"));
}

/** A DateTime column value as the Prisma SQLite adapter writes it (ISO 8601, explicit offset). */
export function sqliteDateTime(ms: number): string {
  return new Date(ms).toISOString().replace("Z", "+00:00");
}

async function adminQuery(config: PoolConfig, sql: string): Promise<void> {
  const client = new pg.Client({ ...config, database: config.database ?? "postgres" });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway shadow database for the schema engine. The stock PrismaPg shadow
 * drops the database while its own pool still holds a connection (and with a
 * connection string it even targets the main database), so make our own.
 */
async function connectPgShadow(config: PoolConfig): Promise<SqlDriverAdapter> {
  const name = `sma_shadow_${randomUUID().replace(/-/g, "")}`;
  await adminQuery(config, `CREATE DATABASE "${name}"`);
  const adapter = await new PrismaPg({ ...config, database: name, max: 2 }).connect();
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    await dispose();
    await adminQuery(config, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  return adapter;
}
