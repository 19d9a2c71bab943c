// Logs of the stdio server go to stderr, one JSON line each: stdout carries
// the MCP protocol and nothing else.
export type Log = (level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) => void;

export function stderrLog(write: (line: string) => void = (line) => process.stderr.write(line)): Log {
  return (level, message, fields = {}) =>
    write(
      `${JSON.stringify({ time: new Date().toISOString(), level, name: "sports-moment-ads-mcp", message, ...fields })}\n`,
    );
}
