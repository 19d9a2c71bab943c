-- AlterTable
ALTER TABLE "hourly_rollups" ADD COLUMN     "clicks_m15" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "clicks_m30" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "clicks_m45" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "conversions_m15" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "conversions_m30" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "conversions_m45" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "impressions_m15" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "impressions_m30" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "impressions_m45" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "spend_micros_m15" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "spend_micros_m30" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "spend_micros_m45" BIGINT NOT NULL DEFAULT 0;

-- Backfill: the quarter-hour counts of existing rows, from the raw rows they sum
-- (impressions by served_at, clicks by clicked_at, conversions by recorded_at).
UPDATE "hourly_rollups" SET
    "impressions_m15" = q.n15, "impressions_m30" = q.n30, "impressions_m45" = q.n45,
    "spend_micros_m15" = q.s15, "spend_micros_m30" = q.s30, "spend_micros_m45" = q.s45
FROM (
    SELECT campaign_id, creative_id, moment_type, sport, served_at_ms - (served_at_ms % 3600000) AS hour_ms,
        SUM(CASE WHEN served_at_ms % 3600000 < 900000 THEN 1 ELSE 0 END) AS n15,
        SUM(CASE WHEN served_at_ms % 3600000 < 1800000 THEN 1 ELSE 0 END) AS n30,
        SUM(CASE WHEN served_at_ms % 3600000 < 2700000 THEN 1 ELSE 0 END) AS n45,
        SUM(CASE WHEN served_at_ms % 3600000 < 900000 THEN cost_micros ELSE 0 END) AS s15,
        SUM(CASE WHEN served_at_ms % 3600000 < 1800000 THEN cost_micros ELSE 0 END) AS s30,
        SUM(CASE WHEN served_at_ms % 3600000 < 2700000 THEN cost_micros ELSE 0 END) AS s45
    FROM "impressions"
    GROUP BY campaign_id, creative_id, moment_type, sport, served_at_ms - (served_at_ms % 3600000)
) AS q
WHERE "hourly_rollups".campaign_id = q.campaign_id AND "hourly_rollups".creative_id = q.creative_id
    AND "hourly_rollups".moment_type = q.moment_type AND "hourly_rollups".sport = q.sport AND "hourly_rollups".hour_ms = q.hour_ms;
UPDATE "hourly_rollups" SET "clicks_m15" = q.n15, "clicks_m30" = q.n30, "clicks_m45" = q.n45
FROM (
    SELECT campaign_id, creative_id, moment_type, sport, clicked_at_ms - (clicked_at_ms % 3600000) AS hour_ms,
        SUM(CASE WHEN clicked_at_ms % 3600000 < 900000 THEN 1 ELSE 0 END) AS n15,
        SUM(CASE WHEN clicked_at_ms % 3600000 < 1800000 THEN 1 ELSE 0 END) AS n30,
        SUM(CASE WHEN clicked_at_ms % 3600000 < 2700000 THEN 1 ELSE 0 END) AS n45
    FROM "clicks"
    GROUP BY campaign_id, creative_id, moment_type, sport, clicked_at_ms - (clicked_at_ms % 3600000)
) AS q
WHERE "hourly_rollups".campaign_id = q.campaign_id AND "hourly_rollups".creative_id = q.creative_id
    AND "hourly_rollups".moment_type = q.moment_type AND "hourly_rollups".sport = q.sport AND "hourly_rollups".hour_ms = q.hour_ms;
UPDATE "hourly_rollups" SET "conversions_m15" = q.n15, "conversions_m30" = q.n30, "conversions_m45" = q.n45
FROM (
    SELECT campaign_id, creative_id, moment_type, sport, recorded_at_ms - (recorded_at_ms % 3600000) AS hour_ms,
        SUM(CASE WHEN recorded_at_ms % 3600000 < 900000 THEN 1 ELSE 0 END) AS n15,
        SUM(CASE WHEN recorded_at_ms % 3600000 < 1800000 THEN 1 ELSE 0 END) AS n30,
        SUM(CASE WHEN recorded_at_ms % 3600000 < 2700000 THEN 1 ELSE 0 END) AS n45
    FROM "conversions"
    GROUP BY campaign_id, creative_id, moment_type, sport, recorded_at_ms - (recorded_at_ms % 3600000)
) AS q
WHERE "hourly_rollups".campaign_id = q.campaign_id AND "hourly_rollups".creative_id = q.creative_id
    AND "hourly_rollups".moment_type = q.moment_type AND "hourly_rollups".sport = q.sport AND "hourly_rollups".hour_ms = q.hour_ms;
