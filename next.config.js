// @ts-check
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
    "rate-limiter-flexible",
    // one copy of graphql for every GraphQL package: Node's resolution loads its
    // CommonJS build for all of them (a bundled ESM copy beside it breaks instanceof checks)
    "graphql",
    "@apollo/server",
    "@escape.tech/graphql-armor",
    "graphql-query-complexity",
    "dataloader",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
