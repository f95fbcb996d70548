/**
 * `npm run screenshots`: the landing page's pictures of the app, taken from the real thing. Starts
 * the app as `npm start` does (fresh state, demo seed; e2e/lib/server.ts), signs in as the demo
 * planner in headless Chromium, opens each page of SHOTS and writes a compact WebP of it to
 * public/screens/ (web/components/landing/screens.ts lists them with their sizes and alt text).
 * Chromium encodes the WebP itself (a canvas in a blank page), so no image library is needed.
 * Run `npm run build` first (the app is served from the build). Commit the images it writes.
 */
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { DEMO, gotoAndHydrate, signIn } from "../e2e/lib/helpers.ts";
import { ROOT, startApp } from "../e2e/lib/server.ts";
import { DEMO_CONDUCT } from "./lib/demo-conduct.ts";
import { demoCampaignExercisePath } from "./lib/demo.ts";
import { DEMO_FINDINGS_CAMPAIGN } from "./lib/demo-campaign.ts";
import { SCREEN_HEIGHT, SCREEN_WIDTH, SCREENS } from "../web/components/landing/screens.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OUT = path.join(ROOT, "public", "screens");
/** The page is captured at a laptop's size… */
const VIEWPORT = { width: 1280, height: 800 };
/** …and stored at SCREEN_WIDTH × SCREEN_HEIGHT (same shape); quality is lowered until the file fits MAX_BYTES. */
const MAX_BYTES = 80 * 1024;

const session = `/conduct/sessions/${DEMO_CONDUCT.sessionId}`;
/** Where each screen of web/components/landing/screens.ts is taken. */
const PATHS: Record<(typeof SCREENS)[number]["name"], string> = {
  dashboard: "/dashboard",
  designer: demoCampaignExercisePath.replace(/\/intro$/, "/scenario-description"),
  ask: "/documents",
  intelligence: "/intelligence",
  campaigns: `/collaborate/campaigns/${DEMO_FINDINGS_CAMPAIGN.campaignId}`,
  // The console and replay read the live session object, which the seed does not start.
  conduct: `${session}/feedback`,
  eeg: `${session}/eeg`,
  aar: `${session}/aar`,
  improvement: "/improvement",
};

async function closeWelcome(page: Page) {
  const close = page.getByRole("dialog").getByRole("button", { name: "Close" });
  if (await close.isVisible().catch(() => false)) await close.click();
}

/** The seeded documents are read in the background: wait (a minute at most) until the library shows them ready. */
async function waitForDocuments(page: Page, baseURL: string) {
  for (let tries = 30; tries > 0; tries--) {
    await gotoAndHydrate(page, baseURL, "/documents");
    if ((await page.getByText(/^(Queued|Processing)$/).count()) === 0) return;
    await page.waitForTimeout(2_000);
  }
  console.warn("screenshots: some demo documents are still being read; the pictures show them so.");
}

/** The PNG as WebP, scaled to the stored size, at the highest quality that fits MAX_BYTES. */
async function toWebp(page: Page, png: Buffer): Promise<Buffer> {
  for (const quality of [0.8, 0.7, 0.6, 0.5, 0.4]) {
    const dataUrl = await page.evaluate(
      async ({ src, width, height, quality }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = height;
        const g = canvas.getContext("2d")!;
        g.imageSmoothingQuality = "high";
        g.drawImage(img, 0, 0, width, height);
        return canvas.toDataURL("image/webp", quality);
      },
      { src: `data:image/png;base64,${png.toString("base64")}`, width: SCREEN_WIDTH, height: SCREEN_HEIGHT, quality },
    );
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    if (bytes.length <= MAX_BYTES || quality === 0.4) return bytes;
  }
  throw new Error("unreachable");
}

const app = await startApp({ label: "screenshots", logFile: path.join(ROOT, "e2e", "artifacts", "screenshots-server.log") });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
try {
  mkdirSync(OUT, { recursive: true });
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: "reduce", colorScheme: "light" });
  const page = await context.newPage();
  const encoder = await context.newPage();
  await signIn(page, app.baseURL, DEMO.email, DEMO.password);
  await waitForDocuments(page, app.baseURL);
  for (const screen of SCREENS) {
    await gotoAndHydrate(page, app.baseURL, PATHS[screen.name]);
    await page.waitForLoadState("networkidle").catch(() => undefined);
    await closeWelcome(page);
    const png = await page.screenshot({ type: "png" });
    const file = path.join(OUT, `${screen.name}.webp`);
    writeFileSync(file, await toWebp(encoder, png));
    console.log(`${path.relative(ROOT, file)}  ${Math.round(statSync(file).size / 1024)} KB  (${PATHS[screen.name]})`);
  }
} finally {
  await browser.close();
  await app.stop();
}
