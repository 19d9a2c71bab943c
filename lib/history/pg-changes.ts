// Change rows inserted on PostgreSQL by the raw-SQL writers (the delivery
// store's commit, the webhook attempt store): one statement for any number of
// rows, inside the caller's open transaction.
import type pg from "pg";
import { CHANGE_COLUMNS, changeValues, type ChangeRow } from "./changes";

const TYPES: Record<(typeof CHANGE_COLUMNS)[number], string> = {
  id: "text",
  advertiser_id: "text",
  at_ms: "bigint",
  actor_type: "text",
  actor_id: "text",
  actor_name: "text",
  actor_handle: "text",
  on_behalf_of_id: "text",
  on_behalf_of_name: "text",
  on_behalf_of_handle: "text",
  operation: "text",
  target_type: "text",
  target_id: "text",
  campaign_id: "text",
  fields: "text",
  reason: "text",
};

const INSERT = `INSERT INTO changes (${CHANGE_COLUMNS.join(", ")})
   SELECT * FROM unnest(${CHANGE_COLUMNS.map((column, index) => `$${index + 1}::${TYPES[column]}[]`).join(", ")})`;

export async function insertChangeRows(
  client: Pick<pg.PoolClient, "query">,
  rows: readonly ChangeRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(changeValues);
  await client.query(
    INSERT,
    CHANGE_COLUMNS.map((_, index) => values.map((row) => row[index])),
  );
}
