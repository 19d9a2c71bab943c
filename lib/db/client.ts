// The Prisma client for DATABASE_URL: SQLite (embedded default) or PostgreSQL.
// Both generated clients come from one schema; the SQLite one's types are the
// shared surface (docs/decisions/0004).
import { PrismaClient as PgPrismaClient } from "@/prisma/generated/pg/client";
import { PrismaClient } from "@/prisma/generated/sqlite/client";
import { env } from "@/lib/env";
import { createAdapterFactory, databaseKind, type DatabaseKind } from "./adapters";

export type Db = PrismaClient;
export type { Campaign, Creative, Prisma } from "@/prisma/generated/sqlite/client";
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

export function createDb(url: string): Db {
  const adapter = createAdapterFactory(url);
  if (databaseKind(url) === "postgresql") return new PgPrismaClient({ adapter }) as unknown as Db;
  return new PrismaClient({ adapter });
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

export async function disconnectDb(): Promise<void> {
  const held = globalHolder.__smaDb;
  globalHolder.__smaDb = undefined;
  await held?.client.$disconnect();
}
