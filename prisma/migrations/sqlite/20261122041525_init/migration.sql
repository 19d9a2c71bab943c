-- CreateTable
CREATE TABLE "advertisers" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "advertiser_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "api_clients" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "advertiser_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME,
    CONSTRAINT "api_clients_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "signing_keys" (
    "kid" TEXT NOT NULL PRIMARY KEY,
    "alg" TEXT NOT NULL,
    "public_jwk" TEXT NOT NULL,
    "private_jwk" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "retired_at" DATETIME
);

-- CreateTable
CREATE TABLE "platform_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" DATETIME
);

-- CreateTable
CREATE TABLE "campaigns" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "advertiser_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "moment_types" TEXT NOT NULL,
    "sports" TEXT NOT NULL,
    "bid_cpm_micros" BIGINT NOT NULL,
    "daily_budget_micros" BIGINT NOT NULL,
    "total_budget_micros" BIGINT NOT NULL,
    "target_cpa_micros" BIGINT,
    "postback_url" TEXT,
    "start_date" TEXT NOT NULL,
    "end_date" TEXT,
    "pacing" TEXT NOT NULL DEFAULT 'even',
    "spend_micros" BIGINT NOT NULL DEFAULT 0,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "spend_day" TEXT,
    "day_spend_micros" BIGINT NOT NULL DEFAULT 0,
    "budget_50_at" DATETIME,
    "budget_90_at" DATETIME,
    "ended_reason" TEXT,
    "ended_at" DATETIME,
    "cancelled_at" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "campaigns_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "creatives" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaign_id" TEXT NOT NULL,
    "variant_index" INTEGER NOT NULL,
    "variant_label" TEXT NOT NULL,
    "headline" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "icon_url" TEXT NOT NULL,
    "action_url" TEXT NOT NULL,
    "cta_text" TEXT,
    "status" TEXT NOT NULL,
    "review_reason" TEXT,
    "reviewed_at" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "creatives_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "bid_adjustments" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaign_id" TEXT NOT NULL,
    "old_bid_micros" BIGINT NOT NULL,
    "new_bid_micros" BIGINT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "bid_adjustments_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "budget_leases" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "campaign_id" TEXT NOT NULL,
    "instance_id" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "granted_micros" BIGINT NOT NULL,
    "spent_micros" BIGINT NOT NULL DEFAULT 0,
    "expires_at_ms" BIGINT NOT NULL,
    "created_at_ms" BIGINT NOT NULL,
    CONSTRAINT "budget_leases_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "auctions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "moment_type" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "bidders" INTEGER NOT NULL,
    "winning_bid_micros" BIGINT,
    "clearing_cpm_micros" BIGINT,
    "occurred_at_ms" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "impressions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "click_id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "creative_id" TEXT NOT NULL,
    "moment_type" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "game_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "clearing_cpm_micros" BIGINT NOT NULL,
    "cost_micros" BIGINT NOT NULL,
    "served_at_ms" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "clicks" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "impression_id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "creative_id" TEXT NOT NULL,
    "moment_type" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "converted" BOOLEAN NOT NULL DEFAULT false,
    "clicked_at_ms" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "conversions" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "click_id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "creative_id" TEXT NOT NULL,
    "moment_type" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "event_name" TEXT,
    "event_value_micros" BIGINT,
    "idempotency_key" TEXT,
    "clicked_at_ms" BIGINT NOT NULL,
    "recorded_at_ms" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "hourly_rollups" (
    "campaign_id" TEXT NOT NULL,
    "creative_id" TEXT NOT NULL,
    "moment_type" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "hour_ms" BIGINT NOT NULL,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "spend_micros" BIGINT NOT NULL DEFAULT 0,
    "conversion_value_micros" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("campaign_id", "creative_id", "moment_type", "sport", "hour_ms")
);

-- CreateTable
CREATE TABLE "postback_forwards" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversion_id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_ms" BIGINT NOT NULL,
    "last_error" TEXT,
    "locked_until_ms" BIGINT,
    "created_at_ms" BIGINT NOT NULL
);

