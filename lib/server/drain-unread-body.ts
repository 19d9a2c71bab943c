// What happens to a request body nobody read to the end: a 413 answered from
// Content-Length before reading, a body cut off at its limit, a body sent to an
// endpoint that takes none. Destroying the socket would reset the connection,
// and a reset can make the client drop the answer it was sent (docs/decisions/0901).
// So after the answer is written the rest of the body is read and discarded (the
// connection stays usable), up to a byte and time budget; past the budget the
// server stops reading, half-closes (the client reads the answer, then sees the
// end) and destroys the socket a moment later. Nothing is kept in memory.
import type { IncomingMessage, ServerResponse } from "node:http";

export type DrainOptions = {
  /** bytes of unread body discarded before giving up on the connection */
  drainBytes?: number;
  /** how long the discarding may take */
  drainMs?: number;
  /** after the half-close, how long the client has to read the answer before the socket goes */
  closeGraceMs?: number;
};

export function drainAfterResponse(req: IncomingMessage, res: ServerResponse, options: DrainOptions = {}): void {
  const drainBytes = options.drainBytes ?? 8 * 1024 * 1024;
  const drainMs = options.drainMs ?? 10_000;
  const closeGraceMs = options.closeGraceMs ?? 2_000;
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    const socket = req.socket;
    // A connection that ends with this answer (the client sent Connection: close, or
    // HTTP/1.0): Node has already half-closed it and will destroy it once the answer
    // is flushed (socket.destroySoon), while the body is still arriving, and that
    // reset can reach the client before it reads the answer. Keep the socket until
    // the body is over (or the budget spent), then close it.
    const closing = socket.writableEnded && !socket.destroyed;
    if (closing) socket.removeListener("finish", socket.destroy);
    let drained = 0;
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > drainBytes) close();
    };
    const timer = setTimeout(() => close(), drainMs);
    timer.unref();
    const stop = () => {
      clearTimeout(timer);
      req.off("data", onData);
    };
    const close = () => {
      stop();
      if (socket.destroyed) return;
      // stop reading (the client's sending stalls) and send our end after the answer
      req.pause();
      socket.end();
      setTimeout(() => socket.destroy(), closeGraceMs).unref();
    };
    req.once("end", () => {
      stop();
      // the whole body is read: nothing unread is left to turn the close into a reset
      if (closing) socket.destroySoon();
    });
    req.once("close", stop);
    // a partial reader (a web stream over the request, as Next makes) listens for
    // 'readable', which keeps the stream paused: discard in flowing mode instead
    req.removeAllListeners("readable");
    req.on("data", onData);
    process.nextTick(() => req.resume());
  });
}
