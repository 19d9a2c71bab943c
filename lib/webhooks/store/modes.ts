// How a driver runs a plan.

export type PlanMode =
  /** every statement or none; on SQLite it waits for another process's write lock (the busy timeout) */
  | "transaction"
  /**
   * a claim: each statement is conditional on its own, so PostgreSQL runs them
   * without a transaction around them; on SQLite a write lock held by another
   * process fails it at once (AttemptStoreBusyError) and the next round claims
   */
  | "claim";

/** SQLite: another process holds the write lock; nothing was claimed. */
export class AttemptStoreBusyError extends Error {
  constructor() {
    super("the database is locked by another process");
    this.name = "AttemptStoreBusyError";
  }
}
