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
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
};

export default nextConfig;
