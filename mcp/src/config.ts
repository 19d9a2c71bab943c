// The stdio server's settings, from its environment (an MCP client's "env"):
//   SMA_API_KEY    <client_id>:<client_secret> of an API client (required)
//   SMA_BASE_URL   the service's origin, e.g. https://ads.example.com (required; http://
//                  only for a loopback host: the key and tokens must not cross a network in clear)
//   SMA_READ_ONLY  1: hide every tool that changes something
export type Config = { baseUrl: string; clientId: string; clientSecret: string; readOnly: boolean };

/** A setting that is missing or malformed; its message is shown to the user as is. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/**
 * localhost, 127.0.0.0/8 or [::1], as WHATWG URL parsing writes a host (127.1 and
 * 0x7f.0.0.1 are already 127.0.0.1; [0:0::1] is already [::1]).
 */
function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

export function readConfig(env: Record<string, string | undefined>): Config {
  const key = env.SMA_API_KEY?.trim();
  if (!key) {
    throw new ConfigError(
      "SMA_API_KEY is not set. Set it to <client_id>:<client_secret> of an API client of your advertiser account " +
        "(an operator creates one with `npm run admin -- create-client --advertiser <id>`).",
    );
  }
  const colon = key.indexOf(":");
  const clientId = colon > 0 ? key.slice(0, colon) : "";
  const clientSecret = colon > 0 ? key.slice(colon + 1) : "";
  if (!clientId || !clientSecret || /\s/.test(key)) {
    throw new ConfigError(
      "SMA_API_KEY is malformed: it must be <client_id>:<client_secret>, the two values joined by one colon, without spaces.",
    );
  }
  const base = env.SMA_BASE_URL?.trim();
  if (!base)
    throw new ConfigError("SMA_BASE_URL is not set. Set it to the service's address, e.g. https://ads.example.com.");
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ConfigError(`SMA_BASE_URL is not a URL: ${JSON.stringify(base)}.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ConfigError(`SMA_BASE_URL must be an http(s) URL, not ${url.protocol}.`);
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname))
    throw new ConfigError(
      `SMA_BASE_URL must be https:// (the API key and access tokens travel in it); plain http:// is allowed only ` +
        `for this machine (localhost, 127.0.0.0/8, [::1]), not ${url.host}.`,
    );
  const readOnly = env.SMA_READ_ONLY?.trim() ?? "";
  if (!["", "0", "1", "true", "false"].includes(readOnly))
    throw new ConfigError(`SMA_READ_ONLY must be 1 (read-only) or 0, not ${JSON.stringify(readOnly)}.`);
  return {
    baseUrl: url.origin + url.pathname.replace(/\/+$/, ""),
    clientId,
    clientSecret,
    readOnly: readOnly === "1" || readOnly === "true",
  };
}
