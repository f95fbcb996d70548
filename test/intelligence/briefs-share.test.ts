import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import type { Env } from "../../worker/env";
import { sharedBriefCacheKey } from "../../worker/briefs/share-cache";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { BRIEFS, createBriefOk, insertBriefs, shareOk, T0 } from "./brief-helpers";

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" })]);
});

/** The public page, signed out, as a browser gets it (through worker/index.ts). */
async function page(path: string): Promise<Response> {
  return SELF.fetch(`http://localhost${path}`);
}

/** The public page through the app with the request's waitUntil work (the edge-cache put) finished. */
async function pageSettled(path: string): Promise<Response> {
  return api(path);
}

const cacheKey = (token: string) => sharedBriefCacheKey(appContext(env as unknown as Env), token);
const edgeCopy = (token: string) => (caches as unknown as { default: Cache }).default.match(cacheKey(token));

function expectPublicPageHeaders(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(res.headers.get("x-robots-tag")).toMatch(/noindex/);
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp).toMatch(/default-src 'none'/);
  expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
  expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  expect(res.headers.get("set-cookie")).toBeNull();
}

describe("share lifecycle", () => {
  it("shares a brief: a 43-character base64url token and a public page, signed out", async () => {
    const brief = await createBriefOk(alice, {
      title: "Sable River crest",
      content: "## Outlook\n\nCrest of **29 ft** at [NWS](https://water.noaa.gov/gauges/fnkl1).",
    });
    const shared = await shareOk(alice, brief.id);
    expect(shared.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shared.sharePath).toBe(`/share/briefs/${shared.shareToken}`);
    // Sharing again keeps the link.
    expect((await shareOk(alice, brief.id)).shareToken).toBe(shared.shareToken);

    const res = await page(shared.sharePath);
    expect(res.status).toBe(200);
    expectPublicPageHeaders(res);
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("<h1>Sable River crest</h1>");
    expect(html).toContain("<h3>Outlook</h3>");
    expect(html).toContain("<strong>29 ft</strong>");
    expect(html).toContain('<a href="https://water.noaa.gov/gauges/fnkl1" rel="noopener noreferrer nofollow">NWS</a>');
    expect(html).toContain("@media print");
    // No app shell and no script at all.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("Dashboard");
  });

  it("tokens differ brief to brief and carry no pattern", async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) tokens.add((await shareOk(alice, (await createBriefOk(alice)).id)).shareToken);
    expect(tokens.size).toBe(5);
  });

  it("rotate: the old link is 404, the new one shows the brief", async () => {
    const brief = await createBriefOk(alice, { title: "Rotated brief" });
    const first = await shareOk(alice, brief.id);
    expect((await pageSettled(first.sharePath)).status).toBe(200);
    expect(await edgeCopy(first.shareToken)).toBeDefined();

    const second = await shareOk(alice, brief.id, "share/rotate");
    expect(second.shareToken).not.toBe(first.shareToken);
    expect(await edgeCopy(first.shareToken)).toBeUndefined();
    expect((await page(first.sharePath)).status).toBe(404);
    const res = await page(second.sharePath);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Rotated brief");
  });

  it("rotating an unshared brief is a 409 that says to share first", async () => {
    const brief = await createBriefOk(alice);
    const err = await apiError(await api(`${BRIEFS}/${brief.id}/share/rotate`, { user: alice, method: "POST" }));
    expect([err.status, err.code]).toEqual([409, "not_shared"]);
  });

  it("revoke: the page is 404 (the same page as an unknown token) and the edge copy is gone", async () => {
    const brief = await createBriefOk(alice, { title: "Revoked brief" });
    const shared = await shareOk(alice, brief.id);
    expect((await pageSettled(shared.sharePath)).status).toBe(200);
    expect(await edgeCopy(shared.shareToken)).toBeDefined();

    const revoked = await shareOk(alice, brief.id, "share", "DELETE");
    expect(revoked).toMatchObject({ shareToken: null, sharePath: null });
    expect(await edgeCopy(shared.shareToken)).toBeUndefined();
    const gone = await page(shared.sharePath);
    expect(gone.status).toBe(404);
    expectPublicPageHeaders(gone);
    expect(gone.headers.get("cache-control")).toBe("no-store");
    const goneHtml = await gone.text();
    expect(goneHtml).not.toContain("Revoked brief");

    const unknown = await page(`/share/briefs/${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(goneHtml);
    // Revoking again changes nothing; sharing again makes a new link.
    expect((await shareOk(alice, brief.id, "share", "DELETE")).shareToken).toBeNull();
    const again = await shareOk(alice, brief.id);
    expect(again.shareToken).not.toBe(shared.shareToken);
  });

  it("edit: the cached page is purged and shows the new words", async () => {
    const brief = await createBriefOk(alice, { title: "Before", content: "Old outlook." });
    const { sharePath, shareToken } = await shareOk(alice, brief.id);
    expect(await (await pageSettled(sharePath)).text()).toContain("Old outlook.");
    const cached = await edgeCopy(shareToken);
    expect(await cached?.text()).toContain("Old outlook.");
    // Served from the edge copy: a second read answers the same page.
    expect(await (await page(sharePath)).text()).toContain("Old outlook.");

    await expectStatus(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "PATCH", body: { title: "After", content: "New outlook." } }), 200);
    expect(await edgeCopy(shareToken)).toBeUndefined();
    const html = await (await pageSettled(sharePath)).text();
    expect(html).toContain("New outlook.");
    expect(html).toContain("<h1>After</h1>");
    expect(html).not.toContain("Old outlook.");
  });

  it("delete: the page is 404 and the edge copy is gone", async () => {
    const brief = await createBriefOk(alice);
    const { sharePath, shareToken } = await shareOk(alice, brief.id);
    await pageSettled(sharePath);
    expect(await edgeCopy(shareToken)).toBeDefined();
    await expectStatus(await api(`${BRIEFS}/${brief.id}`, { user: alice, method: "DELETE" }), 200);
    expect(await edgeCopy(shareToken)).toBeUndefined();
    expect((await page(sharePath)).status).toBe(404);
  });

  it("caches one copy per page whatever the query string, and never a 404", async () => {
    const brief = await createBriefOk(alice, { title: "One copy" });
    const { sharePath, shareToken } = await shareOk(alice, brief.id);
    await pageSettled(`${sharePath}?utm_source=mail`);
    expect(await edgeCopy(shareToken)).toBeDefined();
    const missing = "B".repeat(43);
    await pageSettled(`/share/briefs/${missing}`);
    expect(await edgeCopy(missing)).toBeUndefined();
  });
});

describe("the public page", () => {
  it("shows only the shared brief: its title, date and content, not the owner's other briefs", async () => {
    const token = "C".repeat(21) + crypto.randomUUID().replace(/-/g, "").slice(0, 22);
    await insertBriefs(bob.userId, [
      { title: "Bob's shared brief", at: T0, content: "Shared words.", shareToken: token },
      { title: "Bob's private brief", at: T0, content: "Private words." },
    ]);
    const res = await page(`/share/briefs/${token}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Bob&#39;s shared brief");
    expect(html).toContain("Shared words.");
    expect(html).toContain('<time datetime="2027-03-20T12:00:00.000Z">March 20, 2027</time>');
    expect(html).not.toContain("Private words.");
    expect(html).not.toContain("private brief");
    expect(html).not.toContain(bob.email);
    expect(html).not.toContain(bob.userId);
  });

  it("renders Markdown safely: HTML in a brief is text, and only http(s)/mailto links survive", async () => {
    const brief = await createBriefOk(alice, {
      title: "<img src=x onerror=alert(1)>",
      content:
        '<script>alert("x")</script>\n\n[click](javascript:alert(1)) and [ok](https://example.org/a"b)\n\n| a | b |\n|---|---|\n| <b>1</b> | 2 |\n\n> quoted <i>x</i>\n\n- outer\n  - inner <u>y</u>',
    });
    const { sharePath } = await shareOk(alice, brief.id);
    const html = await (await page(sharePath)).text();
    expect(html).not.toMatch(/<script|<img|<b>|<i>|<u>|javascript:/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("<h1>&lt;img src=x onerror=alert(1)&gt;</h1>");
    expect(html).toContain("<table>");
    expect(html).toContain("<blockquote><p>quoted &lt;i&gt;x&lt;/i&gt;</p></blockquote>");
    expect(html).toContain("<ul><li>outer<ul><li>inner &lt;u&gt;y&lt;/u&gt;</li></ul></li></ul>");
  });

  it("answers the not-available page for malformed tokens and other /share paths, signed out or in", async () => {
    for (const path of ["/share/briefs/short", "/share/briefs/%27%20OR%201%3D1", "/share/briefs/", "/share/nothing", `/share/briefs/${"D".repeat(43)}/extra`]) {
      const res = await page(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain("This page is not available");
    }
    const signedIn = await SELF.fetch(`http://localhost/share/briefs/${"E".repeat(43)}`, { headers: { cookie: alice.cookie } });
    expect(signedIn.status).toBe(404);
  });

  it("is not the owner's to reach through another user's API", async () => {
    const brief = await createBriefOk(alice);
    const err = await apiError(await api(`${BRIEFS}/${brief.id}/share`, { user: bob, method: "POST" }));
    expect(err.status).toBe(404);
    expect((await json(await api(`${BRIEFS}/${brief.id}`, { user: alice }))).brief.shareToken).toBeNull();
  });
});
