/**
 * What every browser test needs: the Chromium to drive (Debian's, or FOGWAR_CHROMIUM) and its
 * flags, whether this is CI (where a missing Chromium fails instead of skipping), the web client's
 * folders, a build of the client when it is missing or older than its sources, a free port, and
 * the server serving the built client on one, and a test file's whole set-up of both with Chromium.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { startServer, type RunningServer, type ServerConfig } from "@fogwar/server";
import { chromium, type Browser, type Page } from "playwright-core";

/** The Chromium binary the tests drive through playwright-core. */
export const CHROMIUM = process.env.FOGWAR_CHROMIUM || "/usr/bin/chromium";
/** Flags for a headless Chromium on a machine without a display or a sandbox. */
export const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup"];
/** Whether the tests run under CI (CI set and not "false" or "0"): there a missing Chromium is a failure, not a skip. */
export const IN_CI = !!process.env.CI && process.env.CI !== "false" && process.env.CI !== "0";
/** Whether the Chromium binary exists here. */
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

/** apps/web. */
export const WEB = resolve(__dirname, "..");
/** The workspace root. */
export const ROOT = resolve(WEB, "../..");
/**
 * The built web client the tests serve: apps/web/dist, or the folder FOGWAR_WEB_DIR names (as the
 * server reads it: a build made elsewhere, e.g. `vite build --outDir /tmp/x/dist`, which the tests
 * then serve as it is and never rebuild).
 */
export const DIST = process.env.FOGWAR_WEB_DIR ? resolve(process.env.FOGWAR_WEB_DIR) : join(WEB, "dist");

/** The newest modification time (ms) under `path`, skipping node_modules and dist; 0 when missing. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry === "dist") continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Builds apps/web/dist with the package's build script when it is missing or older than its
 * sources (the client's and the packages it bundles, their data included). A folder named by
 * FOGWAR_WEB_DIR is only checked for its index.html.
 * @throws Error with the build's output when the build fails or leaves no index.html.
 */
export function ensureWebBuild(): void {
  const built = join(DIST, "index.html");
  if (process.env.FOGWAR_WEB_DIR) {
    if (!existsSync(built)) throw new Error(`FOGWAR_WEB_DIR names ${DIST}, which holds no index.html: build the client there first`);
    return;
  }
  const sources = [
    join(WEB, "src"),
    join(WEB, "public"),
    join(WEB, "index.html"),
    join(WEB, "vite.config.ts"),
    join(WEB, "package.json"),
    ...["protocol", "client", "ember", "siege", "sigmar", "trpg", "engine"].flatMap((name) => [join(ROOT, "packages", name, "src"), join(ROOT, "packages", name, "data")]),
    join(ROOT, "packages", "rules-archive", "src"),
    join(ROOT, "packages", "rules-archive", "frozen"),
  ];
  const fresh = () => existsSync(built) && Math.max(...sources.map(newestMtime)) <= statSync(built).mtimeMs;
  if (fresh()) return;
  // Test files run two at a time: one builds while the others wait for it, then find it fresh.
  withBuildLock(() => {
    if (fresh()) return;
    const result = spawnSync("npm", ["run", "build"], { cwd: WEB, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
    if (result.status !== 0) throw new Error(`building the web client failed (${result.status ?? result.error}):\n${result.stdout}\n${result.stderr}`);
    if (!existsSync(built)) throw new Error("the web build left no dist/index.html");
  });
}

/** The lock folder held while one test process builds the web client. */
const BUILD_LOCK = join(WEB, ".e2e-build.lock");
/** A lock older than this is left over from a killed process and is taken over (ms). */
const STALE_LOCK_MS = 10 * 60_000;

/** Runs `fn` holding the build lock (a folder: mkdir is atomic), waiting up to 15 minutes for another holder. */
function withBuildLock(fn: () => void): void {
  const deadline = Date.now() + 15 * 60_000;
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const since = existsSync(BUILD_LOCK) ? statSync(BUILD_LOCK).mtimeMs : Date.now();
      if (Date.now() - since > STALE_LOCK_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`another test process has held ${BUILD_LOCK} for too long`);
      Atomics.wait(nap, 0, 0, 250);
    }
  }
  try {
    fn();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.on("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

/**
 * The server in this process on a free port, on an in-memory database, serving the built client
 * (DIST), with `options` (the bots' pace, allowed push services); a port taken between the probe
 * and the listen is retried (five attempts).
 * @throws the server's start error, or the last EADDRINUSE.
 */
export async function startWebServer(options: Pick<ServerConfig, "botDelayMs" | "pushHosts" | "smtpUrl" | "notifications"> = {}): Promise<RunningServer> {
  let last: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      return await startServer({ port, host: "127.0.0.1", publicUrl: `http://127.0.0.1:${port}`, logLevel: process.env.TEST_LOG_LEVEL ?? "silent", webDir: DIST, ...options });
    } catch (error) {
      last = error;
      if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
    }
  }
  throw last;
}

/** A browser test file's server (the built web client on an embedded database), its addresses and Chromium. */
export interface WebSuite {
  readonly server: RunningServer;
  /** `http://127.0.0.1:<port>`. */
  readonly base: string;
  /** `ws://127.0.0.1:<port>`. */
  readonly ws: string;
  readonly browser: Browser;
}

/**
 * A browser test file's set-up: builds the web client when it is missing or stale, starts a server
 * with `options` (startWebServer) and launches Chromium.
 * @throws Error when Chromium is missing (under CI the browser tests must run; elsewhere a file
 *   without it is skipped before this runs), or the server's start error.
 */
export async function openWebSuite(options: Parameters<typeof startWebServer>[0] = {}): Promise<WebSuite> {
  if (!HAVE_CHROMIUM) throw new Error(`Chromium is missing at ${CHROMIUM}; under CI the browser tests must run (.ci/run installs it and sets FOGWAR_CHROMIUM)`);
  ensureWebBuild();
  const server = await startWebServer(options);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return { server, browser, base: `http://127.0.0.1:${server.port}`, ws: `ws://127.0.0.1:${server.port}` };
}

/** Closes what `openWebSuite` opened; either may be missing when the set-up failed half-way. */
export async function closeWebSuite(opened: { readonly browser?: Browser; readonly server?: RunningServer }): Promise<void> {
  await opened.browser?.close().catch(() => undefined);
  await opened.server?.close();
}

/**
 * Claims the invite in an invite link (`.../play/<id>#seat=p1&invite=<code>`) against the
 * server at `base`, as the seat's player's client does. @returns the seat token and a link that
 * carries it (`#seat=p1&token=<token>`, which the play page reads as it is) for a page that must
 * play the seat whose token the test also holds. @throws Error when the claim is refused.
 */
export async function claimInviteLink(base: string, inviteUrl: string): Promise<{ token: string; playUrl: string }> {
  const url = new URL(inviteUrl);
  const params = new URLSearchParams(url.hash.slice(1));
  const seat = params.get("seat") ?? "";
  const matchId = url.pathname.split("/")[2] ?? "";
  const claimKey = Buffer.from(Array.from({ length: 16 }, () => Math.floor(Math.random() * 256))).toString("base64url");
  const response = await fetch(`${base}/api/matches/${matchId}/seats/${seat}/claim`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ invite: params.get("invite"), claimKey }) });
  const body = (await response.json()) as { token?: string; error?: { code: string } };
  if (!response.ok || !body.token) throw new Error(`claim of ${seat} refused: ${response.status} ${body.error?.code}`);
  return { token: body.token, playUrl: `${url.origin}${url.pathname}#seat=${seat}&token=${body.token}` };
}

