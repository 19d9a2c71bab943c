-- CreateTable
CREATE TABLE "postback_keys" (
    "id" TEXT NOT NULL,
    "advertiser_id" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "last_used_at" TIMESTAMP(3),
    "revoked_at" TIMESTAMP(3),

    CONSTRAINT "postback_keys_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "postback_keys_key_hash_key" ON "postback_keys"("key_hash");

-- CreateIndex
CREATE INDEX "postback_keys_advertiser_id_revoked_at_idx" ON "postback_keys"("advertiser_id", "revoked_at");

-- AddForeignKey
ALTER TABLE "postback_keys" ADD CONSTRAINT "postback_keys_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
