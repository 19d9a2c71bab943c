// Runs a webhook attempt plan (attempt-plan.ts) with the driver of the client's
// database.
import { dbKindOf, type Db } from "@/lib/db/client";
import { tracingEnabled, withSpan } from "@/lib/observability/tracing";
import type { AttemptPlan } from "./attempt-plan";
import type { PlanMode } from "./modes";
import { runOnPostgres } from "./pg-store";
import { runOnSqlite } from "./sqlite-store";

export function runAttemptPlan<T>(client: Db, plan: AttemptPlan<T>, mode: PlanMode): Promise<T> {
  const kind = dbKindOf(client);
  const run = () => (kind === "postgresql" ? runOnPostgres(client, plan, mode) : runOnSqlite(client, plan, mode));
  // a database span per plan when tracing is on
  return tracingEnabled() ? withSpan("db.webhook_plan", { "db.system.name": kind ?? "unknown" }, run) : run();
}
