import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FakeRoute } from "../../test/fakes/server.ts";

/**
 * One of the tests' fake peers (test/fakes/) served on a free loopback port for the bench's app,
 * which is started after the sections' prepare() with vars naming the peer's origin.
 */
export async function serveFakePeer(route: FakeRoute): Promise<{ origin: string; stop: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (!(await route(req, res, Buffer.concat(chunks).toString("utf8")))) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
