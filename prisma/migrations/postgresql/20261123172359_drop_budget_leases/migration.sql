-- DropForeignKey
ALTER TABLE "budget_leases" DROP CONSTRAINT "budget_leases_campaign_id_fkey";

-- DropTable
DROP TABLE "budget_leases";
