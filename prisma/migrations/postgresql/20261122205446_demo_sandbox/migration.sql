-- AlterTable
ALTER TABLE "advertisers" ADD COLUMN     "sandbox" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "platform_keys" ADD COLUMN     "sandbox" BOOLEAN NOT NULL DEFAULT false;

-- Demo rows seeded before this migration: the demo advertiser, its two rivals and the
-- simulator's platform key (names and emails of lib/demo) become the sandbox.
UPDATE "advertisers" SET "sandbox" = true
  WHERE "email" IN ('demo@sportsmomentads.test', 'rival-1@sportsmomentads.test', 'rival-2@sportsmomentads.test');
UPDATE "platform_keys" SET "sandbox" = true WHERE "name" = 'Demo simulator';
