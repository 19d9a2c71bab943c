// Plans of statements: an algorithm that reads and writes the database written
// once as a generator, for several drivers (docs/decisions/1001). Each step
// yields a named statement with typed arguments and reads its typed result; a
// driver runs each name in its own database's SQL, synchronously inside a
// better-sqlite3 transaction (`runPlan`) or awaited on a pg connection
// (`runPlanAsync`). The plan never sees a driver.

/** Every statement a family of plans may ask for: its arguments and its result. */
export type StatementShape = Record<string, { args: unknown; result: unknown }>;

/** One yielded statement of `S`. */
export type PlannedStatement<S extends StatementShape> = {
  [K in keyof S]: { name: K; args: S[K]["args"] };
}[keyof S];

export type Plan<S extends StatementShape, T> = Generator<PlannedStatement<S>, T, unknown>;

/** How a driver runs each statement of `S` inside its open transaction. */
export type SyncStatements<S extends StatementShape> = { [K in keyof S]: (args: S[K]["args"]) => S[K]["result"] };
export type AsyncStatements<S extends StatementShape> = {
  [K in keyof S]: (args: S[K]["args"]) => Promise<S[K]["result"]>;
};

/** The step that asks for one statement: `const rows = yield* statement<S, "name">("name", args)`. */
export function* statement<S extends StatementShape, K extends keyof S>(
  name: K,
  args: S[K]["args"],
): Plan<S, S[K]["result"]> {
  return (yield { name, args } as PlannedStatement<S>) as S[K]["result"];
}

/** Drives a plan with synchronous statements (inside a better-sqlite3 transaction). */
export function runPlan<S extends StatementShape, T>(plan: Plan<S, T>, statements: SyncStatements<S>): T {
  let step = plan.next();
  while (!step.done) {
    const execute = statements[step.value.name] as (args: unknown) => unknown;
    step = plan.next(execute(step.value.args));
  }
  return step.value;
}

/** Drives a plan with awaited statements (on one pg connection). */
export async function runPlanAsync<S extends StatementShape, T>(
  plan: Plan<S, T>,
  statements: AsyncStatements<S>,
): Promise<T> {
  let step = plan.next();
  while (!step.done) {
    const execute = statements[step.value.name] as (args: unknown) => Promise<unknown>;
    step = plan.next(await execute(step.value.args));
  }
  return step.value;
}
