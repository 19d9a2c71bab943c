// A real local HTTP server for icon checks (allow-listed through
// OUTBOUND_ALLOW_HOSTS, as docs/api.md allows for tests), and a TCP server that
// counts every connection it receives: a refused outbound request must leave
// that count unchanged.
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import { reloadEnv } from "@/lib/env";

export type IconServer = {
  /** http://127.0.0.1:<port><path> (allow-listed) */
  url(path?: string): string;
  /** the port of the connection-counting TCP server (never allow-listed) */
  trapPort: number;
  /** connections the TCP server has received */
  trapConnections(): number;
  /** HEAD requests the icon server has answered, by path */
  heads: string[];
  close(): Promise<void>;
};

function listen(server: Server | TcpServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

export async function startIconServer(): Promise<IconServer> {
  let trapped = 0;
  const trap = createTcpServer((socket) => {
    trapped++;
    socket.destroy();
  });
  const trapPort = await listen(trap);
  const heads: string[] = [];
  const http = createHttpServer((req, res) => {
    if (req.method === "HEAD") heads.push(req.url ?? "");
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/missing.png") res.writeHead(404).end();
    else if (path === "/error.png") res.writeHead(500).end();
    else if (path === "/redirect.png") res.writeHead(302, { location: "/icon.png" }).end();
    else if (path === "/redirect-private.png")
      res.writeHead(302, { location: `https://127.0.0.1:${trapPort}/icon.png` }).end();
    else if (path === "/redirect-metadata.png")
      res.writeHead(301, { location: "https://169.254.169.254/latest/meta-data/" }).end();
    else if (path === "/loop.png") res.writeHead(302, { location: "/loop.png" }).end();
    else if (path === "/slow.png") setTimeout(() => res.writeHead(200).end(), 2_000);
    else res.writeHead(200, { "content-type": "image/png", "content-length": "0" }).end();
  });
  const port = await listen(http);
  process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${port}`;
  reloadEnv();
  return {
    url: (path = "/icon.png") => `http://127.0.0.1:${port}${path}`,
    trapPort,
    trapConnections: () => trapped,
    heads,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([http, trap].map((server) => new Promise((resolve) => server.close(resolve))));
      process.env.OUTBOUND_ALLOW_HOSTS = "";
      reloadEnv();
    },
  };
}
