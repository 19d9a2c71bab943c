// The Prisma client for DATABASE_URL: SQLite (embedded default) or PostgreSQL.
// Both generated clients come from one schema; the SQLite one's types are the
// shared surface (docs/decisions/0004).
import type pg from "pg";
import { PrismaClient as PgPrismaClient } from "@/prisma/generated/pg/client";
import { PrismaClient } from "@/prisma/generated/sqlite/client";
import { env } from "@/lib/env";
import { createAdapterFactory, databaseKind, type DatabaseKind, type SqliteHandle } from "./adapters";

export type Db = PrismaClient;
export type { AutomatedRule, Campaign, Creative, Prisma, SavedReport } from "@/prisma/generated/sqlite/client";
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

type ClientInfo = { url: string; sqlite?: SqliteHandle; pg?: pg.Pool };

/**
 * What createDb knows of each client: its URL and, once connected, its own SQLite
 * connection or pg pool. On globalThis, like the process-wide client below: the
 * routes Next bundles have their own copy of this module, and must find what the
 * custom server's copy recorded for the client they share.
 */
const clientInfo: WeakMap<Db, ClientInfo> = ((
  globalThis as unknown as { __smaDbInfo?: WeakMap<Db, ClientInfo> }
).__smaDbInfo ??= new WeakMap<Db, ClientInfo>());

/** `onQuery` sees every SQL statement the client sends (tests count them). */
export function createDb(url: string, options: { onQuery?: (sql: string) => void } = {}): Db {
  const info: ClientInfo = { url };
  const client = createClient(url, options, {
    onSqliteConnect: (handle) => (info.sqlite = handle),
    onPgConnect: (pool) => (info.pg = pool),
  });
  clientInfo.set(client, info);
  return client;
}

/**
 * The better-sqlite3 connection under a SQLite client, once it has connected;
 * undefined on PostgreSQL. Synchronous statements on it (the delivery and webhook
 * stores) must run only while `inTransaction` is false: otherwise they would join
 * an interactive Prisma transaction that is awaiting something. They use this
 * connection, not one of their own or another client's on the same file: another
 * connection's commits would make Prisma's deferred read-then-write transactions
 * fail with SQLITE_BUSY_SNAPSHOT (docs/decisions/0402-delivery-writes.md).
 */
export function sqliteHandleOf(client: Db): SqliteHandle | undefined {
  const handle = clientInfo.get(client)?.sqlite;
  return handle?.open ? handle : undefined;
}

/**
 * The pg pool under a PostgreSQL client, once it has connected (until it
 * disconnects); undefined on SQLite. For raw statements that need one
 * connection for several round trips (the webhook attempt store) without a
 * pool of their own: the client's $disconnect ends it.
 */
export function pgPoolOf(client: Db): pg.Pool | undefined {
  const pool = clientInfo.get(client)?.pg;
  return pool && !pool.ending ? pool : undefined;
}

/** The database under a client made by createDb; undefined for any other client. */
export function dbKindOf(client: Db): DatabaseKind | undefined {
  const info = clientInfo.get(client);
  return info === undefined ? undefined : databaseKind(info.url);
}

function createClient(
  url: string,
  options: { onQuery?: (sql: string) => void },
  onConnect: { onSqliteConnect: (handle: SqliteHandle) => void; onPgConnect: (pool: pg.Pool) => void },
): Db {
  const adapter = createAdapterFactory(url, onConnect);
  const { onQuery } = options;
  if (!onQuery) {
    if (databaseKind(url) === "postgresql") return new PgPrismaClient({ adapter }) as unknown as Db;
    return new PrismaClient({ adapter });
  }
  const log = [{ emit: "event" as const, level: "query" as const }];
  if (databaseKind(url) === "postgresql") {
    const client = new PgPrismaClient({ adapter, log });
    client.$on("query", (event) => onQuery(event.query));
    return client as unknown as Db;
  }
  const client = new PrismaClient({ adapter, log });
  client.$on("query", (event) => onQuery(event.query));
  return client as unknown as Db;
}

type Holder = { url: string; client: Db };
const globalHolder = globalThis as unknown as { __smaDb?: Holder };

/**
 * The process-wide client. Kept on globalThis so that the custom server and the
 * routes Next bundles separately share one connection pool.
 */
export function db(): Db {
  const url = env().DATABASE_URL;
  const held = globalHolder.__smaDb;
  if (held && held.url === url) return held.client;
  const client = createDb(url);
  globalHolder.__smaDb = { url, client };
  return client;
}

export function dbKind(): DatabaseKind {
  return databaseKind(env().DATABASE_URL);
}

/**
 * Makes `client` the process-wide client (for the current DATABASE_URL) until the next
 * disconnect: a client with its own options, such as a query counter (the GraphQL bench
 * and its query-count test).
 */
export async function replaceDb(client: Db): Promise<void> {
  const previous = globalHolder.__smaDb;
  globalHolder.__smaDb = { url: env().DATABASE_URL, client };
  if (previous && previous.client !== client) await previous.client.$disconnect();
}

export async function disconnectDb(): Promise<void> {
  const held = globalHolder.__smaDb;
  globalHolder.__smaDb = undefined;
  await held?.client.$disconnect();
}
