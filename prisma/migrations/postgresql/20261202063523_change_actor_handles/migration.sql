-- AlterTable
ALTER TABLE "changes" ADD COLUMN     "actor_handle" TEXT,
ADD COLUMN     "on_behalf_of_handle" TEXT;
