-- AlterTable
ALTER TABLE "auctions" ADD COLUMN     "sandbox" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "winner_advertiser_id" TEXT;
