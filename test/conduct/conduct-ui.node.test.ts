import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { InjectFeed } from "../../web/components/conduct/player-view";
import { LinksPanel } from "../../web/components/conduct/links-panel";
import { MselTimeline } from "../../web/components/conduct/msel-timeline";
import { ModuleSelector } from "../../web/components/conduct/module-selector";
import { SessionClock } from "../../web/components/conduct/session-clock";
import { focusRow } from "../../web/lib/conduct-live";
import { EvaluatorView } from "../../web/components/conduct/evaluator-view";
import { filterFeed, PlayFeed } from "../../web/components/conduct/play-feed";
import { RATING_DEFINITIONS } from "../../shared/evaluation/model";
import type { ClockView, ConductLinkView, FeedEntryView, TimelineItemView } from "../../shared/conduct/views";

// The console's parts rendered to HTML: a controller gets the controls, a read-only viewer sees the
// same content without them; players' inject feed carries no expected action.

const noop = async () => undefined;
const HOUR = 3_600_000;
/** The links panel writes through useMutation, which needs the app's query client. */
const wrap = (node: ReactNode) => createElement(QueryClientProvider, { client: new QueryClient() }, node);
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

const item = (key: string, status: TimelineItemView["status"], extra: Partial<TimelineItemView> = {}): TimelineItemView => ({
  key,
  source: "msel",
  moduleIndex: null,
  event: "1",
  title: `Inject ${key}`,
  message: "Water over the levee.",
  from: "Levee patrol",
  to: "EOC",
  injectMode: "Radio",
  expectedAction: "Issue the evacuation warning.",
  responsibleOrganization: null,
  offsetMinutes: 30,
  status,
  releasedAt: status === "released" ? "2026-11-26T10:30:00.000Z" : null,
  releasedScenarioMs: status === "released" ? 6.5 * HOUR : null,
  dueScenarioMs: 6.5 * HOUR,
  dueAt: status === "pending" ? "2026-11-26T11:00:00.000Z" : null,
  ...extra,
});

/** A session whose scenario starts Day 1 06:00 (the MSEL's earliest time), running at 10x. */
const clockAt = (status: ClockView["status"], scenarioMs = 6 * HOUR + 65_000): ClockView => ({
  status,
  scenarioMs,
  asOf: "2026-11-26T10:00:00.000Z",
  scale: 10,
  manualOnly: false,
  startScenarioMs: 6 * HOUR,
  timeOfDay: true,
  hotWashMinutes: 60,
});

const items = [item("a", "released"), item("b", "pending"), item("c", "skipped")];
const link: ConductLinkView = {
  id: "l1",
  role: "player",
  label: "EOC Policy Group",
  url: "https://app.example/conduct/tok",
  createdAt: "2026-11-26T09:00:00.000Z",
  revokedAt: null,
  connected: 2,
};

