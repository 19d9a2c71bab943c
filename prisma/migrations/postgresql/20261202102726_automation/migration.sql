-- CreateTable
CREATE TABLE "automated_rules" (
    "id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "comparison" TEXT NOT NULL,
    "threshold" DOUBLE PRECISION NOT NULL,
    "window_hours" INTEGER NOT NULL,
    "campaign_ids" TEXT,
    "action" TEXT NOT NULL,
    "action_value_micros" BIGINT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "anchor_ms" BIGINT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "automated_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rule_runs" (
    "id" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "window_start_ms" BIGINT NOT NULL,
    "window_end_ms" BIGINT NOT NULL,
    "evaluated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rule_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rule_actions" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "window_start_ms" BIGINT NOT NULL,
    "window_end_ms" BIGINT NOT NULL,
    "action" TEXT NOT NULL,
    "metric_value" DOUBLE PRECISION,
    "outcome" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "rule_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saved_reports" (
    "id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "schedule" TEXT,
    "time_zone" TEXT NOT NULL,
    "recipients" TEXT NOT NULL,
    "scheduled_at" TIMESTAMP(3),
    "send_requested_at" TIMESTAMP(3),
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "deleted_at" TIMESTAMP(3),

    CONSTRAINT "saved_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_deliveries" (
    "id" TEXT NOT NULL,
    "report_id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "period_key" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "recipients" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "claimed_at" TIMESTAMP(3) NOT NULL,
    "sent_at" TIMESTAMP(3),

    CONSTRAINT "report_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "automated_rules_advertiser_id_created_at_idx" ON "automated_rules"("advertiser_id", "created_at");

-- CreateIndex
CREATE INDEX "automated_rules_enabled_deleted_at_idx" ON "automated_rules"("enabled", "deleted_at");

-- CreateIndex
CREATE UNIQUE INDEX "rule_runs_rule_id_window_start_ms_key" ON "rule_runs"("rule_id", "window_start_ms");

-- CreateIndex
CREATE INDEX "rule_actions_rule_id_window_start_ms_idx" ON "rule_actions"("rule_id", "window_start_ms");

-- CreateIndex
CREATE INDEX "rule_actions_created_at_idx" ON "rule_actions"("created_at");

-- CreateIndex
CREATE INDEX "saved_reports_advertiser_id_created_at_idx" ON "saved_reports"("advertiser_id", "created_at");

-- CreateIndex
CREATE INDEX "saved_reports_schedule_deleted_at_idx" ON "saved_reports"("schedule", "deleted_at");

-- CreateIndex
CREATE UNIQUE INDEX "report_deliveries_report_id_period_key_key" ON "report_deliveries"("report_id", "period_key");
