// The built app (npm run build first) started on a temporary SQLite database
// with the demo on (its sandbox advertiser, campaigns and simulated traffic),
// for the scripts that look at the dashboard in a browser (lighthouse,
// screenshots). Signs in the demo user through next-auth's own endpoints.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type BuiltApp = {
  baseUrl: string;
  email: string;
  password: string;
  stop(): Promise<void>;
};

export async function startBuiltApp(port: number): Promise<BuiltApp> {
  if (!existsSync(join(process.cwd(), ".next", "BUILD_ID"))) {
    throw new Error("no production build found: run `npm run build` first");
  }
  const dir = mkdtempSync(join(tmpdir(), "sma-dashboard-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(join("node_modules", ".bin", "tsx"), ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_BASE_URL: baseUrl,
      DATABASE_URL: `file:${join(dir, "app.db")}`,
      DEMO: "1",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/ads/moment-types`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app did not start within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const credentials = JSON.parse(readFileSync(join(dir, "demo-credentials.json"), "utf8")) as {
    email: string;
    password: string;
  };
  return {
    baseUrl,
    email: credentials.email,
    password: credentials.password,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(";")[0]!);
}

/** The Cookie header of a signed-in session (CSRF token, then the credentials callback). */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiePairs(csrf);
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; ") },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  const session = cookiePairs(res).find((pair) => pair.includes(".session="));
  if (!session) throw new Error(`sign-in failed (${res.status}): ${await res.text()}`);
  return session;
}
