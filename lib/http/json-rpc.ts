// The envelope POST /mcp accepts: one JSON-RPC 2.0 request or notification
// (docs/decisions/1302: stateless, JSON responses; MCP 2025-06-18 has no
// batches). Checked before the MCP transport sees the body, so that anything
// else (an array, an empty batch, a scalar, a response, a message without
// `method`) is a 400 problem like every other bad request, never a JSON-RPC
// parse error in another shape, an accepted no-op (202) or a fault.
import { z } from "zod";
import { AppError, fieldErrorsFromZod } from "@/lib/errors";

export const jsonRpcRequest = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.number()]).optional().meta({ description: "Absent on notifications." }),
    method: z.string().meta({ example: "tools/call" }),
    params: z.looseObject({}).optional(),
  })
  .meta({
    id: "JsonRpcRequest",
    description:
      "One JSON-RPC 2.0 request or notification of the Model Context Protocol. Batches (arrays), responses and anything " +
      "else are 400 bad_request.",
  });
export type JsonRpcRequest = z.infer<typeof jsonRpcRequest>;

/** The body as one JSON-RPC request or notification; 400 bad_request (with the fields in error) otherwise. */
export function parseJsonRpcRequest(body: unknown): JsonRpcRequest {
  const result = jsonRpcRequest.safeParse(body);
  if (result.success) return result.data;
  throw new AppError("bad_request", {
    detail: Array.isArray(body)
      ? "Send one JSON-RPC message per request: batches are not accepted."
      : "The body is not a JSON-RPC 2.0 request or notification.",
    fieldErrors: fieldErrorsFromZod(result.error),
  });
}
