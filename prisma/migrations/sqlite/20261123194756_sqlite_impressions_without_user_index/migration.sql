-- DropIndex
DROP INDEX "impressions_user_id_served_at_ms_idx";
