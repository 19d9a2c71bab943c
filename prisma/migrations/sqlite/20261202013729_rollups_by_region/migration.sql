-- AlterTable
ALTER TABLE "clicks" ADD COLUMN "region" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_hourly_rollups" (
    "campaign_id" TEXT NOT NULL,
    "creative_id" TEXT NOT NULL,
    "moment_type" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "region" TEXT NOT NULL DEFAULT '',
    "hour_ms" BIGINT NOT NULL,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "spend_micros" BIGINT NOT NULL DEFAULT 0,
    "conversion_value_micros" BIGINT NOT NULL DEFAULT 0,
    "impressions_m15" BIGINT NOT NULL DEFAULT 0,
    "impressions_m30" BIGINT NOT NULL DEFAULT 0,
    "impressions_m45" BIGINT NOT NULL DEFAULT 0,
    "clicks_m15" BIGINT NOT NULL DEFAULT 0,
    "clicks_m30" BIGINT NOT NULL DEFAULT 0,
    "clicks_m45" BIGINT NOT NULL DEFAULT 0,
    "conversions_m15" BIGINT NOT NULL DEFAULT 0,
    "conversions_m30" BIGINT NOT NULL DEFAULT 0,
    "conversions_m45" BIGINT NOT NULL DEFAULT 0,
    "spend_micros_m15" BIGINT NOT NULL DEFAULT 0,
    "spend_micros_m30" BIGINT NOT NULL DEFAULT 0,
    "spend_micros_m45" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("campaign_id", "creative_id", "moment_type", "sport", "region", "hour_ms")
);
INSERT INTO "new_hourly_rollups" ("campaign_id", "clicks", "clicks_m15", "clicks_m30", "clicks_m45", "conversion_value_micros", "conversions", "conversions_m15", "conversions_m30", "conversions_m45", "creative_id", "hour_ms", "impressions", "impressions_m15", "impressions_m30", "impressions_m45", "moment_type", "spend_micros", "spend_micros_m15", "spend_micros_m30", "spend_micros_m45", "sport") SELECT "campaign_id", "clicks", "clicks_m15", "clicks_m30", "clicks_m45", "conversion_value_micros", "conversions", "conversions_m15", "conversions_m30", "conversions_m45", "creative_id", "hour_ms", "impressions", "impressions_m15", "impressions_m30", "impressions_m45", "moment_type", "spend_micros", "spend_micros_m15", "spend_micros_m30", "spend_micros_m45", "sport" FROM "hourly_rollups";
DROP TABLE "hourly_rollups";
ALTER TABLE "new_hourly_rollups" RENAME TO "hourly_rollups";
CREATE INDEX "hourly_rollups_campaign_id_hour_ms_idx" ON "hourly_rollups"("campaign_id", "hour_ms");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
