/**
 * The web client's budget measurements (./budget.browser.test.ts asserts them, `pnpm bench` prints
 * them): the JavaScript the lobby's first load transfers, and a table's time to interactive on an
 * emulated mid-range phone. Both drive a Chromium page through the DevTools protocol.
 */
import { writeFileSync } from "node:fs";
import type { Browser, CDPSession, Page } from "playwright-core";

/** The lobby's first load may transfer at most this many bytes of JavaScript, compressed. */
export const LOBBY_SCRIPT_BUDGET = 200 * 1024;
/** The time (ms) a table should be interactive within on the emulated phone: `pnpm bench` prints the figure against it. */
export const TABLE_INTERACTIVE_BUDGET_MS = 2000;

/**
 * "Fast 4G" as Chrome DevTools, Lighthouse and Puppeteer define it (Puppeteer's
 * `PredefinedNetworkConditions['Fast 4G']`, aligned with DevTools and Lighthouse in
 * crbug.com/342406608): 9 Mbit/s down and 1.5 Mbit/s up, each times 0.9, and 60 ms of
 * round trip times 2.75 (165 ms). Throughputs in bytes per second, latency in ms.
 */
export const FAST_4G = {
  label: "Fast 4G (9 Mbit/s down, 1.5 Mbit/s up, 165 ms RTT)",
  downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
  latency: 60 * 2.75,
} as const;

/** The emulated mid-range phone: a 390 x 844 CSS px screen at 2x, touch, the CPU 4 times slower (Lighthouse's mobile slowdown). */
export const PHONE = { width: 390, height: 844, deviceScaleFactor: 2, cpuSlowdown: 4 } as const;

/** One script the page loaded: where from, the bytes on the wire, and its Content-Encoding ("identity" when none). */
export interface ScriptLoad {
  readonly url: string;
  readonly bytes: number;
  readonly encoding: string;
}

/** Records every script a page loads (cache disabled), from the protocol's network events. */
async function recordScripts(cdp: CDPSession): Promise<ScriptLoad[]> {
  const pending = new Map<string, { url: string; encoding: string }>();
  const loads: ScriptLoad[] = [];
  cdp.on("Network.responseReceived", (event) => {
    if (event.type !== "Script") return;
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    pending.set(event.requestId, { url: event.response.url, encoding: headers["content-encoding"] ?? "identity" });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const script = pending.get(event.requestId);
    if (script) loads.push({ ...script, bytes: event.encodedDataLength });
  });
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  return loads;
}

const total = (loads: readonly ScriptLoad[]) => loads.reduce((sum, l) => sum + l.bytes, 0);

/**
 * Loads the lobby (`base` + "/") in a fresh 1280 px context and waits until its create forms are
 * shown and the network is idle.
 * @returns the scripts transferred, their total bytes (headers included, as Chromium counts
 *   `encodedDataLength`) and the distinct Content-Encodings they came with.
 */
export async function measureLobbyScripts(browser: Browser, base: string): Promise<{ bytes: number; files: ScriptLoad[]; encodings: string[] }> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const loads = await recordScripts(await context.newCDPSession(page));
    await page.goto(`${base}/`);
    // The lobby as first shown: play now (the bot's form) and the game picker, no create form yet.
    await page.getByRole("button", { name: "Play against the bot" }).first().waitFor({ timeout: 60_000 });
    await page.getByRole("group", { name: "Game" }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    const files = [...loads].sort((a, b) => b.bytes - a.bytes);
    return { bytes: total(files), files, encodings: [...new Set(files.map((f) => f.encoding))].sort() };
  } finally {
    await context.close();
  }
}

/**
 * The page's own probe (an init script): when the seat's decision buttons first exist enabled it
 * writes `INTERACTIVE_MARK <ms since navigation start>` to the console at the next animation
 * frame (as a driver polling on animation frames would see them: any layout the page forces
 * before that frame counts). The test listens for that
 * line instead of polling the page: a `waitForFunction` would evaluate the driver's injected
 * script and a predicate on every frame in the page, on the throttled main thread the figure
 * measures (about 140 ms at 4x, taken from the page's own load).
 */
const INTERACTIVE_MARK = "fogwar:interactive";
const INTERACTIVE_PROBE = `(() => {
  const ready = () => document.querySelector("section.decision.mine button:not([disabled])");
  const observer = new MutationObserver(() => {
    if (ready()) {
      observer.disconnect();
      requestAnimationFrame(() => console.info("${INTERACTIVE_MARK} " + performance.now()));
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
})();`;

/**
 * Opens a seat's invite link on the emulated phone (PHONE, FAST_4G, cache disabled) and waits
 * until the seat's decision buttons are enabled.
 * @returns `interactiveMs` from navigation start to enabled decision buttons, the page's first
 *   contentful paint, and the JavaScript bytes transferred.
 * @throws when the table is not interactive within 60 s.
 */
export async function measureTableInteractive(browser: Browser, inviteUrl: string): Promise<{ interactiveMs: number; firstPaintMs: number; scriptBytes: number }> {
  const context = await browser.newContext({
    locale: "en-US",
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page: Page = await context.newPage();
    await page.addInitScript(INTERACTIVE_PROBE);
    const cdp = await context.newCDPSession(page);
    const loads = await recordScripts(cdp);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: FAST_4G.latency, downloadThroughput: FAST_4G.downloadThroughput, uploadThroughput: FAST_4G.uploadThroughput });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
    // FOGWAR_BUDGET_PROFILE=<file>: the page's CPU profile (Chromium's .cpuprofile) is written there.
    const profile = process.env.FOGWAR_BUDGET_PROFILE;
    if (profile) await cdp.send("Profiler.enable").then(() => cdp.send("Profiler.setSamplingInterval", { interval: 200 })).then(() => cdp.send("Profiler.start"));
    // FOGWAR_BUDGET_CHROME_TRACE=<file>: Chromium's performance trace of the load (every process and thread) is written there.
    if (process.env.FOGWAR_BUDGET_CHROME_TRACE) await browser.startTracing(page, { path: process.env.FOGWAR_BUDGET_CHROME_TRACE, categories: ["devtools.timeline", "v8", "v8.execute", "blink", "disabled-by-default-devtools.timeline"] });
    const interactive = page.waitForEvent("console", { predicate: (line) => line.text().startsWith(`${INTERACTIVE_MARK} `), timeout: 60_000 });
    // Awaited below; a failed navigation closes the page first, which rejects this one too.
    interactive.catch(() => undefined);
    await page.goto(inviteUrl);
    const interactiveMs = Number((await interactive).text().slice(INTERACTIVE_MARK.length + 1));
    const figures = { interactiveMs, firstPaintMs: await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1) };
    if (process.env.FOGWAR_BUDGET_CHROME_TRACE) await browser.stopTracing();
    if (profile) writeFileSync(profile, JSON.stringify((await cdp.send("Profiler.stop")).profile));
    if (process.env.FOGWAR_BUDGET_TRACE) console.log(await page.evaluate(() => performance.getEntriesByType("resource").map((e) => `${e.name.slice(-40)} ${Math.round(e.startTime)}-${Math.round((e as PerformanceResourceTiming).responseEnd)}`).join("\n")));
    return { ...figures, scriptBytes: total(loads) };
  } finally {
    await context.close();
  }
}
