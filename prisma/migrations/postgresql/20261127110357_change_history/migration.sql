-- CreateTable
CREATE TABLE "changes" (
    "id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "at_ms" BIGINT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "actor_name" TEXT NOT NULL,
    "on_behalf_of_id" TEXT,
    "on_behalf_of_name" TEXT,
    "operation" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "campaign_id" TEXT,
    "fields" TEXT NOT NULL,
    "reason" TEXT,

    CONSTRAINT "changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "changes_advertiser_id_at_ms_idx" ON "changes"("advertiser_id", "at_ms");

-- CreateIndex
CREATE INDEX "changes_advertiser_id_campaign_id_at_ms_idx" ON "changes"("advertiser_id", "campaign_id", "at_ms");

-- CreateIndex
CREATE INDEX "changes_at_ms_idx" ON "changes"("at_ms");
