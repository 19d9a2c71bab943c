-- AlterTable
ALTER TABLE "auctions" ADD COLUMN     "auction_count" INTEGER NOT NULL DEFAULT 1;
