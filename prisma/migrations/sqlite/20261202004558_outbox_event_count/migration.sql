-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_outbox_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "advertiser_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "event_count" INTEGER NOT NULL DEFAULT 1,
    "created_at_ms" BIGINT NOT NULL,
    "fanned_out_ms" BIGINT,
    "locked_by" TEXT,
    "locked_until_ms" BIGINT
);
INSERT INTO "new_outbox_events" ("advertiser_id", "created_at_ms", "data", "fanned_out_ms", "id", "locked_by", "locked_until_ms", "type") SELECT "advertiser_id", "created_at_ms", "data", "fanned_out_ms", "id", "locked_by", "locked_until_ms", "type" FROM "outbox_events";
DROP TABLE "outbox_events";
ALTER TABLE "new_outbox_events" RENAME TO "outbox_events";
-- rows written before the column: a packed row's data is the JSON array of its events
UPDATE "outbox_events" SET "event_count" = json_array_length("data") WHERE "data" LIKE '[%';
CREATE INDEX "outbox_events_fanned_out_ms_created_at_ms_idx" ON "outbox_events"("fanned_out_ms", "created_at_ms");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
