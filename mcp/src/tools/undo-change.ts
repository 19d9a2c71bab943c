import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { campaignOut, completedWrite } from "./shapes.ts";

export const undoChange = defineTool({
  name: "undo_change",
  title: "Undo a change",
  description:
    "Puts a campaign's settings back as they were before one change of the history (an id from list_changes): its " +
    "name, status (active or paused), bid, budgets, target CPA, end date, pacing, postback URL or regions, whoever made " +
    "it (a person, an app, a rule, the CPA controller). Refused (conflict, with the reason) when the campaign has " +
    "changed since in one of those fields, or for a change that cannot be undone (an end, a cancellation, another kind " +
    "of target). The undo is itself a change in the history. Undoing a lowered bid or budget raises spend: say so to " +
    "the user before you call it.",
  input: {
    change_id: z.string().min(1).max(100).describe('Change id from list_changes, e.g. "chg_0Ntq5XaB3kPp9LwXcT1e4f".'),
    idempotency_key: idempotencyKey,
  },
  output: { status: z.string(), replayed: z.boolean().optional(), campaign: campaignOut.optional() },
  operations: ["undoChange"],
  run: async ({ change_id, idempotency_key }, { api }) =>
    completedWrite(
      "campaign",
      await api.write("undoChange", { path: { id: change_id } }, { idempotencyKey: idempotency_key }),
    ),
});
