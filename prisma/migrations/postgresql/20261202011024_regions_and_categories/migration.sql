-- AlterTable
ALTER TABLE "advertisers" ADD COLUMN     "category" TEXT NOT NULL DEFAULT 'general',
ADD COLUMN     "licensed_regions" TEXT;

-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "excluded_regions" TEXT,
ADD COLUMN     "target_regions" TEXT;

-- AlterTable
ALTER TABLE "impressions" ADD COLUMN     "region" TEXT;
