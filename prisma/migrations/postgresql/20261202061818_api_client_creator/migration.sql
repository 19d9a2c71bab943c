-- AlterTable
ALTER TABLE "api_clients" ADD COLUMN     "created_by_id" TEXT;

-- CreateIndex
CREATE INDEX "api_clients_created_by_id_idx" ON "api_clients"("created_by_id");
