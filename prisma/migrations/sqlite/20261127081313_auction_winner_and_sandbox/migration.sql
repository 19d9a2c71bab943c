-- AlterTable (appended columns: SQLite adds them in place, no copy of the table)
ALTER TABLE "auctions" ADD COLUMN "winner_advertiser_id" TEXT;
ALTER TABLE "auctions" ADD COLUMN "sandbox" BOOLEAN NOT NULL DEFAULT false;
