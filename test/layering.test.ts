// The import directions of ARCHITECTURE.md are enforced by ESLint
// (eslint.config.mjs). This lints probe sources placed, by file path, inside
// each zone: every forbidden import is refused whether written relative or with
// the "@/" alias, and an allowed import in the same file is not.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const LAYERING_RULES = new Set(["import/no-restricted-paths", "no-restricted-imports"]);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
}, 60_000);

/** The layering messages ESLint reports for `specifier` imported by a file at `filePath`. */
async function layeringErrors(filePath: string, specifier: string): Promise<string[]> {
  const source = `import * as probe from "${specifier}";\n\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(source, { filePath: `${root}${filePath}` });
  return result!.messages
    .filter((message) => message.ruleId !== null && LAYERING_RULES.has(message.ruleId))
    .map((message) => message.message);
}

type Case = { file: string; refused: string[]; allowed: string[]; says: RegExp };

const GENERATED = /Only lib\/db imports a generated Prisma client/;

const CASES: Record<string, Case> = {
  "lib/auction is pure": {
    file: "lib/auction/probe.ts",
    refused: [
      "../db/client",
      "@/lib/db/client",
      "../domain/sports",
      "@/lib/domain/sports",
      "../delivery/store/delivery-store",
      "@/lib/delivery/store/delivery-store",
      "../http/define-route",
      "@/lib/http/define-route",
      "../server/hot-routes",
      "@/lib/server/hot-routes",
      "../webhooks/outbox",
      "@/lib/webhooks/outbox",
      "../workers/registry",
      "../../app/api/[...path]/route",
      "@/app/api/[...path]/route",
      "../ids",
      "@/lib/clock",
      "../random",
      "pg",
      "pg-connection-string",
      "better-sqlite3",
      "prisma",
      "@prisma/client",
      "next/server",
      "luxon",
      "zod",
      "node:crypto",
    ],
    allowed: ["../money", "@/lib/money", "./rules", "@/lib/auction/auction-book"],
    says: /lib\/auction is pure/,
  },
  "lib/domain is below the transports": {
    file: "lib/domain/campaigns/probe.ts",
    refused: [
      "next/server",
      "next",
      "../../http/define-route",
      "@/lib/http/define-route",
      "../../../app/api/[...path]/route",
      "@/app/api/[...path]/route",
      "../../server/hot-routes",
      "@/lib/server/hot-routes",
      "../../delivery/store/delivery-store",
      "@/lib/delivery/store/delivery-store",
      "../../workers/registry",
      "@/lib/workers/registry",
      "pg",
      "better-sqlite3",
    ],
    allowed: ["../../db/client", "@/lib/db/client", "../sports", "@/lib/webhooks/outbox"],
    says: /lib\/domain \(and lib\/webhooks, lib\/history\) is below every transport/,
  },
  "lib/webhooks and lib/history are below the transports": {
    file: "lib/webhooks/probe.ts",
    refused: [
      "../http/define-route",
      "@/lib/http/define-route",
      "../server/hot-routes",
      "@/lib/server/hot-routes",
      "../../app/api/[...path]/own-handlers",
      "@/app/api/[...path]/own-handlers",
      "../workers/registry",
      "@/lib/workers/registry",
    ],
    allowed: ["../db/client", "@/lib/db/client", "@/lib/domain/campaigns/get-campaign", "./outbox"],
    says: /lib\/domain \(and lib\/webhooks, lib\/history\) is below every transport/,
  },
  "lib/delivery is below the transports": {
    file: "lib/delivery/engine/probe.ts",
    refused: [
      "next/server",
      "../../http/define-route",
      "@/lib/http/define-route",
      "../../server/hot-routes",
      "@/lib/server/hot-routes",
      "../../../app/api/[...path]/route",
      "@/app/api/[...path]/route",
      "../../workers/registry",
      "@/lib/workers/registry",
    ],
    allowed: ["../../db/client", "@/lib/db/client", "@/lib/domain/sports", "pg"],
    says: /lib\/delivery is below the transports/,
  },
  "route handlers never touch the database": {
    file: "app/api/ads/probe/route.ts",
    refused: ["../../../../lib/db/client", "@/lib/db/client", "pg", "better-sqlite3", "@prisma/client"],
    allowed: ["@/lib/domain/campaigns/list-campaigns", "../../../../lib/http/define-route"],
    says: /are transports/,
  },
  "docs pages never reach the database": {
    file: "app/docs/probe/page.tsx",
    refused: [
      "../../../lib/db/client",
      "@/lib/db/client",
      "../../../lib/rate-limit/limiter",
      "@/lib/rate-limit/limiter",
    ],
    allowed: ["@/lib/rate-limit/policies", "../../../lib/rate-limit/policies", "@/graphql/limits"],
    says: /app\/docs pages are documentation/,
  },
  "the hot router never touches the database": {
    file: "lib/server/probe.ts",
    refused: ["../db/client", "@/lib/db/client", "pg"],
    allowed: ["../delivery/engine/engine-instance", "@/lib/delivery/engine/engine-instance"],
    says: /are transports/,
  },
  "only lib/db imports a generated Prisma client": {
    file: "lib/domain/reporting/probe.ts",
    refused: [
      "../../../prisma/generated/sqlite/client",
      "@/prisma/generated/sqlite/client",
      "@/prisma/generated/pg/client",
    ],
    allowed: ["@/lib/db/client", "@/lib/db/sql"],
    says: GENERATED,
  },
  "scripts take the Prisma client from lib/db": {
    file: "scripts/probe.ts",
    refused: ["../prisma/generated/sqlite/client", "@/prisma/generated/pg/client"],
    allowed: ["../lib/db/client", "@/lib/db/sql"],
    says: GENERATED,
  },
  "routes never import a generated Prisma client": {
    file: "app/api/ads/probe/route.ts",
    refused: ["../../../../prisma/generated/sqlite/client", "@/prisma/generated/pg/client"],
    allowed: ["@/lib/domain/campaigns/list-campaigns"],
    says: GENERATED,
  },
  "GraphQL never imports a generated Prisma client": {
    file: "graphql/probe.ts",
    refused: ["../prisma/generated/sqlite/client", "@/prisma/generated/pg/client"],
    allowed: ["@/lib/domain/campaigns/campaign-connection"],
    says: GENERATED,
  },
  "GraphQL resolvers never touch the database": {
    file: "graphql/resolvers/probe.ts",
    refused: [
      "../../lib/db/client",
      "@/lib/db/client",
      "pg",
      "better-sqlite3",
      "@prisma/client",
      "@/app/api/[...path]/route",
      "@/lib/server/hot-routes",
    ],
    allowed: ["@/lib/domain/campaigns/campaign-connection", "../camel-case", "@/lib/domain/campaigns/campaign"],
    says: /graphql\/ is a transport/,
  },
  "lib never imports a transport": {
    file: "lib/webhooks/probe.ts",
    refused: ["@/graphql/server", "../../graphql/context", "@/mcp/src/registry"],
    allowed: ["@/lib/db/client", "../errors"],
    says: /lib\/ serves every transport/,
  },
  "components get data through GraphQL": {
    file: "components/campaigns/probe.tsx",
    refused: [
      "../../lib/db/client",
      "@/lib/db/client",
      "@/lib/domain/campaigns/create-campaign",
      "../../lib/domain/reporting/get-campaign-report",
      "@/graphql/server",
      "@/prisma/generated/sqlite/client",
      "@prisma/client",
      "better-sqlite3",
    ],
    allowed: [
      "@/lib/domain/campaigns/campaigns.schemas",
      "../../lib/domain/moment-types/catalog",
      "@/lib/domain/sports",
      "@/graphql/__generated__/client/graphql",
      "../ui/button",
    ],
    says: /components\/ are a transport/,
  },
  "mcp/src is a standalone package": {
    file: "mcp/src/probe.ts",
    refused: [
      "../../lib/money",
      "@/lib/money",
      "../../app/mcp/route",
      "../../prisma/generated/sqlite/client",
      "../../test/http",
      "../../scripts/prisma-generate.mjs",
      "../../server",
      "../../graphql/server",
      "../../e2e/helpers",
      "next/server",
    ],
    allowed: ["./rest-client", "zod"],
    says: /standalone package/,
  },
};

describe("layering lint", () => {
  for (const [name, { file, refused, allowed, says }] of Object.entries(CASES)) {
    describe(name, () => {
      it.each(refused)(`refuses ${file} importing %s`, async (specifier) => {
        // (an import can break two rules: mcp/src importing a generated client)
        expect(await layeringErrors(file, specifier)).toContainEqual(expect.stringMatching(says));
      });
      it.each(allowed)(`allows ${file} importing %s`, async (specifier) => {
        expect(await layeringErrors(file, specifier)).toEqual([]);
      });
    });
  }

  it("exempts tests from the transport rule only", async () => {
    expect(await layeringErrors("app/api/ads/probe/route.int.test.ts", "@/lib/db/client")).toEqual([]);
    expect(await layeringErrors("lib/auction/probe.test.ts", "../db/client")).toEqual([
      expect.stringMatching(/lib\/auction is pure/),
    ]);
    expect(await layeringErrors("lib/domain/probe.test.ts", "next/server")).toEqual([
      expect.stringMatching(/lib\/domain \(and lib\/webhooks, lib\/history\) is below every transport/),
    ]);
  });

  it("lets lib/auction's tests use the test runner, the property checker, Node and lib/random only", async () => {
    for (const allowed of ["vitest", "fast-check", "node:fs", "../random", "@/lib/random", "../money", "./rules"]) {
      expect(await layeringErrors("lib/auction/probe.test.ts", allowed)).toEqual([]);
    }
    for (const refused of ["zod", "luxon", "../ids", "@/lib/clock", "../../test/http"]) {
      expect(await layeringErrors("lib/auction/probe.test.ts", refused)).toEqual([
        expect.stringMatching(/lib\/auction is pure/),
      ]);
    }
  });

  it("lets lib/db import the generated clients", async () => {
    expect(await layeringErrors("lib/db/probe.ts", "@/prisma/generated/sqlite/client")).toEqual([]);
    expect(await layeringErrors("lib/db/probe.ts", "../../prisma/generated/pg/client")).toEqual([]);
  });
});
