// A small keep-alive HTTP client on node:http (the simulator and the load
// generator of the benchmark): one Agent, bounded sockets, no redirects.
import http from "node:http";

export type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function createHttpClient(maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  function request(
    method: string,
    url: string,
    options: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      const target = new URL(url);
      const headers: Record<string, string | number> = { ...options.headers };
      if (options.body !== undefined) headers["content-length"] = Buffer.byteLength(options.body);
      const req = http.request(
        { agent, method, hostname: target.hostname, port: target.port, path: target.pathname + target.search, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          res.on("error", reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${target.pathname}`)));
      req.on("error", reject);
      req.end(options.body);
    });
  }
  return { request, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
