import { DurableObject } from "cloudflare:workers";
import { getDb } from "../worker/db/client";
import type { ActorRole, ConductEventPayload, EegGuide, TimelineItem } from "../shared/db/conduct-shapes";
import { parseConfig, type Env } from "../worker/env";
import { gone, HttpError } from "../worker/lib/errors";
import { nowMs, runtimeNow } from "../worker/lib/clock";
import { ConductBrakes } from "./conduct-brakes";
import { ConductStorage } from "./conduct-storage";
import {
  ACCESS_CLOSE_CODE,
  closeSockets,
  CONTROLLER_TAG,
  EVALUATION_CLOSED_CODE,
  EVALUATOR_TAG,
  GONE_CLOSE_CODE,
  jsonResponse,
  linkTag,
  lostControllerSockets,
  openSocketsPerLink,
  socketTags,
  userTag,
} from "./conduct-sockets";
import type { SessionAccess } from "../worker/conduct/access";
import { SOCKET_CLAIM_HEADER, type Actor, type Outcome, type SocketClaim } from "../worker/conduct/object-protocol";
import { countFeedback, mirrorToD1, readGuides, type StoredEvent } from "../worker/conduct/mirror";
import { evaluationClosesAt, isEvaluationClosed } from "../worker/conduct/evaluation-window";
import { linkAnswers, linkObservations, playFeed } from "../worker/conduct/object-reads";
import {
  CONDUCT_MESSAGES,
  MAX_SOCKETS_PER_LINK,
  MAX_SOCKETS_PER_SESSION,
  type AnswerInput,
  type ControllerCommand,
  type ObservationInput,
} from "../shared/conduct/model";
import { controllerState, evaluatorState, playerState, type LinkRecord, type SessionMeta } from "../worker/conduct/project";
import {
  applyAnswer,
  applyCommandOnClock,
  applyObservation,
  hotWashOf,
  initialState,
  nextAlarmAt,
  releaseDue,
  type Applied,
  type SessionState,
} from "../worker/conduct/state";
import type { ControllerStateView, EvaluatorStateView, PlayerStateView, SubmitAck } from "../shared/conduct/views";

/**
 * CONDUCT_SESSION: one object per live conduct session (issue 15; id = idFromName(sessionId)) — the
 * session's truth while it runs (clock, timeline state, event sequence), its WebSockets (Hibernation
 * API: the object may be evicted between messages while the sockets stay open) and its alarm for
 * scheduled releases, the end of the evaluators' hot wash and the re-check of controller sockets
 * (worker/conduct/recheck.ts). A thin shell over the pure transitions of worker/conduct/state.ts.
 *
 * After every change: the events go to SQLite in one transaction with the new state, every socket
 * gets its role's state, then the events go to D1 (the mirror, awaited before the call answers; a
 * failed write is retried by the alarm). Typed errors do not survive RPC, so refusals come back as data (`Outcome`)
 * and worker/conduct/session-object.ts turns them into HttpErrors again.
 */

type Attachment = SocketClaim;

/** A socket's ping; answered by the runtime without waking a hibernated object. */
const PING = "ping";
const PONG = "pong";
const MIRROR_RETRY_MS = 5_000;
/** Controller sockets are re-checked at least this often, for access changes nothing announced (worker/conduct/recheck.ts). */
const RECHECK_EVERY_MS = 5 * 60_000;

export class ConductSession extends DurableObject<Env> {
  private store: ConductStorage;
  /** The D1 write under way (flushMirror), so the next waits for it. */
  private mirroring: Promise<boolean> = Promise.resolve(true);
  /** When every controller socket was last re-checked (runtime clock; a woken object starts afresh). */
  private recheckedAt = runtimeNow();
  private brakes = new ConductBrakes();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new ConductStorage(ctx.storage.sql, () => this.defaultHotWashMinutes());
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  // ------------------------------------------------------------------------------------------
  // RPC

  /** Sets the session up with its frozen plan; a second call changes nothing. */
  async init(meta: SessionMeta, items: TimelineItem[]): Promise<void> {
    if (this.store.meta()) return;
    const state = initialState({
      items,
      modules: meta.modules,
      scenarioStartMinutes: meta.scenarioStartMinutes,
      hotWashMinutes: meta.hotWashMinutes ?? this.defaultHotWashMinutes(),
    });
    this.ctx.storage.transactionSync(() => {
      this.store.insertMeta(meta);
      this.store.saveState(state, null);
    });
  }

