-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "item_count" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "webhook_batch_items" (
    "id" TEXT NOT NULL,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "event_created_at_ms" BIGINT NOT NULL,
    "queued_at_ms" BIGINT NOT NULL,

    CONSTRAINT "webhook_batch_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_batch_items_endpoint_id_queued_at_ms_idx" ON "webhook_batch_items"("endpoint_id", "queued_at_ms");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_batch_items_endpoint_id_event_id_key" ON "webhook_batch_items"("endpoint_id", "event_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_event_id_key" ON "webhook_deliveries"("endpoint_id", "event_id");

-- AddForeignKey
ALTER TABLE "webhook_batch_items" ADD CONSTRAINT "webhook_batch_items_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
