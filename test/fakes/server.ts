import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeRoute = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => boolean | Promise<boolean>;

/** Fakes register here by path prefix; each answers like the real service would. */
const routes: FakeRoute[] = [];

function registerFake(route: FakeRoute) {
  routes.push(route);
}

export async function startFakeServers() {
  // Imported here, not at the top: the fakes import registerFake from this module.
  registerFake((await import("./stripe.ts")).stripeFake);
  registerFake((await import("./oidc.ts")).oidcFake);
  registerFake((await import("./openai.ts")).openaiFake);
  registerFake((await import("./embeddings.ts")).embeddingsFake);
  registerFake((await import("./email.ts")).emailFake);
  registerFake((await import("./fixtures.ts")).fixturesRoute);
  // Threat intelligence sources (worker/intelligence/sources), with fault scenarios (intel/scenario.ts).
  registerFake((await import("./intel/scenario.ts")).requestLogRoute);
  registerFake((await import("./intel/asknews.ts")).asknewsFake);
  registerFake((await import("./intel/gdelt.ts")).gdeltFake);
  registerFake((await import("./intel/nws.ts")).nwsFake);
  registerFake((await import("./intel/usgs.ts")).usgsFake);
  registerFake((await import("./intel/openfema.ts")).openFemaFake);
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    for (const route of routes) {
      if (await route(req, res, body)) return;
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: `fake: no route for ${req.method} ${req.url}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    // workerd keeps connections alive; without dropping them, close() never completes and the
    // test process cannot exit.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