  async command(command: ControllerCommand, actor: Actor, access: SessionAccess): Promise<Outcome<ControllerStateView>> {
    return this.attempt(async () => {
      const state = this.store.state();
      const now = nowMs();
      const { owed, applied, due } = applyCommandOnClock(state, command, now, () => `unplanned-${crypto.randomUUID()}`);
      // Read beside the commit's D1 write rather than after it.
      const feedback = countFeedback(this.db(), this.store.meta()!.id);
      await this.commit([
        { applied: owed, actor: SYSTEM, clientKey: null },
        { applied, actor, clientKey: null },
        { applied: due, actor: SYSTEM, clientKey: null },
      ]);
      return this.controllerView(access, await feedback);
    });
  }

  async answer(linkId: string, input: AnswerInput): Promise<Outcome<SubmitAck>> {
    return this.submit(linkId, "player", input.clientKey, (state, now) => applyAnswer(state, input, now));
  }

  async observe(linkId: string, input: ObservationInput): Promise<Outcome<SubmitAck>> {
    return this.submit(linkId, "evaluator", input.clientKey, (state, now) => applyObservation(state, input, now));
  }

  async controllerState(access: SessionAccess): Promise<Outcome<ControllerStateView>> {
    return this.attempt(async () => this.controllerView(access, await countFeedback(this.db(), this.store.meta()!.id)));
  }

  async playerState(linkId: string): Promise<Outcome<PlayerStateView>> {
    return this.attempt(async () => this.playerView(this.activeLink(linkId, "player")));
  }

  async evaluatorState(linkId: string): Promise<Outcome<EvaluatorStateView>> {
    return this.attempt(async () => {
      const link = this.activeLink(linkId, "evaluator");
      this.assertEvaluationOpen();
      return this.evaluatorView(link, await readGuides(this.db(), this.store.meta()!.id));
    });
  }

  /** A new link (its D1 row is written by worker/conduct/links.ts): controllers see it at once. */
  async addLink(link: LinkRecord): Promise<void> {
    this.store.putLink(link);
    await this.broadcast({ only: "controller" });
  }

  /**
   * Something the states show changed outside the object (the EEG saved, feedback received):
   * resend the states so open pages show it without waiting for the next event.
   */
  async refresh(who: "controller" | "all"): Promise<void> {
    if (!this.store.meta()) return;
    await this.broadcast(who === "controller" ? { only: "controller" } : {});
  }

  /** Revoked: its sockets are told the link is gone and closed; controllers see the change. */
  async revokeLink(linkId: string, at: number): Promise<void> {
    const link = this.store.links().find((l) => l.id === linkId);
    if (link && link.revokedAt === null) {
      this.store.putLink({ ...link, revokedAt: at });
    }
    closeSockets(this.ctx.getWebSockets(linkTag(linkId)), { type: "gone", message: CONDUCT_MESSAGES.linkNotFound }, GONE_CLOSE_CODE, "link revoked");
    await this.broadcast({ only: "controller" });
  }

  /**
   * Re-checks controller sockets — one user's, or all — against the session's access rule now and
   * the sign-in each rides on; those that lost the access they were opened with are told why and
   * closed (the page then reloads into what the user may do now). Returns the user's sockets left.
   */
  async recheck(userId?: string): Promise<number> {
    if (!this.store.meta()) return 0;
    if (!userId) this.recheckedAt = runtimeNow();
    const { lost, kept } = await lostControllerSockets(this.env, this.store.meta()!.id, this.ctx.getWebSockets(userId ? userTag(userId) : CONTROLLER_TAG));
    if (lost.length) {
      closeSockets(lost, { type: "gone", message: CONDUCT_MESSAGES.accessChanged }, ACCESS_CLOSE_CODE, "access changed");
      await this.broadcast({ only: "controller" });
    }
    return kept;
  }

