-- AlterTable
ALTER TABLE "postback_keys" ADD COLUMN     "name" TEXT;
