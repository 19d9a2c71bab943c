-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_advertisers" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_advertisers" ("created_at", "email", "id", "name", "updated_at") SELECT "created_at", "email", "id", "name", "updated_at" FROM "advertisers";
DROP TABLE "advertisers";
ALTER TABLE "new_advertisers" RENAME TO "advertisers";
CREATE TABLE "new_platform_keys" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" DATETIME
);
INSERT INTO "new_platform_keys" ("created_at", "id", "key_hash", "name", "prefix", "revoked_at") SELECT "created_at", "id", "key_hash", "name", "prefix", "revoked_at" FROM "platform_keys";
DROP TABLE "platform_keys";
ALTER TABLE "new_platform_keys" RENAME TO "platform_keys";
CREATE UNIQUE INDEX "platform_keys_key_hash_key" ON "platform_keys"("key_hash");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Demo rows seeded before this migration: the demo advertiser, its two rivals and the
-- simulator's platform key (names and emails of lib/demo) become the sandbox.
UPDATE "advertisers" SET "sandbox" = true
  WHERE "email" IN ('demo@sportsmomentads.test', 'rival-1@sportsmomentads.test', 'rival-2@sportsmomentads.test');
UPDATE "platform_keys" SET "sandbox" = true WHERE "name" = 'Demo simulator';
