-- CreateTable
CREATE TABLE "billing_accounts" (
    "advertiser_id" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'invoiced',
    "credit_limit_micros" BIGINT,
    "allowance_micros" BIGINT,
    "spent_micros" BIGINT NOT NULL DEFAULT 0,
    "low_at_micros" BIGINT,
    "balance_low_at" TIMESTAMP(3),
    "limit_reached_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_accounts_pkey" PRIMARY KEY ("advertiser_id")
);

-- AddForeignKey
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- every advertiser's spend so far (delivery makes the row of an advertiser without one at its first spend)
INSERT INTO "billing_accounts" ("advertiser_id", "spent_micros", "updated_at")
SELECT "a"."id", COALESCE(SUM("c"."spend_micros"), 0), CURRENT_TIMESTAMP
FROM "advertisers" "a" LEFT JOIN "campaigns" "c" ON "c"."advertiser_id" = "a"."id"
GROUP BY "a"."id";
