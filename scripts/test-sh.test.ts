// scripts/test.sh (npm test, which CI runs after `npm install`): in CI, in a git
// checkout, it stops before any step when the install changed the committed
// package.json or lockfile. Run on a copy of the script in a scratch repository,
// with stand-ins for npm, npx (and apt-get, sudo: where Chromium or PostgreSQL is
// missing the script installs them first) that record the first thing the
// script went on to do, and stop it there.
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const SCRIPT = join(import.meta.dirname, "test.sh");
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function git(...args: string[]) {
  const result = spawnSync("git", ["-c", "user.email=t@example.test", "-c", "user.name=t", ...args], {
    cwd: dir,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(result.stderr);
}

/** A scratch project holding scripts/test.sh and the two files; committed unless `gitRepo` is false. */
function scratch(gitRepo = true) {
  dir = mkdtempSync(join(tmpdir(), "sma-test-sh-"));
  mkdirSync(join(dir, "scripts"));
  copyFileSync(SCRIPT, join(dir, "scripts", "test.sh"));
  writeFileSync(join(dir, "package.json"), '{ "name": "x" }\n');
  writeFileSync(join(dir, "package-lock.json"), '{ "lockfileVersion": 3 }\n');
  // each records that the script went on, and stops it there (set -e)
  const bin = join(dir, "bin");
  mkdirSync(bin);
  for (const name of ["npm", "npx", "apt-get", "sudo"]) {
    writeFileSync(join(bin, name), `#!/bin/sh\necho "${name} $*" >> "${join(dir, "calls.log")}"\nexit 3\n`);
    chmodSync(join(bin, name), 0o755);
  }
  if (gitRepo) {
    git("init", "-q");
    git("add", "package.json", "package-lock.json", "scripts");
    git("commit", "-qm", "start");
  }
}

function run(ci: string | undefined) {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "test",
    PATH: `${join(dir, "bin")}:${process.env.PATH}`,
    HOME: dir,
    TEST_PG_URL: "x",
  };
  if (ci !== undefined) env.CI = ci;
  const result = spawnSync("bash", [join(dir, "scripts", "test.sh")], { cwd: dir, env, encoding: "utf8" });
  let calls = "";
  try {
    calls = readFileSync(join(dir, "calls.log"), "utf8");
  } catch {
    calls = "";
  }
  return { status: result.status, stderr: result.stderr, calls };
}

describe("scripts/test.sh in CI", () => {
  it("fails before any step, naming the file, when npm install changed the lockfile", () => {
    scratch();
    writeFileSync(join(dir, "package-lock.json"), '{ "lockfileVersion": 3, "packages": {} }\n');
    const result = run("true");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("npm install changed the committed package.json or package-lock.json");
    expect(result.stderr).toContain("M package-lock.json");
    expect(result.calls).toBe("");
  });

  it("fails the same way when package.json changed", () => {
    scratch();
    writeFileSync(join(dir, "package.json"), '{ "name": "x", "dependencies": { "y": "^1.0.0" } }\n');
    const result = run("true");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("M package.json");
    expect(result.calls).toBe("");
  });

  it("goes on to the first step when both files are as committed", () => {
    scratch();
    const result = run("true");
    expect(result.stderr).not.toContain("npm install changed");
    expect(result.calls).not.toBe("");
  });

  it("leaves a local run (no CI) and a directory that is no git checkout alone", () => {
    scratch();
    writeFileSync(join(dir, "package-lock.json"), "{}\n");
    expect(run(undefined).calls).not.toBe("");
    rmSync(dir, { recursive: true, force: true });
    scratch(false);
    expect(run("true").calls).not.toBe("");
  });
});
