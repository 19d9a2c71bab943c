// The container image's required properties, read from the Dockerfile itself (docs/decisions/1443):
// several stages, the final one from the base image (not from the build stage) with only the
// pruned production dependencies copied in, a non-root user, a HEALTHCHECK on /healthz, node
// (not npm) as the command; .dockerignore keeps installed and built output and secrets out;
// compose.yaml has PostgreSQL, two app instances and a worker with its health port. And the
// Dockerfile lints clean with dockerfile-utils (the Docker language server's validator), since
// neither hadolint nor a base image to build from is reachable here.
import { readFileSync } from "node:fs";
import { validate } from "dockerfile-utils";
import { describe, expect, it } from "vitest";

type Instruction = { keyword: string; args: string };
type Stage = { name: string | undefined; from: string; instructions: Instruction[] };

/** The Dockerfile's instructions (continuations joined, comments dropped), by stage. */
function stages(text: string): Stage[] {
  const logical = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const result: Stage[] = [];
  for (const line of logical) {
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === "FROM") {
      const match = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args.trim());
      result.push({ from: match?.[1] ?? "", name: match?.[2], instructions: [] });
    } else if (result.length) result.at(-1)!.instructions.push({ keyword: upper, args });
  }
  return result;
}

const dockerfile = readFileSync("Dockerfile", "utf8");
const all = stages(dockerfile);
const final = all.at(-1)!;
const named = (name: string) => all.find((stage) => stage.name === name);
const of = (stage: Stage, keyword: string) => stage.instructions.filter((entry) => entry.keyword === keyword);

describe("Dockerfile", () => {
  it("lints clean (dockerfile-utils), and the linter catches what it should", () => {
    expect(
      validate(dockerfile).map((diagnostic) => `${diagnostic.range.start.line + 1}: ${diagnostic.message}`),
    ).toEqual([]);
    const broken = `${dockerfile}\nHEALTHCHECK CMD true\nCOPYY . .\n`;
    expect(validate(broken).map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining("only be one HEALTHCHECK"),
      "Unknown instruction: COPYY",
    ]);
  });

  it("is multi-stage: dependencies, build and runtime", () => {
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.map((stage) => stage.name)).toEqual(["deps", "build", "runtime"]);
    expect(named("build")!.from).toBe("deps");
  });

  it("builds the app (Next and the MCP package) in the build stage and prunes the dev dependencies there", () => {
    const runs = of(named("build")!, "RUN").map((entry) => entry.args);
    expect(runs.join(" ")).toMatch(/npm run build\b.*npm prune --omit=dev/);
  });

  it("starts the runtime stage from the base image, with nothing but the pruned tree copied from the build", () => {
    expect(final.from).toBe("${NODE_IMAGE}");
    const copies = of(final, "COPY").map((entry) => entry.args);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy).toMatch(/--from=build\b/);
    // no install in the runtime stage: its node_modules is the pruned one
    for (const run of of(final, "RUN")) expect(run.args).not.toMatch(/npm (install|ci)\b/);
  });

  it("runs as a non-root user", () => {
    const users = of(final, "USER").map((entry) => entry.args.trim());
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
    expect(
      of(final, "RUN")
        .map((entry) => entry.args)
        .join(" "),
    ).toContain(`useradd --system --uid 10001`);
    // the user comes after everything that needs root
    const order = final.instructions.map((entry) => entry.keyword);
    expect(order.lastIndexOf("RUN")).toBeLessThan(order.indexOf("USER"));
  });

  it("checks its health on /healthz", () => {
    const checks = of(final, "HEALTHCHECK");
    expect(checks).toHaveLength(1);
    expect(checks[0]!.args).toMatch(/CMD .*\/healthz/);
    expect(checks[0]!.args).toMatch(/--interval=\d+s/);
  });

  it("runs server.ts with node itself, so SIGTERM reaches the drain", () => {
    const cmd = of(final, "CMD").at(-1)!.args;
    expect(JSON.parse(cmd)).toEqual(["node", "--import", "tsx", "server.ts"]);
    expect(
      of(final, "ENV")
        .map((entry) => entry.args)
        .join(" "),
    ).toContain("NODE_ENV=production");
  });
});

describe(".dockerignore", () => {
  const ignored = readFileSync(".dockerignore", "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  it("keeps installed and built output, local data and secrets out of the build context", () => {
    for (const entry of [".git", "node_modules", ".next", "prisma/generated", "data", ".env", ".env.*"])
      expect(ignored).toContain(entry);
  });
});

describe("compose.yaml", () => {
  const compose = readFileSync("compose.yaml", "utf8");
  const servicesBlock = compose.slice(compose.indexOf("\nservices:"), compose.indexOf("\nvolumes:"));
  const services = [...servicesBlock.matchAll(/^ {2}([a-z0-9-]+):\s*$/gm)].map((match) => match[1]);
  it("has PostgreSQL, two app instances and a worker with its health port", () => {
    expect(services).toEqual(["postgres", "app1", "app2", "worker"]);
    expect(compose).toMatch(/image: postgres:/);
    expect(compose).toMatch(/DATABASE_URL: postgresql:\/\/sma:sma@postgres:5432\/sma/);
    expect(compose).toMatch(/command: \["node", "--import", "tsx", "scripts\/worker\.ts"\]/);
    expect(compose).toMatch(/WORKER_HEALTH_PORT: "9465"/);
    expect(compose).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?/);
    expect(compose).toMatch(/METRICS_TOKEN: \$\{METRICS_TOKEN:\?/);
  });
});
