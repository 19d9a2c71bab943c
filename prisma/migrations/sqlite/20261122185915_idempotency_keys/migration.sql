-- CreateTable
CREATE TABLE "idempotency_keys" (
    "advertiser_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_type" TEXT,
    "response_body" TEXT,
    "created_at" DATETIME NOT NULL,
    "expires_at" DATETIME NOT NULL,

    PRIMARY KEY ("advertiser_id", "key"),
    CONSTRAINT "idempotency_keys_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "idempotency_keys_advertiser_id_expires_at_idx" ON "idempotency_keys"("advertiser_id", "expires_at");