describe("controller console parts", () => {
  it("timeline and module rows can take focus, so a button that disappears once it did its job leaves focus on its row", () => {
    const timeline = renderToStaticMarkup(
      createElement(MselTimeline, { items, modules: [], clock: clockAt("running"), readOnly: false, busy: false, onCommand: noop }),
    );
    for (const key of ["a", "b", "c"]) expect(timeline).toMatch(new RegExp(`<li[^>]*data-row-key="${key}"[^>]*tabindex="-1"`));
    const modules = renderToStaticMarkup(
      createElement(ModuleSelector, {
        modules: [
          { title: "Response", description: "", questions: ["Q1"] },
          { title: "Recovery", description: "", questions: [] },
        ],
        currentModule: 0,
        status: "running",
        readOnly: false,
        busy: false,
        onCommand: noop,
      }),
    );
    expect(modules).toMatch(/<li[^>]*data-row-key="1"[^>]*tabindex="-1"/);

    const focused: string[] = [];
    const row = (rowKey: string) => ({ dataset: { rowKey }, focus: () => focused.push(rowKey) });
    const list = { children: [row("a"), row("b")] } as unknown as HTMLElement;
    focusRow(list, "b");
    focusRow(list, "gone");
    focusRow(null, "a");
    expect(focused).toEqual(["b"]);
  });

  it("the timeline shows scenario times, status badges, expected actions and Release now / Skip on pending items only", () => {
    const html = renderToStaticMarkup(
      createElement(MselTimeline, { items, modules: [], clock: clockAt("running"), readOnly: false, busy: false, onCommand: noop }),
    );
    const t = text(html);
    expect(t).toContain("Day 1 06:30");
    expect(t).toMatch(/Due Day 1 06:30 · about .+ on the wall clock at 10x/);
    expect(t).toContain("Released");
    expect(t).toContain("Pending");
    expect(t).toContain("Skipped");
    expect(t).toContain("Expected action: Issue the evacuation warning.");
    expect(html.match(/aria-label="Release now: /g)).toHaveLength(1);
    expect(html).toContain('aria-label="Release now: Inject b"');
    expect(html).toContain('aria-label="Skip: Inject b"');
  });

  it("a read-only viewer sees the timeline, modules, clock and links without any control", () => {
    const timeline = renderToStaticMarkup(
      createElement(MselTimeline, { items, modules: [], clock: clockAt("running"), readOnly: true, busy: false, onCommand: noop }),
    );
    expect(text(timeline)).toContain("Expected action");
    expect(timeline).not.toContain("Release now");
    expect(timeline).not.toContain('aria-label="Skip:');
    const modules = renderToStaticMarkup(
      createElement(ModuleSelector, {
        modules: [
          { title: "Response", description: "", questions: ["Q1"] },
          { title: "Recovery", description: "", questions: [] },
        ],
        currentModule: 0,
        status: "running",
        readOnly: true,
        busy: false,
        onCommand: noop,
      }),
    );
    expect(text(modules)).toContain("Open for players");
    expect(modules).not.toContain("Open module");
    const clock = renderToStaticMarkup(
      createElement(SessionClock, {
        clock: clockAt("running"),
        nextDueMs: null,
        readOnly: true,
        busy: false,
        onCommand: noop,
      }),
    );
    expect(text(clock)).toContain("Day 1 06:01:05");
    expect(text(clock)).toContain("10x");
    expect(clock).not.toContain("Time scale");
    expect(clock).not.toContain("Pause");
    expect(clock).not.toContain(">End<");
    const links = renderToStaticMarkup(wrap(createElement(LinksPanel, { sessionId: "s1", links: [link], readOnly: true, onChanged: () => undefined })));
    expect(text(links)).toContain("EOC Policy Group");
    expect(text(links)).toContain("2 connected");
    expect(links).not.toContain("Copy link");
    expect(links).not.toContain("Revoke");
    expect(links).not.toContain("Create link");
    expect(links).not.toContain("https://app.example/conduct/tok");
  });

  it("a controller gets Start before play, Pause and End while running, and the link's copy and revoke", () => {
    const ready = text(
      renderToStaticMarkup(
        createElement(SessionClock, {
          clock: clockAt("ready", 6 * HOUR),
          nextDueMs: 6.5 * HOUR,
          readOnly: false,
          busy: false,
          onCommand: noop,
        }),
      ),
    );
    expect(ready).toContain("Start");
    expect(ready).toContain("Scenario starts at");
    expect(ready).not.toContain("Pause");
    expect(ready).not.toContain("Jump to next inject");
    const running = text(
      renderToStaticMarkup(
        createElement(SessionClock, {
          clock: clockAt("running"),
          nextDueMs: 6.5 * HOUR,
          readOnly: false,
          busy: false,
          onCommand: noop,
        }),
      ),
    );
    expect(running).toContain("Pause");
    expect(running).toContain("End");
    expect(running).toContain("Jump to next inject (Day 1 06:30)");
    expect(running).toContain("Manual releases only");
    expect(running).toContain("Time scale");
    const links = renderToStaticMarkup(wrap(createElement(LinksPanel, { sessionId: "s1", links: [link], readOnly: false, onChanged: () => undefined })));
    expect(links).toContain('aria-label="Copy link for EOC Policy Group"');
    expect(links).toContain('aria-label="Revoke link for EOC Policy Group"');
    // The address in plain sight, its QR code, and the join screen to project.
    expect(text(links)).toContain("https://app.example/conduct/tok");
    expect(links).toContain('data-qr-value="https://app.example/conduct/tok"');
    expect(links).toMatch(/<svg[^>]*role="img"[^>]*aria-label="QR code for EOC Policy Group/);
    expect(links).toContain('href="/conduct/sessions/s1/join/l1"');
  });
});

describe("the players' inject feed", () => {
  it("lists released injects with a polite live region and no expected action", () => {
    const html = renderToStaticMarkup(
      createElement(InjectFeed, {
        injects: [
          {
            key: "b",
            title: "Shelter full",
            message: "At capacity.",
            from: "Red Cross",
            to: null,
            injectMode: "Phone",
            releasedAt: "2026-11-26T10:40:00.000Z",
            releasedScenarioMs: 6 * HOUR + 40 * 60_000,
          },
        ],
        clock: clockAt("running"),
      }),
    );
    expect(text(html)).toContain("Day 1 06:40");
    expect(html).toContain('aria-live="polite"');
    expect(text(html)).toContain("Shelter full");
    expect(text(html)).not.toContain("Expected");
  });
});

describe("the console's play feed (issue 30)", () => {
  const entry = (id: string, kind: FeedEntryView["kind"], linkId: string, itemKey: string, extra: Partial<FeedEntryView> = {}): FeedEntryView => ({
    id,
    kind,
    linkId,
    label: linkId === "l1" ? "EOC Policy Group" : "Evaluator — Mass Care",
    at: "2026-11-26T10:41:00.000Z",
    scenarioAt: 6 * HOUR + 41 * 60_000,
    itemKey,
    text: `${kind} ${id}`,
    moduleIndex: kind === "answer" ? 0 : null,
    questionIndex: kind === "answer" ? 0 : null,
    capability: kind === "observation" ? "Mass Care Services" : null,
    rating: kind === "observation" ? "S" : null,
    afterPlay: false,
    ...extra,
  });
  const feed = [entry("3", "observation", "l2", "b", { afterPlay: true }), entry("2", "answer", "l1", "b"), entry("1", "answer", "l1", "a")];

  it("shows what was answered and observed, newest first, with who, the question and the inject — not counts alone", () => {
    const html = renderToStaticMarkup(
      createElement(PlayFeed, {
        state: {
          feed,
          items,
          modules: [{ title: "Response", description: "", questions: ["Who decides?"] }],
          links: [link],
          counts: { answers: 2, observations: 1, feedback: 0 },
          clock: clockAt("running"),
        },
      }),
    );
    const t = text(html);
    expect(t.indexOf("observation 3")).toBeLessThan(t.indexOf("answer 2"));
    expect(t.indexOf("answer 2")).toBeLessThan(t.indexOf("answer 1"));
    expect(t).toContain("Who decides?");
    expect(t).toContain("S — Performed with Some Challenges");
    expect(t).toContain("After play");
    expect(t).toContain("Day 1 06:41");
    expect(t).toContain("During “Inject a”");
  });

  it("filters by group or evaluator and by inject", () => {
    expect(filterFeed(feed, { linkId: "l1", itemKey: "" }).map((e) => e.id)).toEqual(["2", "1"]);
    expect(filterFeed(feed, { linkId: "", itemKey: "b" }).map((e) => e.id)).toEqual(["3", "2"]);
    expect(filterFeed(feed, { linkId: "l1", itemKey: "b" }).map((e) => e.id)).toEqual(["2"]);
  });
});

describe("the evaluator's page (issue 30)", () => {
  const view = (status: ClockView["status"]) =>
    renderToStaticMarkup(
      wrap(
        createElement(EvaluatorView, {
          token: "tok",
          status: "live",
          state: {
            role: "evaluator",
            sessionName: "Morning run",
            exerciseName: "Levee TTX",
            evaluatorLabel: "Evaluator — Mass Care",
            seq: 3,
            status,
            clock: clockAt(status),
            currentModule: null,
            modules: [],
            released: [],
            currentItemKey: null,
            guides: [],
            capabilities: ["Mass Care Services"],
            observations: [],
            evaluationClosesAt: status === "ended" ? "2026-11-26T11:00:00.000Z" : null,
          },
        }),
      ),
    );

  it("says why Save observation is disabled before the start, and keeps the P/S/M/U definitions one tap away, not under the form", () => {
    const html = view("ready");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="observation-disabled"[^>]*>Save observation/);
    expect(text(html)).toContain("Notes can be saved once the controller starts the session.");
    expect(text(html)).toContain("What P, S, M and U mean");
    expect(html).not.toContain(RATING_DEFINITIONS.S.definition);
    expect(text(html)).toContain("Not started");
  });

  it("says at once that play has ended, and that notes are still taken in the hot wash, marked after play", () => {
    const html = view("ended");
    const t = text(html);
    expect(t).toContain("The exercise has ended");
    expect(t).toMatch(/You can still add and finish notes until .+ \(the hot wash\); they are marked “after play”/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Save observation/);
  });
});
