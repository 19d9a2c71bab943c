// SQLite only: the database file's permissions
// The SQLite database is readable by the service's user only (docs/decisions/0915):
// the directory created for it 0700, the file and its -wal and -shm 0600, and an
// older, looser file tightened at the next start. A directory that existed is not ours.
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdapterFactory } from "./adapters";

const mode = (path: string) => statSync(path).mode & 0o777;
let root: string;
let previousUmask: number;

beforeAll(() => {
  // the usual umask, which made the directory 0755 and the file 0644
  previousUmask = process.umask(0o022);
  root = mkdtempSync(join(tmpdir(), "sma-files-"));
  chmodSync(root, 0o755);
});
afterAll(() => {
  process.umask(previousUmask);
  rmSync(root, { recursive: true, force: true });
});

async function openAndWrite(path: string): Promise<void> {
  const adapter = await createAdapterFactory(`file:${path}`).connect();
  try {
    await adapter.executeScript("CREATE TABLE IF NOT EXISTS t (v TEXT); INSERT INTO t VALUES ('x');");
    // while the connection is open in WAL mode, the -wal and -shm files exist
    expect(existsSync(`${path}-wal`)).toBe(true);
    expect(existsSync(`${path}-shm`)).toBe(true);
    expect([mode(path), mode(`${path}-wal`), mode(`${path}-shm`)]).toEqual([0o600, 0o600, 0o600]);
  } finally {
    await adapter.dispose();
  }
}

describe("SQLite files", () => {
  it("creates the data directories 0700 and the database, -wal and -shm 0600; an existing parent keeps its mode", async () => {
    const data = join(root, "app", "data");
    await openAndWrite(join(data, "app.db"));
    expect(mode(data)).toBe(0o700);
    expect(mode(join(root, "app"))).toBe(0o700);
    expect(mode(root)).toBe(0o755);
  });

  it("tightens a database file (and its -wal and -shm) left readable by an older version", async () => {
    const dir = join(root, "old");
    await openAndWrite(join(dir, "old.db"));
    const path = join(dir, "old.db");
    for (const file of [path, `${path}-wal`, `${path}-shm`]) {
      if (!existsSync(file)) writeFileSync(file, "");
      chmodSync(file, 0o644);
    }
    await openAndWrite(path);
  });
});
