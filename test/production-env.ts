// The environment of an app or worker process a test starts as production runs it: the
// test's own variables but the suites' cheap password hashing (PASSWORD_HASH_COST=10,
// test/setup-db.ts), which production refuses.
export function productionEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PASSWORD_HASH_COST: _testCost, ...inherited } = process.env;
  return { ...inherited, NODE_ENV: "production", ...overrides };
}