/** {@link claimInviteLink} for every seat of a creation's answer: each seat with its `token`, its `inviteUrl` now carrying the token. */
export async function claimSeats<S extends { seat: string; inviteUrl: string }, T extends { seats: S[] }>(base: string, created: T): Promise<T & { seats: (S & { token: string })[] }> {
  const seats: (S & { token: string })[] = [];
  for (const seat of created.seats) {
    const { token, playUrl } = await claimInviteLink(base, seat.inviteUrl);
    seats.push({ ...seat, token, inviteUrl: playUrl });
  }
  return { ...created, seats };
}

/** The polling wait every test shares (`eventually(what, check, timeoutMs, pollMs)`). */
export { eventually } from "@fogwar/server/testing";

/**
 * The boxes of `page` that hold more than their width shows (scrolled or clipped sideways: a
 * panel's table with columns cut at its edge), as `tag.class > first-child px-hidden` lines;
 * the zoomable boards (whose panning is the point), SVG and boxes hidden for screen readers only
 * (2 px wide or less) aside. Empty when everything fits.
 */
export function sidewaysBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((e) => !e.closest("[data-testid=board-viewport], svg") && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 2 && ["auto", "scroll", "hidden"].includes(getComputedStyle(e).overflowX))
      .map((e) => `${e.tagName.toLowerCase()}.${(e.getAttribute("class") ?? "").replace(/ /g, ".")} > ${e.firstElementChild?.tagName.toLowerCase()}.${e.firstElementChild?.getAttribute("class") ?? ""} ${e.scrollWidth - e.clientWidth}`),
  );
}

/**
 * Checks that `page` fits its window (the page no wider than the window, no box scrolled or cut
 * sideways: `sidewaysBoxes`), naming `file` in a failure, then saves a screenshot as `file` in
 * `shots` (the FOGWAR_SCREENSHOTS folder) when one is given; the whole page with `fullPage`.
 */
export async function fitsAndShoot(page: Page, file: string, shots: string, fullPage = false): Promise<void> {
  const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect([file, wider, await sidewaysBoxes(page)]).toEqual([file, 0, []]);
  if (shots) await page.screenshot({ path: join(shots, file), fullPage });
}
