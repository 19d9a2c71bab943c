import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { completedWrite, postbackKeyId, postbackKeyName, writeOutcome } from "./shapes.ts";

export const renamePostbackKey = defineTool({
  name: "rename_postback_key",
  title: "Rename a postback key",
  description:
    "Renames a postback key (active or revoked), e.g. after the attribution partner it is for; name null removes the " +
    "name. The key itself does not change, so partners using it are unaffected.",
  input: { postback_key_id: postbackKeyId, name: postbackKeyName.nullable(), idempotency_key: idempotencyKey },
  output: {
    ...writeOutcome,
    postback_key: z.looseObject({ id: z.string(), name: z.string().nullable() }).optional(),
  },
  operations: ["renamePostbackKey"],
  run: async ({ postback_key_id, name, idempotency_key }, { api }) =>
    completedWrite(
      "postback_key",
      await api.write(
        "renamePostbackKey",
        { path: { id: postback_key_id }, body: { name } },
        { idempotencyKey: idempotency_key },
      ),
    ),
});