  // ------------------------------------------------------------------------------------------
  // WebSockets (Hibernation API)

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade.", { status: 426 });
    const claim = JSON.parse(request.headers.get(SOCKET_CLAIM_HEADER) ?? "null") as SocketClaim | null;
    if (!claim || !this.store.meta()) return jsonResponse(404, "not_found", CONDUCT_MESSAGES.sessionNotFound);
    if (claim.role !== "controller" && !this.store.links().some((l) => l.id === claim.linkId && l.revokedAt === null && l.role === claim.role)) {
      return jsonResponse(404, "not_found", CONDUCT_MESSAGES.linkNotFound);
    }
    if (claim.role === "evaluator" && this.evaluationClosed()) return jsonResponse(410, "evaluation_closed", CONDUCT_MESSAGES.evaluationClosed);
    if (this.ctx.getWebSockets().length >= MAX_SOCKETS_PER_SESSION) {
      return jsonResponse(429, "too_many_sockets", "This session has as many connections as it can take. Close another window and try again.");
    }
    if (claim.role !== "controller" && this.ctx.getWebSockets(linkTag(claim.linkId)).length >= MAX_SOCKETS_PER_LINK) {
      return jsonResponse(429, "too_many_sockets", CONDUCT_MESSAGES.linkFull);
    }
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.ctx.acceptWebSocket(server, socketTags(claim));
    server.serializeAttachment(claim satisfies Attachment);
    // The reconnect: a new socket gets the current state at once, and the browser replaces its own by seq.
    await this.sendStates([server]);
    if (claim.role !== "controller") await this.broadcast({ only: "controller" });
    else await this.schedule();
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Pings are answered by the auto-response; anything else asks for the state again.
    if (message === PING) ws.send(PONG);
    else if (message === "state" && this.brakes.mayResend(ws)) await this.sendStates([ws]);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
    await this.broadcast({ only: "controller", without: ws });
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.broadcast({ only: "controller", without: ws });
  }

  // ------------------------------------------------------------------------------------------
  // The clock

  override async alarm(): Promise<void> {
    const state = this.store.state();
    const due = releaseDue(state, nowMs());
    if (due.events.length) await this.commit([{ applied: due, actor: SYSTEM, clientKey: null }]);
    else await this.flushMirror();
    if (this.evaluationClosed()) this.closeEvaluators();
    if (runtimeNow() - this.recheckedAt >= RECHECK_EVERY_MS) await this.recheck();
    await this.schedule();
  }

  // ------------------------------------------------------------------------------------------

  private async submit(
    linkId: string,
    role: "player" | "evaluator",
    clientKey: string,
    change: (state: SessionState, now: number) => Applied,
  ): Promise<Outcome<SubmitAck>> {
    return this.attempt(async () => {
      const link = this.activeLink(linkId, role);
      if (role === "evaluator") this.assertEvaluationOpen();
      const [previous] = this.ctx.storage.sql.exec<{ seq: number }>("SELECT seq FROM events WHERE clientKey = ?", clientKey).toArray();
      if (previous) return { ok: true, clientKey, seq: previous.seq, duplicate: true };
      this.brakes.countSubmission(linkId);
      const applied = change(this.store.state(), nowMs());
      await this.commit([{ applied, actor: { role, id: link.id, label: link.label }, clientKey }]);
      return { ok: true, clientKey, seq: applied.state.seq, duplicate: false };
    });
  }

  private async attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
    try {
      if (!this.store.meta()) throw new HttpError(404, "not_found", CONDUCT_MESSAGES.sessionNotFound);
      return { ok: true, value: await run() };
    } catch (e) {
      if (e instanceof HttpError) return { ok: false, error: { status: e.status, code: e.code, message: e.message } };
      throw e;
    }
  }

  /** Stores the events and the state they lead to, mirrors them to D1, tells every socket, sets the alarm. */
  private async commit(batches: { applied: Applied; actor: Actor; clientKey: string | null }[]): Promise<void> {
    const before = this.store.state();
    const last = batches.at(-1)!.applied.state;
    const rows: StoredEvent[] = [];
    let seq = before.seq;
    for (const { applied, actor, clientKey } of batches) {
      for (const e of applied.events) {
        seq += 1;
        rows.push({
          id: crypto.randomUUID(),
          seq,
          at: e.at,
          scenarioAt: Math.round(e.scenarioAt),
          actorRole: actor.role,
          actorId: actor.id,
          actorLabel: actor.label,
          clientKey,
          payload: e.payload,
        });
      }
    }
    if (!rows.length) return;
    this.ctx.storage.transactionSync(() => {
      for (const r of rows) {
        this.ctx.storage.sql.exec(
          "INSERT INTO events (seq, id, at, scenarioAt, actorRole, actorId, actorLabel, clientKey, kind, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          r.seq,
          r.id,
          r.at,
          r.scenarioAt,
          r.actorRole,
          r.actorId,
          r.actorLabel,
          r.clientKey,
          r.payload.kind,
          JSON.stringify(r.payload),
        );
      }
      this.store.saveState(last, before);
    });
    // Sockets first: the state is durable in SQLite already, and the D1 copy is awaited before the
    // call answers, so a fan-out does not wait on a D1 round trip.
    await this.broadcast({});
    await this.flushMirror();
    await this.schedule();
  }

  /**
   * Writes every event D1 does not have yet, with the session's status; on failure the alarm retries.
   * One write at a time, each reading what is pending when it starts: two overlapping writes could
   * land out of order and leave D1 with the older status.
   */
  private flushMirror(): Promise<boolean> {
    const run = this.mirroring.then(() => this.mirrorPending());
    this.mirroring = run.catch(() => false);
    return run;
  }

  private async mirrorPending(): Promise<boolean> {
    const pending = this.ctx.storage.sql
      .exec<{
        seq: number;
        id: string;
        at: number;
        scenarioAt: number | null;
        actorRole: ActorRole;
        actorId: string | null;
        actorLabel: string;
        clientKey: string | null;
        payload: string;
      }>("SELECT seq, id, at, scenarioAt, actorRole, actorId, actorLabel, clientKey, payload FROM events WHERE mirrored = 0 ORDER BY seq")
      .toArray();
    if (!pending.length) return true;
    const state = this.store.state();
    try {
      await mirrorToD1(
        this.db(),
        this.store.meta()!.id,
        pending.map((p) => ({ ...p, payload: JSON.parse(p.payload) as ConductEventPayload })),
        { status: state.status, startedAt: state.startedAt, endedAt: state.endedAt, hotWashMinutes: state.hotWashMinutes },
      );
    } catch (e) {
      console.error("conduct session: the D1 mirror failed; the alarm retries", e);
      await this.ctx.storage.setAlarm(runtimeNow() + MIRROR_RETRY_MS);
      return false;
    }
    this.ctx.storage.sql.exec("UPDATE events SET mirrored = 1 WHERE mirrored = 0 AND seq <= ?", pending.at(-1)!.seq);
    return true;
  }

  /** The alarm at the next scheduled release, a retry of the mirror, the end of the evaluators' hot wash, the controllers' re-check, or none. */
  private async schedule(): Promise<void> {
    const now = nowMs();
    const state = this.store.state();
    const next = nextAlarmAt(state, now);
    const closes = evaluationClosesAt(state.endedAt, this.hotWash());
    const unmirrored = this.ctx.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM events WHERE mirrored = 0").one().n > 0;
    const watched = this.ctx.getWebSockets(CONTROLLER_TAG).length > 0;
    // The app's clock may run on another date in tests: the alarm is set on the runtime's.
    const candidates = [
      next === null ? null : runtimeNow() + (next - now),
      unmirrored ? runtimeNow() + MIRROR_RETRY_MS : null,
      closes !== null && closes > now ? runtimeNow() + (closes - now) : null,
      watched ? Math.max(runtimeNow(), this.recheckedAt + RECHECK_EVERY_MS) : null,
    ].filter((t): t is number => t !== null);
    if (candidates.length) await this.ctx.storage.setAlarm(Math.min(...candidates));
    else await this.ctx.storage.deleteAlarm();
  }

  // ------------------------------------------------------------------------------------------
  // The evaluators' hot wash (worker/conduct/evaluation-window.ts): the session's own length, set at
  // its creation (EVALUATION_HOT_WASH_MINUTES by default) and changed by the controller. Checked at
  // every evaluator call and socket, and by the alarm at its end, which closes the evaluators' sockets.

  private defaultHotWashMinutes(): number {
    return parseConfig(this.env).EVALUATION_HOT_WASH_MINUTES;
  }

  private hotWash(): number {
    return hotWashOf(this.store.state());
  }

  private evaluationClosed(): boolean {
    return isEvaluationClosed(this.store.state().endedAt, nowMs(), this.hotWash());
  }

  private assertEvaluationOpen(): void {
    if (this.evaluationClosed()) throw gone(CONDUCT_MESSAGES.evaluationClosed, "evaluation_closed");
  }

  private closeEvaluators(): void {
    const message = { type: "gone", message: CONDUCT_MESSAGES.evaluationClosed, reason: "evaluation-closed" } as const;
    closeSockets(this.ctx.getWebSockets(EVALUATOR_TAG), message, EVALUATION_CLOSED_CODE, "evaluation window closed");
  }

  // ------------------------------------------------------------------------------------------
  // Views and sockets

  private controllerView(access: SessionAccess, feedback: number): ControllerStateView {
    let controllers = 0;
    for (const ws of this.ctx.getWebSockets(CONTROLLER_TAG)) if (ws.readyState === WebSocket.OPEN) controllers += 1;
    return controllerState(this.store.meta()!, this.store.state(), {
      access,
      now: nowMs(),
      links: this.store.links(),
      socketsPerLink: openSocketsPerLink(this.ctx.getWebSockets()),
      controllers,
      feedback,
      feed: playFeed(this.ctx.storage.sql),
    });
  }

  private playerView(link: LinkRecord): PlayerStateView {
    return playerState(this.store.meta()!, this.store.state(), link, linkAnswers(this.ctx.storage.sql, link.id), nowMs());
  }

  private evaluatorView(link: LinkRecord, guides: EegGuide[]): EvaluatorStateView {
    const state = this.store.state();
    const observations = linkObservations(this.ctx.storage.sql, link.id);
    return evaluatorState(this.store.meta()!, state, link, {
      now: nowMs(),
      guides,
      observations,
      evaluationClosesAt: evaluationClosesAt(state.endedAt, this.hotWash()),
    });
  }

  /** Sends each socket its role's state, building each distinct state once (per link, per access). After the hot wash, evaluators' sockets are closed instead. */
  private async sendStates(sockets: WebSocket[]): Promise<void> {
    const meta = this.store.meta();
    if (!meta) return;
    if (this.evaluationClosed()) this.closeEvaluators();
    const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN);
    if (!open.length) return;
    const claims = open.map((ws) => ({ ws, claim: ws.deserializeAttachment() as Attachment }));
    // Each read only when a socket needs it, and the two side by side (one wait, not two).
    const [feedback, guides] = await Promise.all([
      claims.some((c) => c.claim.role === "controller") ? countFeedback(this.db(), meta.id) : 0,
      claims.some((c) => c.claim.role === "evaluator") ? readGuides(this.db(), meta.id) : [],
    ]);
    const built = new Map<string, string>();
    const links = new Map(this.store.links().map((l) => [l.id, l]));
    for (const { ws, claim } of claims) {
      const key = claim.role === "controller" ? `controller:${claim.access}` : `${claim.role}:${claim.linkId}`;
      let text = built.get(key);
      if (text === undefined) {
        const state = this.stateFor(claim, links, feedback, guides);
        text = JSON.stringify(state ? { type: "state", state } : { type: "gone", message: CONDUCT_MESSAGES.linkNotFound });
        built.set(key, text);
      }
      try {
        ws.send(text);
      } catch {
        // A socket closing as we send: its close handler tidies up.
      }
    }
  }

  private stateFor(claim: Attachment, links: Map<string, LinkRecord>, feedback: number, guides: EegGuide[]) {
    if (claim.role === "controller") return this.controllerView(claim.access, feedback);
    const link = links.get(claim.linkId);
    if (!link || link.revokedAt !== null) return null;
    return claim.role === "player" ? this.playerView(link) : this.evaluatorView(link, guides);
  }

  private async broadcast(options: { only?: "controller"; without?: WebSocket }): Promise<void> {
    const sockets = this.ctx.getWebSockets(options.only ? CONTROLLER_TAG : undefined).filter((ws) => ws !== options.without);
    await this.sendStates(sockets);
  }

  // ------------------------------------------------------------------------------------------
  // Storage

  private db() {
    return getDb(this.env.DB);
  }

  private activeLink(linkId: string, role: "player" | "evaluator"): LinkRecord {
    const link = this.store.links().find((l) => l.id === linkId);
    if (!link || link.revokedAt !== null || link.role !== role) throw new HttpError(404, "not_found", CONDUCT_MESSAGES.linkNotFound);
    return link;
  }
}

const SYSTEM: Actor = { role: "system", id: null, label: "Clock" };
