import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: "@/", replacement: root },
      // graphql ships CommonJS and ESM builds; Apollo (loaded by Node) gets the CommonJS one,
      // so our code must too, or the two copies refuse each other's types
      { find: /^graphql$/, replacement: createRequire(import.meta.url).resolve("graphql") },
    ],
  },
  test: {
    // files share a worker process, each starting from fresh app modules (test/fresh-module-state.ts):
    // the packages load once per worker instead of once per file (docs/development.md, "The suite")
    pool: "forks",
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    exclude: ["**/node_modules/**", ".next/**", "e2e/**", "mcp/node_modules/**"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          maxWorkers: 2,
          include: ["**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "**/*.mp.test.ts", "**/node_modules/**", ".next/**", "e2e/**"],
          setupFiles: ["test/setup-unit.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          // mostly waiting on the database: more workers than cores
          maxWorkers: 4,
          include: ["**/*.int.test.ts"],
          exclude: ["**/node_modules/**", ".next/**", "e2e/**"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/setup-db.ts"],
        },
      },
      {
        // several real app processes over one PostgreSQL, against the built app
        // (scripts/test.sh runs it after the build; docs/decisions/1410)
        extends: true,
        test: {
          name: "multiprocess",
          include: ["**/*.mp.test.ts"],
          exclude: ["**/node_modules/**", ".next/**", "e2e/**"],
          globalSetup: ["test/global-setup.ts"],
          setupFiles: ["test/setup-db.ts"],
        },
      },
    ],
  },
});
