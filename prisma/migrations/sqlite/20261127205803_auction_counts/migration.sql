-- AlterTable (added in place: every existing row stands for one auction)
ALTER TABLE "auctions" ADD COLUMN "auction_count" INTEGER NOT NULL DEFAULT 1;
