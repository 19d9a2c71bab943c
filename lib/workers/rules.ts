// Automated rules (docs/decisions/0700): every minute, each enabled rule's latest closed window is
// evaluated once (lib/domain/rules/run-rules.ts). Several instances may run it: a window's
// rule_runs row is unique and written with the window's actions.
import { MINUTE_MS } from "@/lib/clock";
import { runDueRules } from "@/lib/domain/rules/run-rules";
import { periodicWorker } from "./registry";

export const rulesWorker = periodicWorker("rules", { firstMs: 10_000, everyMs: MINUTE_MS }, async (log) => {
  const evaluated = await runDueRules(Date.now());
  if (evaluated) log.info({ evaluated }, "rule windows evaluated");
});
