-- CreateTable
CREATE TABLE "postback_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "advertiser_id" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "last_used_at" DATETIME,
    "revoked_at" DATETIME,
    CONSTRAINT "postback_keys_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "postback_keys_key_hash_key" ON "postback_keys"("key_hash");

-- CreateIndex
CREATE INDEX "postback_keys_advertiser_id_revoked_at_idx" ON "postback_keys"("advertiser_id", "revoked_at");
