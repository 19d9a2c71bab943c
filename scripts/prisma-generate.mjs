// Generates both Prisma clients from the one source schema (docs/decisions/0004):
// prisma/schema.prisma (SQLite) and its PostgreSQL variant, written to
// prisma/generated/schema.postgresql.prisma with provider and output swapped.
// Runs at `npm install` (postinstall); `prisma generate` needs no engine binary.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const source = join(root, "prisma", "schema.prisma");
export const postgresSchemaPath = join(root, "prisma", "generated", "schema.postgresql.prisma");

/** Lines of prisma/schema.prisma written as `// postgresql-only: <line>` exist only in the PostgreSQL schema. */
const POSTGRESQL_ONLY = /^(\s*)\/\/ postgresql-only: /gm;

export function postgresSchemaText(text) {
  const swapped = text
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output\s*=\s*"\.\/generated\/sqlite"/, 'output       = "./pg"')
    .replace(POSTGRESQL_ONLY, "$1");
  if (swapped === text || !swapped.includes('"./pg"')) {
    throw new Error('prisma/schema.prisma: expected provider "sqlite" and output "./generated/sqlite"');
  }
  return `// GENERATED from prisma/schema.prisma by scripts/prisma-generate.mjs: do not edit.\n${swapped}`;
}

export function writePostgresSchema() {
  mkdirSync(dirname(postgresSchemaPath), { recursive: true });
  writeFileSync(postgresSchemaPath, postgresSchemaText(readFileSync(source, "utf8")));
  return postgresSchemaPath;
}

function generate(schemaPath) {
  execFileSync(join(root, "node_modules", ".bin", "prisma"), ["generate", "--schema", schemaPath], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
    },
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  generate(source);
  generate(writePostgresSchema());
  console.log("prisma: generated clients for SQLite and PostgreSQL");
}
