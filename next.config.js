// @ts-check
import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";

/** @type {import("next").NextConfig} */
const nextConfig = {
  // Native and driver packages are loaded by Node at run time, never bundled.
  serverExternalPackages: [
    "better-sqlite3",
    "@prisma/client",
    "@prisma/adapter-better-sqlite3",
    "@prisma/adapter-pg",
    "pg",
    "pino",
    "pdfkit",
    "rate-limiter-flexible",
    // one copy of graphql for every GraphQL package: Node's resolution loads its
    // CommonJS build for all of them (a bundled ESM copy beside it breaks instanceof checks)
    "graphql",
    "@apollo/server",
    "@escape.tech/graphql-armor",
    "graphql-query-complexity",
    "dataloader",
    // one metrics registry and one tracer provider for the custom server and the routes (lib/observability)
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
  ],
  // npm test type-checks the whole project once (npm run typecheck) before it builds: it sets
  // SMA_BUILD_SKIP_TYPECHECK=1 so the build does not check the same files again
  typescript: { ignoreBuildErrors: process.env.SMA_BUILD_SKIP_TYPECHECK === "1" },
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

// Development-only routes are files named page.dev.tsx: the development server
// (`npm run dev`) serves them, a production build does not compile them, so
// they 404 there (the GraphiQL explorer at /graphiql; docs/decisions/1108).
export const PAGE_EXTENSIONS = ["tsx", "ts", "jsx", "js"];
export const DEV_PAGE_EXTENSIONS = ["dev.tsx", ...PAGE_EXTENSIONS];

/** @param {string} phase */
export default function config(phase) {
  return {
    ...nextConfig,
    pageExtensions: phase === PHASE_DEVELOPMENT_SERVER ? DEV_PAGE_EXTENSIONS : PAGE_EXTENSIONS,
  };
}
