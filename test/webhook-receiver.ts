// A real local HTTP receiver for webhook tests: records every request with its
// raw body and headers, answers as each test tells it (status, delay, hang),
// and counts TCP connections (a refused URL must leave the count unchanged).
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type ReceivedRequest = {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** the body parsed as JSON */
  json: { id: string; type: string; created_at: string; batch?: true; data: unknown };
  receivedAtMs: number;
  /** the status of our answer once it was fully written; undefined while unanswered (or never) */
  answered?: number;
  /** when that answer was fully written */
  answeredAtMs?: number;
};

export type Reply = {
  status?: number;
  body?: string;
  delayMs?: number;
  /** answer only once this settles */
  after?: Promise<unknown>;
  /** never answer */
  hang?: boolean;
  headers?: Record<string, string>;
};

export type Receiver = {
  port: number;
  host: string;
  /** `127.0.0.1:<port>`, for allowHosts / OUTBOUND_ALLOW_HOSTS */
  hostPort: string;
  url(path?: string): string;
  requests: ReceivedRequest[];
  connections(): number;
  /** how to answer the next requests (default 200 "ok") */
  reply: (request: ReceivedRequest) => Reply;
  /**
   * Resolves when `count` requests to `path` (or any path) have arrived. No deadline
   * unless given: a request that never comes fails on the test's own timeout.
   */
  waitFor(count: number, path?: string, timeoutMs?: number): Promise<ReceivedRequest[]>;
  clear(): void;
  close(): Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const waiters: { check: () => boolean }[] = [];
  const receiver = {} as Receiver;
  receiver.requests = [];
  receiver.reply = () => ({ status: 200, body: "ok" });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks);
      let json: ReceivedRequest["json"];
      try {
        json = JSON.parse(rawBody.toString("utf8")) as ReceivedRequest["json"];
      } catch {
        json = { id: "", type: "", created_at: "", data: null };
      }
      const request: ReceivedRequest = {
        path: req.url ?? "/",
        method: req.method ?? "",
        headers: req.headers,
        rawBody,
        json,
        receivedAtMs: Date.now(),
      };
      receiver.requests.push(request);
      for (const waiter of [...waiters]) waiter.check();
      const reply = receiver.reply(request);
      if (reply.hang) return;
      const send = () => {
        if (res.destroyed) return;
        const status = reply.status ?? 200;
        res.on("finish", () => {
          request.answered = status;
          request.answeredAtMs = Date.now();
        });
        res.writeHead(status, { "content-type": "text/plain", ...reply.headers }).end(reply.body ?? "");
      };
      if (reply.after) void reply.after.finally(send);
      else if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on("connection", (socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  Object.assign(receiver, {
    port,
    host: "127.0.0.1",
    hostPort: `127.0.0.1:${port}`,
    url: (path = "/hook") => `http://127.0.0.1:${port}${path}`,
    connections: () => connections,
    clear: () => {
      receiver.requests.length = 0;
    },
    waitFor: (count: number, path?: string, timeoutMs?: number) =>
      new Promise<ReceivedRequest[]>((resolve, reject) => {
        const matching = () => receiver.requests.filter((request) => path === undefined || request.path === path);
        const waiter = {
          check: () => {
            const found = matching();
            if (found.length < count) return false;
            if (timer) clearTimeout(timer);
            waiters.splice(waiters.indexOf(waiter), 1);
            resolve(found);
            return true;
          },
        };
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                waiters.splice(waiters.indexOf(waiter), 1);
                reject(
                  new Error(
                    `receiver: ${matching().length} of ${count} requests${path ? ` to ${path}` : ""} after ${timeoutMs} ms`,
                  ),
                );
              }, timeoutMs);
        waiters.push(waiter);
        waiter.check();
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return receiver;
}
