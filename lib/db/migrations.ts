// Prisma migrations without the Rust schema-engine binary: the engine's wasm
// build driven through our driver adapters (docs/decisions/0002).
// Used by `npm start` (deploy at boot), scripts/migrate.ts and the test setup.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { nowDate, type Clock } from "@/lib/clock";
import { createAdapterFactory, databaseKind, type DatabaseKind } from "./adapters";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);

export const schemaPaths: Record<DatabaseKind, string> = {
  sqlite: join(root, "prisma", "schema.prisma"),
  postgresql: join(root, "prisma", "generated", "schema.postgresql.prisma"),
};
export const migrationsDirs: Record<DatabaseKind, string> = {
  sqlite: join(root, "prisma", "migrations", "sqlite"),
  postgresql: join(root, "prisma", "migrations", "postgresql"),
};
const lockProvider: Record<DatabaseKind, string> = { sqlite: "sqlite", postgresql: "postgresql" };

type Engine = {
  diff(params: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  applyMigrations(params: unknown): Promise<{ appliedMigrationNames: string[] }>;
  free(): void;
};
type EngineModule = {
  SchemaEngine: { new: (opts: unknown, log: (msg: string) => void, adapter: unknown) => Promise<Engine> };
};

let engineModule: Promise<EngineModule> | undefined;

function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const pkgDir = dirname(require.resolve("@prisma/schema-engine-wasm"));
    const bg = (await import(join(pkgDir, "schema_engine_bg.js"))) as EngineModule & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const bytes = readFileSync(join(pkgDir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg as never });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
    return bg;
  })();
  return engineModule;
}

let pgCharPatched = false;
/** adapter-pg cannot read pg_catalog's "char" (OID 18), which the engine queries: read it as text. */
function patchPgCharType() {
  if (pgCharPatched) return;
  pgCharPatched = true;
  const proto = (pg as unknown as { Result: { prototype: { addFields(fields: { dataTypeID: number }[]): void } } })
    .Result.prototype;
  const addFields = proto.addFields;
  proto.addFields = function (fields) {
    for (const field of fields) if (field.dataTypeID === 18) field.dataTypeID = 25;
    return addFields.call(this, fields);
  };
}

/**
 * better-sqlite3 takes one statement per call, and the engine replays migration
 * files through executeRaw: route parameterless raw commands to executeScript.
 */
function scriptFriendly(
  factory: SqlMigrationAwareDriverAdapterFactory,
  opened: SqlDriverAdapter[],
): SqlMigrationAwareDriverAdapterFactory {
  const wrap = async (connect: () => Promise<SqlDriverAdapter>) => {
    const adapter = await connect();
    // the engine does not close what it opens: we do, after engine.free()
    opened.push(adapter);
    if (factory.provider !== "sqlite") return adapter;
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => {
      if (query.args.length === 0) {
        await adapter.executeScript(query.sql);
        return 0;
      }
      return executeRaw(query);
    };
    return adapter;
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: () => wrap(() => factory.connect()),
    connectToShadowDb: () => wrap(() => factory.connectToShadowDb()),
  };
}

async function withEngine<T>(url: string, run: (engine: Engine, kind: DatabaseKind) => Promise<T>): Promise<T> {
  const kind = databaseKind(url);
  if (kind === "postgresql") patchPgCharType();
  const schemaPath = schemaPaths[kind];
  const mod = await loadEngineModule();
  const opened: SqlDriverAdapter[] = [];
  const factory = scriptFriendly(createAdapterFactory(url, { forMigrations: true }), opened);
  const logs: string[] = [];
  const engine = await mod.SchemaEngine.new(
    { datamodels: [[schemaPath, readFileSync(schemaPath, "utf8")]] },
    (msg: string) => logs.push(msg),
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  try {
    return await run(engine, kind);
  } catch (error) {
    throw new Error(`schema engine failed: ${describe(error)}`, { cause: error });
  } finally {
    engine.free();
    await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

export function loadMigrations(kind: DatabaseKind) {
  const baseDir = migrationsDirs[kind];
  const lockPath = join(baseDir, "migration_lock.toml");
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: "migration.sql",
        content: { tag: "ok", value: readFileSync(join(baseDir, name, "migration.sql"), "utf8") },
      },
    })),
  };
}

const filters = { externalTables: [], externalEnums: [] };

/** SQL that would bring the migrations folder up to the schema, or null when there is no drift. */
export async function pendingSchemaChange(url: string, options: { schemaText?: string } = {}): Promise<string | null> {
  return withEngine(url, async (engine, kind) => {
    const migrations = loadMigrations(kind);
    const schemaPath = schemaPaths[kind];
    const content = options.schemaText ?? readFileSync(schemaPath, "utf8");
    const result = await engine.diff({
      from: migrations.migrationDirectories.length ? { tag: "migrations", ...migrations } : { tag: "empty" },
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content }] },
      script: true,
      exitCode: true,
      filters,
    });
    return result.exitCode === 2 ? (result.stdout ?? "") : null;
  });
}

/** Writes prisma/migrations/<kind>/<timestamp>_<name>/migration.sql when the schema changed (timestamp from the clock). */
export async function createMigration(
  url: string,
  name: string,
  options: { clock?: Clock } = {},
): Promise<string | null> {
  const kind = databaseKind(url);
  const sql = await pendingSchemaChange(url);
  if (sql === null) return null;
  const stamp = nowDate(options.clock).toISOString().replace(/\D/g, "").slice(0, 14);
  const dir = join(migrationsDirs[kind], `${stamp}_${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "migration.sql"), sql);
  const lockPath = join(migrationsDirs[kind], "migration_lock.toml");
  if (!existsSync(lockPath)) {
    writeFileSync(
      lockPath,
      `# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "${lockProvider[kind]}"\n`,
    );
  }
  return dir;
}

/** Applies every migration not yet applied (Prisma's _prisma_migrations table keeps the history). */
export async function deployMigrations(url: string): Promise<string[]> {
  return withEngine(url, async (engine, kind) => {
    const result = await engine.applyMigrations({ migrationsList: loadMigrations(kind), filters });
    return result.appliedMigrationNames;
  });
}
