// ESLint flat config: Next's recommended rules plus the import directions of
// ARCHITECTURE.md, so the layering is checked rather than hoped for.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// The import directions of ARCHITECTURE.md ("Import directions"). Folder rules
// use import/no-restricted-paths, which resolves each import (relative or "@/")
// to the file it names, so "../db/client" and "@/lib/db/client" are the same
// import; package rules use no-restricted-imports on the specifier.
// test/layering.test.ts lints a forbidden import of each kind in each zone.

/** Test files and test helpers: exempt from the transport rule only (they set up rows). */
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "test/**", "e2e/**"];

const PURE =
  "lib/auction is pure: it imports only its own files and lib/money (tests also lib/random, the reference model test/reference-auction.ts, vitest, fast-check, node:*).";
const DOMAIN =
  "lib/domain (and lib/webhooks, lib/history) is below every transport: no Next, no lib/http, no route, no hot router.";
const DELIVERY = "lib/delivery is below the transports that call it: no Next, no lib/http, no route, no hot router.";
const TRANSPORT = "Route handlers and the hot router are transports: call a domain service or the delivery engine.";
const RESOLVERS = "graphql/ is a transport: resolvers and loaders call lib/domain services, never the database.";
const BELOW_TRANSPORTS = "lib/ serves every transport: it never imports graphql/ or mcp/.";
const GENERATED =
  "Only lib/db imports a generated Prisma client: take types from @/lib/db/client, SQL from @/lib/db/sql.";
const COMPONENTS =
  "components/ are a transport: data comes through GraphQL; from lib/domain only *.schemas.ts and pure catalogs.";
const STANDALONE = "mcp/src is a standalone package: call the REST API through rest-client.ts.";
const DOCS =
  "app/docs pages are documentation: no database, not even through lib/rate-limit/limiter.ts (its numbers are in lib/rate-limit/policies.ts).";

/** lib/auction is an allow-list: no file of the repository but these (packages: ANY_PACKAGE below). */
const AUCTION_MAY_IMPORT = ["./lib/auction", "./lib/money.ts", "./node_modules"];

/**
 * Folder zones: files under `target` may not import files under `from` but
 * those under `except` (`tests`: the zone holds for test files too, with
 * `testExcept` added to `except`).
 */
const zones = [
  {
    target: "./lib/auction",
    from: ".",
    except: AUCTION_MAY_IMPORT,
    testExcept: ["./lib/random.ts", "./test/reference-auction.ts"],
    message: PURE,
    tests: true,
  },
  {
    target: "./lib/domain",
    from: ["./lib/http", "./lib/server", "./lib/delivery", "./lib/workers", "./app"],
    message: DOMAIN,
    tests: true,
  },
  {
    // areas whose use cases live in a folder of their own (their tests drive them through the routes)
    target: ["./lib/webhooks", "./lib/history"],
    from: ["./lib/http", "./lib/server", "./lib/delivery", "./lib/workers", "./app"],
    message: DOMAIN,
    tests: false,
  },
  {
    target: "./lib/delivery",
    from: ["./lib/http", "./lib/server", "./lib/workers", "./app"],
    message: DELIVERY,
    tests: true,
  },
  { target: ["./app", "./lib/server"], from: ["./lib/db"], message: TRANSPORT, tests: false },
  { target: "./app/docs", from: ["./lib/db", "./lib/rate-limit/limiter.ts"], message: DOCS, tests: false },
  { target: "./graphql", from: ["./lib/db", "./lib/server", "./app"], message: RESOLVERS, tests: false },
  { target: "./lib", from: ["./graphql", "./mcp"], message: BELOW_TRANSPORTS, tests: false },
  {
    target: [
      "./app",
      "./graphql",
      "./lib/!(db)/**",
      "./lib/*.ts",
      "./scripts",
      "./test",
      "./e2e",
      "./server.ts",
      "./mcp",
    ],
    from: ["./prisma/generated"],
    message: GENERATED,
    tests: true,
  },
  {
    target: "./components",
    from: ["./lib/db", "./prisma", "./graphql/server.ts", "./graphql/resolvers"],
    message: COMPONENTS,
    tests: false,
  },
  {
    target: "./components",
    from: "./lib/domain/**",
    // zod schemas shared with the API, and catalogs that are data (no I/O)
    except: [
      "**/lib/domain/**/*.schemas.ts",
      "**/lib/domain/moment-types/catalog.ts",
      "**/lib/domain/sports.ts",
      "**/lib/domain/regions/regions.ts",
    ],
    message: COMPONENTS,
    tests: true,
  },
  // an allow-list too: nothing outside mcp/ but packages (the root node_modules)
  { target: "./mcp/src", from: ".", except: ["./mcp", "./node_modules"], message: STANDALONE, tests: true },
].map(({ target, from, except = [], testExcept = [], message, tests }) => ({
  zone: { target, from, except, message },
  testZone: tests ? { target, from, except: [...except, ...testExcept], message } : undefined,
}));

// package specifiers, matched from the start (a relative path through a folder named "pg" is not the pg driver)
const NEXT = "next(/|$)";
const DRIVERS = "(pg|pg-[\\w-]+|better-sqlite3)(/|$)";
const PRISMA = "(@prisma/|prisma(/|$))";
const ALIAS = "@/";
/** Any package: a specifier that is neither relative nor "@/" (lib/auction's code needs none). */
const ANY_PACKAGE = "(?!\\.|@/)";
/** Any package but the test runner, the property checker and Node's own modules (lib/auction's tests). */
const AUCTION_TEST_PACKAGES = "(?!\\.|@/|vitest$|fast-check$|node:)";

/** Package rules, one set per folder (no file is in two sets: flat config keeps only one option list per rule). */
const packageRules = [
  { files: ["lib/auction/**"], packages: [ANY_PACKAGE], message: PURE, tests: false },
  { files: ["lib/auction/**/*.test.ts"], packages: [AUCTION_TEST_PACKAGES], message: PURE, tests: true },
  { files: ["lib/domain/**"], packages: [NEXT, DRIVERS], message: DOMAIN, tests: true },
  { files: ["lib/delivery/**"], packages: [NEXT], message: DELIVERY, tests: true },
  { files: ["app/**", "lib/server/**"], packages: [DRIVERS, PRISMA], message: TRANSPORT, tests: false },
  { files: ["graphql/**"], packages: [DRIVERS, PRISMA], message: RESOLVERS, tests: false },
  { files: ["components/**"], packages: [DRIVERS, PRISMA], message: COMPONENTS, tests: false },
  { files: ["mcp/src/**"], packages: [NEXT, ALIAS], message: STANDALONE, tests: true },
];

const layering = [
  {
    files: ["**/*.{ts,tsx,mts}"],
    ignores: TESTS,
    rules: { "import/no-restricted-paths": ["error", { zones: zones.map((entry) => entry.zone) }] },
  },
  {
    files: TESTS,
    rules: {
      "import/no-restricted-paths": [
        "error",
        { zones: zones.flatMap((entry) => (entry.testZone ? [entry.testZone] : [])) },
      ],
    },
  },
  ...packageRules.map(({ files, packages, message, tests }) => ({
    files,
    ...(tests ? {} : { ignores: TESTS }),
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: `^(${packages.join("|")})`, message }] }] },
  })),
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "prisma/generated/**",
      "graphql/__generated__/**",
      "mcp/src/generated/**",
      "mcp/dist/**",
      "mcp/node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "data/**",
      "next-env.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
    },
  },
  ...layering,
  // formatting is Prettier's (npm run lint checks it): no stylistic ESLint rules
  prettier,
];

export default config;
