-- CreateTable
CREATE TABLE "webhook_batch_items" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "event_created_at_ms" BIGINT NOT NULL,
    "queued_at_ms" BIGINT NOT NULL,
    CONSTRAINT "webhook_batch_items_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_webhook_deliveries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_ms" BIGINT,
    "locked_by" TEXT,
    "locked_until_ms" BIGINT,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at_ms" BIGINT NOT NULL,
    "delivered_at_ms" BIGINT,
    "item_count" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_webhook_deliveries" ("attempts", "created_at_ms", "delivered_at_ms", "endpoint_id", "event_id", "event_type", "id", "last_error", "last_status_code", "locked_by", "locked_until_ms", "next_attempt_ms", "payload", "status") SELECT "attempts", "created_at_ms", "delivered_at_ms", "endpoint_id", "event_id", "event_type", "id", "last_error", "last_status_code", "locked_by", "locked_until_ms", "next_attempt_ms", "payload", "status" FROM "webhook_deliveries";
DROP TABLE "webhook_deliveries";
ALTER TABLE "new_webhook_deliveries" RENAME TO "webhook_deliveries";
CREATE INDEX "webhook_deliveries_status_next_attempt_ms_idx" ON "webhook_deliveries"("status", "next_attempt_ms");
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_ms_idx" ON "webhook_deliveries"("endpoint_id", "created_at_ms");
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_key" ON "webhook_deliveries"("endpoint_id", "event_id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "webhook_batch_items_endpoint_id_queued_at_ms_idx" ON "webhook_batch_items"("endpoint_id", "queued_at_ms");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_batch_items_endpoint_id_event_id_key" ON "webhook_batch_items"("endpoint_id", "event_id");
