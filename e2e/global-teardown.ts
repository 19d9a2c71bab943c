// Drops the run's PostgreSQL database (e2e/pg-database.ts), if it made one.
import { dropE2eDatabase } from "./pg-database";

export default async function globalTeardown(): Promise<void> {
  const server = process.env.E2E_PG_URL;
  const name = process.env.E2E_PG_DATABASE;
  if (server && name) await dropE2eDatabase(server, name);
}
