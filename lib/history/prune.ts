// Retention of the change history (docs/decisions/1008): rows are kept at
// least CHANGE_RETENTION_DAYS (400: a year and a season of comparisons), then
// deleted by the history pruner (lib/workers/history-pruner.ts) in bounded
// chunks so no statement holds the database for long. Several instances
// pruning at once is harmless: each deletes what is still there.
import type { Db } from "@/lib/db/client";
import { CHANGE_RETENTION_MS } from "./changes";

const CHUNK = 1000;

/** Deletes the changes made before `nowMs - CHANGE_RETENTION_MS`; returns how many. */
export async function pruneChanges(client: Db, nowMs: number, chunk = CHUNK): Promise<number> {
  const before = BigInt(nowMs - CHANGE_RETENTION_MS);
  let deleted = 0;
  for (;;) {
    // by the at_ms index: the oldest first, a chunk at a time
    const rows = await client.change.findMany({
      where: { atMs: { lt: before } },
      select: { id: true },
      orderBy: { atMs: "asc" },
      take: chunk,
    });
    if (rows.length === 0) break;
    deleted += (await client.change.deleteMany({ where: { id: { in: rows.map((row) => row.id) } } })).count;
    if (rows.length < chunk) break;
  }
  return deleted;
}
