// A node:http client for tests that must see what fetch hides: whether the
// connection was reset before the answer arrived, whether a keep-alive socket was
// reused, bodies sent with Content-Length or chunked, in pieces.
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";

export type RawResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** parsed when the body is JSON */
  json?: Record<string, unknown>;
  socket: Socket;
  /** an error before the whole answer arrived (a reset): what must never happen */
  errorBeforeAnswer?: Error;
  /** resolves once the request is over: whether the whole body was handed to the kernel */
  bodySent: Promise<boolean>;
  /** resolves when the connection has closed: the bytes this client wrote on it */
  bytesWrittenAtClose: Promise<number>;
};

export type RawRequest = {
  method?: string;
  headers?: Record<string, string>;
  /** a Buffer or string is sent with Content-Length unless `chunked`; chunks are written one by one */
  body?: string | Buffer | { chunks: number; chunkBytes: number; fill?: string };
  chunked?: boolean;
  agent?: Agent;
};

export function rawRequest(url: string, options: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...options.headers };
    const body = options.body;
    if ((typeof body === "string" || Buffer.isBuffer(body)) && !options.chunked)
      headers["content-length"] = String(Buffer.byteLength(body));
    let answered = false;
    let markSent!: (sent: boolean) => void;
    const bodySent = new Promise<boolean>((done) => (markSent = done));
    let markClosed!: (bytes: number) => void;
    const bytesWrittenAtClose = new Promise<number>((done) => (markClosed = done));
    const req = request(url, { method: options.method ?? "POST", headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        answered = true;
        const text = Buffer.concat(chunks).toString("utf8");
        let json: Record<string, unknown> | undefined;
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          json = undefined;
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text,
          json,
          socket: res.socket,
          bodySent,
          bytesWrittenAtClose,
        });
      });
      res.on("error", (error) => failed(error));
    });
    const failed = (error: Error) => {
      markSent(false);
      if (!answered)
        resolve({
          status: 0,
          headers: {},
          text: "",
          socket: req.socket!,
          errorBeforeAnswer: error,
          bodySent,
          bytesWrittenAtClose,
        });
    };
    req.on("error", failed);
    req.on("socket", (socket) => socket.once("close", () => markClosed(socket.bytesWritten)));
    req.on("finish", () => markSent(true));
    req.on("close", () => markSent(false));
    if (body === undefined) req.end();
    else if (typeof body === "string" || Buffer.isBuffer(body)) req.end(body);
    else {
      const chunk = Buffer.alloc(body.chunkBytes, body.fill ?? "a");
      let sent = 0;
      // written as the socket drains, all of it (as a naive client does), unless the socket is gone
      const write = () => {
        while (sent < body.chunks && !req.destroyed) {
          sent++;
          if (!req.write(chunk)) {
            req.once("drain", write);
            return;
          }
        }
        if (!req.destroyed) req.end();
      };
      write();
    }
  });
}
