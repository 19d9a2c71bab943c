// SQLite only: Prisma transactions take the write lock at BEGIN (IMMEDIATE), so a
// second connection's commit can never invalidate a transaction's earlier reads.
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqlitePath } from "@/lib/db/adapters";
import { db, dbKind } from "@/lib/db/client";
import { env } from "@/lib/env";
import { createTestAdvertiser } from "@/test/factories/advertisers";

describe.runIf(dbKind() === "sqlite")("SQLite transactions", () => {
  it("hold the write lock from BEGIN: another connection waits instead of breaking a read-then-write", async () => {
    const adv = await createTestAdvertiser();
    const other = new Database(sqlitePath(env().DATABASE_URL), { timeout: 0 });
    try {
      await db().$transaction(async (tx) => {
        const row = await tx.advertiser.findUniqueOrThrow({ where: { id: adv.advertiserId } });
        // the other connection cannot write in between (it would wait; with timeout 0 it is refused)
        expect(() => other.prepare("UPDATE advertisers SET name = 'other' WHERE id = ?").run(adv.advertiserId)).toThrow(
          /locked|busy/i,
        );
        await tx.advertiser.update({ where: { id: row.id }, data: { name: `${row.name} (renamed)` } });
      });
      expect((await db().advertiser.findUniqueOrThrow({ where: { id: adv.advertiserId } })).name).toBe(
        "Test Advertiser (renamed)",
      );
      // and once the transaction has committed, the other connection writes normally
      other.prepare("UPDATE advertisers SET name = 'other' WHERE id = ?").run(adv.advertiserId);
      expect((await db().advertiser.findUniqueOrThrow({ where: { id: adv.advertiserId } })).name).toBe("other");
    } finally {
      other.close();
    }
  });
});
