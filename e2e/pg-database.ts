// The e2e suite on PostgreSQL (npm test runs it after the SQLite run): with
// E2E_PG_URL set to a server URL, the run gets a fresh database on that server,
// created here by the runner and dropped by its global teardown. The app
// migrates it at boot like any new deployment.
import { dropPgDatabase, freshPgDatabase } from "../scripts/lib/local-postgres";

/** Creates `sma_e2e_<pid>` on the server and returns its URL. */
export async function createE2eDatabase(serverUrl: string): Promise<{ name: string; url: string }> {
  const name = `sma_e2e_${process.pid}`;
  const { url } = await freshPgDatabase(serverUrl, name);
  return { name, url };
}

export async function dropE2eDatabase(serverUrl: string, name: string): Promise<void> {
  await dropPgDatabase(serverUrl, name);
}
