-- AlterTable
ALTER TABLE "outbox_events" ADD COLUMN     "event_count" INTEGER NOT NULL DEFAULT 1;

-- rows written before the column: a packed row's data is the JSON array of its events
UPDATE "outbox_events" SET "event_count" = json_array_length("data"::json) WHERE "data" LIKE '[%';
