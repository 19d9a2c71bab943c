// SQL fragments for $queryRaw / $executeRaw from the query runtime that both
// generated clients (SQLite and PostgreSQL) share, so code that builds raw SQL
// depends on neither database's generated client.
export { empty, join, raw, Sql, sqltag as sql } from "@prisma/client/runtime/client";
