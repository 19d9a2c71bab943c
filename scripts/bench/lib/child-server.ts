// A benchmark server in its own process: started with tsx, it prints its port on
// stdout once listening; stopped with SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";

/** SMA_BENCH_PROFILE=<dir>: write a CPU profile of each server */
export const PROFILE_ARGS = process.env.SMA_BENCH_PROFILE
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SMA_BENCH_PROFILE}`]
  : [];

/** SMA_BENCH_APP_NODE_ARGS="--flag ...": extra Node flags for the decision server (experiments) */
export const APP_NODE_ARGS = (process.env.SMA_BENCH_APP_NODE_ARGS ?? "").split(" ").filter(Boolean);

/** Starts `script`; resolves with the port it prints. `nodeArgs` go before tsx (e.g. --cpu-prof). */
export function startChild(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", script], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.once("data", (chunk: Buffer) => resolve({ child, port: Number(chunk.toString().trim()) }));
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
