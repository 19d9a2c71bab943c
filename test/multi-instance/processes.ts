// Real processes for the multi-instance test (docs/decisions/1410): app
// instances run `server.ts` exactly as `npm start` does (production mode, the
// built .next), worker-only processes run `scripts/worker.ts`. Children are
// `node --import tsx`, not the tsx CLI, so a SIGKILL reaches the process that
// holds the sockets and claims (the CLI would leave a grandchild running).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { productionEnv } from "../production-env";

export type Child = {
  name: string;
  child: ChildProcess;
  pid: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const running = new Set<Child>();

export function requireBuild(root = process.cwd()): void {
  if (!existsSync(join(root, ".next", "BUILD_ID")))
    throw new Error("the multi-instance test runs the built app: `npm run build` first (scripts/test.sh does)");
}

/** A port the system gives out now (the restarted instance takes the same one again). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function start(name: string, args: string[], env: Record<string, string>, stdin: "ignore" | "pipe" = "ignore"): Child {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: process.cwd(),
    env: productionEnv({ NEXT_TELEMETRY_DISABLED: "1", ...env }),
    stdio: [stdin, "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const entry: Child = {
    name,
    child,
    pid: child.pid!,
    output: () => output,
    exited: new Promise((resolve) =>
      child.on("exit", (code, signal) => {
        running.delete(entry);
        resolve({ code, signal });
      }),
    ),
  };
  running.add(entry);
  return entry;
}

export function startApp(name: string, port: number, env: Record<string, string>): Child {
  return start(name, ["server.ts"], { ...env, PORT: String(port), HOST: "127.0.0.1", WORKERS: "1" });
}

export function startWorker(name: string, env: Record<string, string>): Child {
  return start(name, ["scripts/worker.ts"], env);
}

/**
 * One pass of the rules worker at `atMs` in its own process (./rules-pass.ts): it prints
 * "ready" once loaded and connected, and runs when `go` writes to its stdin.
 */
export function startRulesPass(name: string, atMs: number, env: Record<string, string>) {
  const pass = start(name, ["test/multi-instance/rules-pass.ts", String(atMs)], env, "pipe");
  const ready = new Promise<void>((resolve, reject) => {
    pass.child.stdout!.on("data", () => {
      if (pass.output().includes("ready\n")) resolve();
    });
    void pass.exited.then(() => reject(new Error(`${name} exited before it was ready:\n${pass.output()}`)));
  });
  const evaluated = pass.exited.then(({ code }) => {
    const line = /evaluated (\d+)/.exec(pass.output());
    if (code !== 0 || !line) throw new Error(`${name} failed (${code}):\n${pass.output()}`);
    return Number(line[1]);
  });
  return { ready, go: () => pass.child.stdin!.end("go\n"), evaluated };
}

/** Polls until the instance answers E2; fails at once if the process died. */
export async function waitReady(app: Child, port: number, deadlineMs = 120_000): Promise<void> {
  let exited = false;
  void app.exited.then(() => (exited = true));
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (exited) throw new Error(`${app.name} exited before it was ready:\n${app.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ads/moment-types`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${app.name} not ready after ${deadlineMs} ms:\n${app.output()}`);
}

/** SIGTERM and wait for the exit (what a deployment does); SIGKILL anything left at the end of the file. */
export async function stop(app: Child): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  app.child.kill("SIGTERM");
  return app.exited;
}

export function killAll(): void {
  for (const entry of running) entry.child.kill("SIGKILL");
}
