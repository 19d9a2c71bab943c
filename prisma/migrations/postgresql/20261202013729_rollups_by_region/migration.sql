-- AlterTable
ALTER TABLE "clicks" ADD COLUMN     "region" TEXT;

-- AlterTable
ALTER TABLE "hourly_rollups" DROP CONSTRAINT "hourly_rollups_pkey",
ADD COLUMN     "region" TEXT NOT NULL DEFAULT '',
ADD CONSTRAINT "hourly_rollups_pkey" PRIMARY KEY ("campaign_id", "creative_id", "moment_type", "sport", "region", "hour_ms");
