import { z } from "zod";
import { defineTool, idempotencyKey } from "../tool.ts";
import { completedWrite, postbackKeyId, writeOutcome } from "./shapes.ts";

export const revokePostbackKey = defineTool({
  name: "revoke_postback_key",
  title: "Revoke a postback key",
  description:
    "Revokes a postback key for good: postbacks carrying it are refused from now on (401), so move the partners that use " +
    "it to another key first. When no active key is left, postbacks need no key again (anyone holding a click id can " +
    "then report conversions). Revoking a revoked key changes nothing.",
  input: { postback_key_id: postbackKeyId, idempotency_key: idempotencyKey },
  output: {
    ...writeOutcome,
    postback_key: z.looseObject({ id: z.string(), revoked_at: z.string().nullable() }).optional(),
  },
  operations: ["revokePostbackKey"],
  destructive: true,
  run: async ({ postback_key_id, idempotency_key }, { api }) =>
    completedWrite(
      "postback_key",
      await api.write("revokePostbackKey", { path: { id: postback_key_id } }, { idempotencyKey: idempotency_key }),
    ),
});