-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "advertiser_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "batch_impressions" BOOLEAN NOT NULL DEFAULT false,
    "failure_count" INTEGER NOT NULL DEFAULT 0,
    "failing_since" DATETIME,
    "last_delivered_at" DATETIME,
    "deactivated_at" DATETIME,
    "deactivated_reason" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_endpoints_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "outbox_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "advertiser_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "created_at_ms" BIGINT NOT NULL,
    "fanned_out_ms" BIGINT,
    "locked_by" TEXT,
    "locked_until_ms" BIGINT
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_ms" BIGINT,
    "locked_by" TEXT,
    "locked_until_ms" BIGINT,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at_ms" BIGINT NOT NULL,
    "delivered_at_ms" BIGINT,
    CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "delivery_attempts" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "delivery_id" TEXT NOT NULL,
    "attempt_no" INTEGER NOT NULL,
    "status_code" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" TEXT,
    "attempted_at_ms" BIGINT NOT NULL,
    CONSTRAINT "delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);

-- CreateTable
CREATE TABLE "system_state" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_advertiser_id_idx" ON "users"("advertiser_id");

-- CreateIndex
CREATE INDEX "api_clients_advertiser_id_idx" ON "api_clients"("advertiser_id");

-- CreateIndex
CREATE UNIQUE INDEX "platform_keys_key_hash_key" ON "platform_keys"("key_hash");

-- CreateIndex
CREATE INDEX "campaigns_advertiser_id_created_at_idx" ON "campaigns"("advertiser_id", "created_at");

-- CreateIndex
CREATE INDEX "campaigns_status_idx" ON "campaigns"("status");

-- CreateIndex
CREATE UNIQUE INDEX "creatives_campaign_id_variant_index_key" ON "creatives"("campaign_id", "variant_index");

-- CreateIndex
CREATE INDEX "bid_adjustments_campaign_id_created_at_idx" ON "bid_adjustments"("campaign_id", "created_at");

-- CreateIndex
CREATE INDEX "budget_leases_campaign_id_day_idx" ON "budget_leases"("campaign_id", "day");

-- CreateIndex
CREATE INDEX "auctions_occurred_at_ms_idx" ON "auctions"("occurred_at_ms");

-- CreateIndex
CREATE INDEX "auctions_moment_type_sport_occurred_at_ms_idx" ON "auctions"("moment_type", "sport", "occurred_at_ms");

-- CreateIndex
CREATE UNIQUE INDEX "impressions_click_id_key" ON "impressions"("click_id");

-- CreateIndex
CREATE INDEX "impressions_campaign_id_served_at_ms_idx" ON "impressions"("campaign_id", "served_at_ms");

-- CreateIndex
CREATE INDEX "impressions_user_id_served_at_ms_idx" ON "impressions"("user_id", "served_at_ms");

-- CreateIndex
CREATE INDEX "impressions_served_at_ms_idx" ON "impressions"("served_at_ms");

-- CreateIndex
CREATE UNIQUE INDEX "clicks_impression_id_key" ON "clicks"("impression_id");

-- CreateIndex
CREATE INDEX "clicks_campaign_id_clicked_at_ms_idx" ON "clicks"("campaign_id", "clicked_at_ms");

-- CreateIndex
CREATE UNIQUE INDEX "conversions_click_id_key" ON "conversions"("click_id");

-- CreateIndex
CREATE INDEX "conversions_campaign_id_recorded_at_ms_idx" ON "conversions"("campaign_id", "recorded_at_ms");

-- CreateIndex
CREATE UNIQUE INDEX "conversions_campaign_id_idempotency_key_key" ON "conversions"("campaign_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "hourly_rollups_campaign_id_hour_ms_idx" ON "hourly_rollups"("campaign_id", "hour_ms");

-- CreateIndex
CREATE UNIQUE INDEX "postback_forwards_conversion_id_key" ON "postback_forwards"("conversion_id");

-- CreateIndex
CREATE INDEX "postback_forwards_status_next_attempt_ms_idx" ON "postback_forwards"("status", "next_attempt_ms");

-- CreateIndex
CREATE INDEX "webhook_endpoints_advertiser_id_idx" ON "webhook_endpoints"("advertiser_id");

-- CreateIndex
CREATE INDEX "outbox_events_fanned_out_ms_created_at_ms_idx" ON "outbox_events"("fanned_out_ms", "created_at_ms");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_ms_idx" ON "webhook_deliveries"("status", "next_attempt_ms");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_created_at_ms_idx" ON "webhook_deliveries"("endpoint_id", "created_at_ms");

-- CreateIndex
CREATE INDEX "delivery_attempts_delivery_id_idx" ON "delivery_attempts"("delivery_id");
