-- DropIndex
DROP INDEX "impressions_campaign_id_served_at_ms_idx";
