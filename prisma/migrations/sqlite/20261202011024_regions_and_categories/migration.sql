-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN "excluded_regions" TEXT;
ALTER TABLE "campaigns" ADD COLUMN "target_regions" TEXT;

-- AlterTable
ALTER TABLE "impressions" ADD COLUMN "region" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_advertisers" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "category" TEXT NOT NULL DEFAULT 'general',
    "licensed_regions" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL
);
INSERT INTO "new_advertisers" ("created_at", "email", "id", "name", "sandbox", "updated_at") SELECT "created_at", "email", "id", "name", "sandbox", "updated_at" FROM "advertisers";
DROP TABLE "advertisers";
ALTER TABLE "new_advertisers" RENAME TO "advertisers";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
