// ESLint flat config: Next's recommended rules plus the import directions of
// ARCHITECTURE.md, so the layering is checked rather than hoped for.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

const noPrismaOutsideLib = {
  group: ["@/prisma/generated/*", "@/prisma/generated/**", "@prisma/client", "@prisma/client/*"],
  message: "Only lib/db and lib/domain talk to the database: call a domain service.",
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "prisma/generated/**",
      "graphql/__generated__/**",
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
  {
    // routes, resolvers and components are transports: no database access of their own
    // (graphql/ resolvers call lib/domain services only; graphql/__generated__ is ignored above)
    files: ["app/**/*.{ts,tsx}", "graphql/**/*.ts", "components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noPrismaOutsideLib,
            { group: ["@/lib/db/*"], message: "Call a domain service instead of the database." },
          ],
        },
      ],
    },
  },
  {
    // the domain and the libraries under it serve every transport: they never import one
    files: ["lib/**/*.ts"],
    ignores: ["**/*.test.ts", "lib/auction/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/app/*", "@/app/**", "@/graphql/*", "@/graphql/**", "@/mcp/*", "@/mcp/**", "@/components/*"],
              message: "lib/ must not depend on a transport (app/, graphql/, mcp/) or on components.",
            },
          ],
        },
      ],
    },
  },
  {
    // the auction core is pure: no database, no Next, no domain services
    files: ["lib/auction/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noPrismaOutsideLib,
            {
              group: ["@/lib/db/*", "@/lib/domain/*", "@/lib/domain/**", "next", "next/*"],
              message: "lib/auction is pure.",
            },
          ],
        },
      ],
    },
  },
  {
    // client components never import server-side modules
    files: ["components/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noPrismaOutsideLib,
            {
              group: ["@/lib/domain/*", "@/lib/domain/**", "@/lib/db/*"],
              message: "Client components receive data as props.",
            },
          ],
        },
      ],
    },
  },
  {
    // the MCP package is published alone: it talks to the service through its REST API only
    files: ["mcp/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noPrismaOutsideLib,
            {
              group: ["@/*", "@/**", "**/lib/**", "**/app/**", "**/prisma/**", "**/test/**", "next", "next/*"],
              message: "mcp/src is a standalone package: call the REST API through rest-client.ts.",
            },
          ],
        },
      ],
    },
  },
  // formatting is Prettier's (npm run lint checks it): no stylistic ESLint rules
  prettier,
];

export default config;
