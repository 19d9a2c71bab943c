-- AlterTable
ALTER TABLE "changes" ADD COLUMN "actor_handle" TEXT;
ALTER TABLE "changes" ADD COLUMN "on_behalf_of_handle" TEXT;
