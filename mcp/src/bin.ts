#!/usr/bin/env node
// sports-moment-ads-mcp: the MCP server over stdio. Reads SMA_API_KEY,
// SMA_BASE_URL and SMA_READ_ONLY (see README.md), exchanges the key for a token
// at start (a clear message and exit code 1 when it cannot), then serves the
// tools until stdin closes. Logs go to stderr only.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ConfigError, readConfig } from "./config.ts";
import { stderrLog } from "./log.ts";
import { createSmaMcpServer } from "./registry.ts";
import { createRestClient } from "./rest-client.ts";
import { createTokenSource, TokenError } from "./token-source.ts";
import { VERSION } from "./version.ts";

async function main(): Promise<void> {
  const log = stderrLog();
  const config = readConfig(process.env);
  const tokens = createTokenSource(config);
  const token = await tokens.get();
  const api = createRestClient({ baseUrl: config.baseUrl, authorization: (fresh) => tokens.authorization(fresh) });
  const server = createSmaMcpServer({
    api,
    scopes: token.scopes,
    readOnly: config.readOnly,
    onUnexpectedError: (error, tool) =>
      log("error", "tool failed", { tool, error: error instanceof Error ? error.message : String(error) }),
  });
  await server.connect(new StdioServerTransport());
  log("info", "ready", {
    version: VERSION,
    base_url: config.baseUrl,
    client_id: config.clientId,
    scopes: token.scopes,
    read_only: config.readOnly,
  });
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof TokenError;
  process.stderr.write(
    `sports-moment-ads-mcp: ${known ? (error as Error).message : `failed to start: ${error instanceof Error ? error.stack : String(error)}`}\n`,
  );
  process.exit(1);
});
