import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";

export class CampaignSynthesis extends DurableObject<Env> {
  async ping(): Promise<string> {
    return "pong";
  }
}
