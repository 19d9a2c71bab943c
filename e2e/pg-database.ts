// The e2e suite on PostgreSQL (npm test runs it after the SQLite run): with
// E2E_PG_URL set to a server URL, the run gets a fresh database on that server,
// created here by the runner and dropped by its global teardown. The app
// migrates it at boot like any new deployment.
import pg from "pg";
import { databaseUrl } from "../scripts/lib/local-postgres";

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates `sma_e2e_<pid>` on the server and returns its URL. */
export async function createE2eDatabase(serverUrl: string): Promise<{ name: string; url: string }> {
  const name = `sma_e2e_${process.pid}`;
  await admin(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
  return { name, url: databaseUrl(serverUrl, name) };
}

export async function dropE2eDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
