// Runs a webhook attempt plan (attempt-plan.ts) with the driver of the client's
// database.
import { dbKindOf, type Db } from "@/lib/db/client";
import type { AttemptPlan } from "./attempt-plan";
import type { PlanMode } from "./modes";
import { runOnPostgres } from "./pg-store";
import { runOnSqlite } from "./sqlite-store";

export function runAttemptPlan<T>(client: Db, plan: AttemptPlan<T>, mode: PlanMode): Promise<T> {
  return dbKindOf(client) === "postgresql" ? runOnPostgres(client, plan, mode) : runOnSqlite(client, plan, mode);
}
