// Files that hold secrets or the whole database are readable by the service's
// user only: directories this process creates are 0700, such files 0600, set
// explicitly because mkdir's and open's modes pass through the umask (a default
// umask of 022 left data/ 0755 and the SQLite file 0644). A directory that
// already existed is left alone: DATABASE_URL may point into /tmp or a home
// directory whose mode is not ours to change (docs/decisions/0915).
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** Creates `dir` and its missing parents, each one it creates 0700. */
export function ensurePrivateDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (first === undefined) return;
  for (let current = dir; ; current = dirname(current)) {
    chmodSync(current, PRIVATE_DIR_MODE);
    if (current === first || dirname(current) === current) break;
  }
}

/**
 * Makes each existing file of `paths` 0600 (a missing one is skipped). A file another
 * user owns keeps the mode its owner chose (chmod is theirs: EPERM).
 */
export function makeFilesPrivate(...paths: string[]): void {
  for (const path of paths) {
    try {
      chmodSync(path, PRIVATE_FILE_MODE);
    } catch (error) {
      if (errorCode(error) !== "ENOENT" && errorCode(error) !== "EPERM") throw error;
    }
  }
}

/** Creates `path` empty and 0600 when missing (its directory as ensurePrivateDir does), and makes it 0600. */
export function ensurePrivateFile(path: string): void {
  ensurePrivateDir(dirname(path));
  closeSync(openSync(path, "a", PRIVATE_FILE_MODE));
  makeFilesPrivate(path);
}
