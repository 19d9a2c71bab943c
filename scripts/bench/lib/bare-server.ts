// The baseline: a bare node:http server that reads the JSON body and answers a
// small JSON document, as fast as Node serves anything. Prints its port.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const answer = JSON.stringify({ impression_id: "imp_0000000000000000000000", clearing_cpm_usd: 1.5 });
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    JSON.parse(Buffer.concat(chunks).toString("utf8"));
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
