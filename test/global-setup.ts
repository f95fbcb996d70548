import type { TestProject } from "vitest/node";
import { startFakeServers } from "./fakes/server";

declare module "vitest" {
  export interface ProvidedContext {
    fakeOrigin: string;
  }
}

/**
 * Fake third-party peers (OpenAI-compatible, Stripe, OIDC, news feeds) run as one small Node HTTP
 * server speaking their real protocols; the Worker under test reaches it at FAKE_ORIGIN.
 */
export default async function setup(project: TestProject) {
  const fakes = await startFakeServers();
  project.provide("fakeOrigin", fakes.origin);
  return async () => {
    await fakes.close();
  };
}
