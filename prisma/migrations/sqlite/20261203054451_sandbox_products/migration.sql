-- CreateTable
CREATE TABLE "sandbox_products" (
    "advertiser_id" TEXT NOT NULL,
    "product_id" TEXT NOT NULL,
    "moment_type" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "fixture" TEXT NOT NULL,
    "pricing_options" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL,

    PRIMARY KEY ("advertiser_id", "product_id"),
    CONSTRAINT "sandbox_products_advertiser_id_fkey" FOREIGN KEY ("advertiser_id") REFERENCES "advertisers" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
