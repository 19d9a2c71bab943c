-- No change on PostgreSQL: its per-user cap re-check at commit reads
-- impressions (user_id, served_at_ms), so only SQLite drops that index
-- (docs/decisions/1401-decisions-bench-and-write-costs.md).
SELECT 1;
