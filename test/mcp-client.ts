// An MCP client (the SDK's Client over its Streamable HTTP transport) whose
// requests go to the /mcp route handler in-process, as integration tests call
// every other route: the real transport, auth, scopes and tools, no server.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { POST } from "@/app/mcp/route";
import { TEST_ORIGIN } from "./http";

export async function mcpFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const headers = new Headers(request.headers);
  headers.set("x-sma-client-ip", "203.0.113.20");
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { allow: "POST" } });
  return POST(new Request(request, { headers }));
}

/** A connected MCP client of /mcp presenting `token` (no Authorization header when undefined). */
export async function connectMcp(token: string | undefined): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", TEST_ORIGIN), {
    fetch: mcpFetch,
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  const client = new Client({ name: "sma-tests", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

export type ToolAnswer = { isError: boolean; structured: Record<string, unknown>; text: string };

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const first = result.content[0];
  return {
    isError: result.isError === true,
    structured: (result.structuredContent ?? {}) as Record<string, unknown>,
    text: first && first.type === "text" ? first.text : "",
  };
}
