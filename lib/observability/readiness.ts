// /healthz and /readyz (docs/operators.md, "Health and readiness"). Alive needs nothing but
// the event loop. Ready is checked in order, each check bounded, the first failure the
// answer's reason: not draining (the shutdown routine sets it first), the database answers
// (SELECT 1 within READY_DB_TIMEOUT_MS), every migration of this build is applied (once true,
// remembered: a migration is never unapplied), the token signing key is loaded.
import { currentSigningKey } from "@/lib/auth/signing-keys";
import { db, dbKind } from "@/lib/db/client";
import { loadMigrations } from "@/lib/db/migrations";

export type ReadinessReason = "draining" | "database_unavailable" | "migrations_pending" | "signing_keys_unavailable";

export type ReadinessAnswer =
  | { ready: true; checks: Partial<Record<"database" | "migrations" | "signing_keys", "ok">> }
  | { ready: false; reason: ReadinessReason; detail: string };

export type ReadinessChecks = {
  /** resolves when the database answered (rejects or hangs otherwise) */
  pingDatabase(): Promise<unknown>;
  /** the names of the migrations of this build the database has not applied */
  pendingMigrations(): Promise<string[]>;
  /** resolves once the token signing key is in memory (the app; a worker signs no token) */
  signingKey?(): Promise<unknown>;
};

/** The checks against the process's database and, for the app, its signing keys. */
export function databaseChecks(options: { signingKey: boolean }): ReadinessChecks {
  let known: string[] | undefined;
  return {
    pingDatabase: () => db().$queryRawUnsafe("SELECT 1"),
    async pendingMigrations() {
      known ??= loadMigrations(dbKind()).migrationDirectories.map((dir) => dir.path);
      const rows = await db().$queryRawUnsafe<{ migration_name: string }[]>(
        "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
      );
      const applied = new Set(rows.map((row) => row.migration_name));
      return known.filter((name) => !applied.has(name));
    },
    ...(options.signingKey && { signingKey: () => currentSigningKey() }),
  };
}

class Timeout extends Error {}

function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work(), late]).finally(() => clearTimeout(timer));
}

function messageOf(error: unknown): string {
  if (error instanceof Timeout) return error.message;
  // the kind of failure, never a connection string or SQL
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? `failed (${code})` : "failed";
}

export class Readiness {
  #draining = false;
  #migrationsCurrent = false;
  readonly #checks: ReadinessChecks;
  readonly #timeoutMs: number;

  constructor(checks: ReadinessChecks, options: { timeoutMs: number }) {
    this.#checks = checks;
    this.#timeoutMs = options.timeoutMs;
  }

  /** From now on /readyz answers 503 draining (the first step of the shutdown routine). */
  startDraining(): void {
    this.#draining = true;
  }

  get draining(): boolean {
    return this.#draining;
  }

  async check(): Promise<ReadinessAnswer> {
    if (this.#draining)
      return { ready: false, reason: "draining", detail: "The process is shutting down: send no new requests." };
    try {
      await within(this.#timeoutMs, () => this.#checks.pingDatabase());
    } catch (error) {
      return { ready: false, reason: "database_unavailable", detail: `The database ${messageOf(error)}.` };
    }
    if (!this.#migrationsCurrent) {
      try {
        const pending = await within(this.#timeoutMs, () => this.#checks.pendingMigrations());
        if (pending.length)
          return {
            ready: false,
            reason: "migrations_pending",
            detail: `${pending.length} migration(s) of this build are not applied (npm run db:migrate).`,
          };
        this.#migrationsCurrent = true;
      } catch (error) {
        return { ready: false, reason: "database_unavailable", detail: `The migrations table ${messageOf(error)}.` };
      }
    }
    const { signingKey } = this.#checks;
    if (!signingKey) return { ready: true, checks: { database: "ok", migrations: "ok" } };
    try {
      await within(this.#timeoutMs, () => signingKey());
    } catch (error) {
      return { ready: false, reason: "signing_keys_unavailable", detail: `The signing key ${messageOf(error)}.` };
    }
    return { ready: true, checks: { database: "ok", migrations: "ok", signing_keys: "ok" } };
  }
}
