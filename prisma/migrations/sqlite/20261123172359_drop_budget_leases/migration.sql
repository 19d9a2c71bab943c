-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "budget_leases";
PRAGMA foreign_keys=on;
