-- CreateTable
CREATE TABLE "notifications" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "user_id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "campaign_id" TEXT,
    "endpoint_id" TEXT,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "link_path" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "read_at" DATETIME,
    "email_status" TEXT,
    "email_attempts" INTEGER NOT NULL DEFAULT 0,
    "email_next_at" DATETIME,
    CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "notifications_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "notification_preferences" (
    "user_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL,

    PRIMARY KEY ("user_id", "kind"),
    CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "notifications_user_id_advertiser_id_created_at_idx" ON "notifications"("user_id", "advertiser_id", "created_at");

-- CreateIndex
CREATE INDEX "notifications_email_status_email_next_at_idx" ON "notifications"("email_status", "email_next_at");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_user_id_dedupe_key_key" ON "notifications"("user_id", "dedupe_key");
