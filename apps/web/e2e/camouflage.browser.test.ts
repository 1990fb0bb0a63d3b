/**
 * Optical camouflage in the browser (seed 000_200ff4b7b5d3d570.txt 6.2): the real server, started
 * in-process, serving apps/web/dist. A match (UN against RDL on Crossroads) is brought over
 * WebSocket to the moment p2's Picket Node (veil projector) turns its camouflage on with a secret
 * real square; then both players open their pages in Chromium:
 *  - p2, the owner, sees the marker and, distinctly, the real square (a ghost ring on it) and the
 *    secret line in the event log;
 *  - p1, the opponent, sees the marker only: no real-square ring, nothing of it in the page's HTML,
 *    its accessible text or its WebSocket frames.
 * Without Chromium (FOGWAR_CHROMIUM, else /usr/bin/chromium) the suite is skipped, visibly.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { catalog, legalCommandsInView, type EmberCommand, type EmberState } from "@fogwar/ember";
import { startServer, type RunningServer } from "@fogwar/server";
import { TestClient, createMatch } from "@fogwar/server/testing";
import { CHROMIUM, CHROMIUM_ARGS, DIST, HAVE_CHROMIUM, IN_CI, ensureWebBuild } from "./support";

jest.setTimeout(240_000);

/**
 * The next command on the way to camouflage: the camouflage itself when offered (its first real
 * square), else whatever moves the match on quickest (deploy, no commands, every dial on quick,
 * end the activation).
 */
function towardsCamouflage(legal: readonly EmberCommand[]): EmberCommand | undefined {
  const pick = (type: EmberCommand["type"]) => legal.find((c) => c.type === type);
  const cloak = legal.find((c) => c.type === "act" && c.hidden !== undefined);
  if (cloak) return cloak;
  const plan = legal.find((c) => c.type === "lock_plan" && Object.values(c.dials).every((t) => t === "quick"));
  return pick("choose_side") ?? pick("deploy") ?? pick("end_commands") ?? plan ?? pick("reroll") ?? pick("end_activation");
}

interface Viewer {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly frames: string[];
}

async function open(browser: Browser, url: string): Promise<Viewer> {
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const frames: string[] = [];
  page.on("websocket", (ws) => ws.on("framereceived", ({ payload }) => frames.push(typeof payload === "string" ? payload : Buffer.from(payload).toString("latin1"))));
  await page.goto(url);
  await page.waitForFunction(() => /Connected/.test(document.querySelector("header.connection p.status")?.textContent ?? ""));
  await page.locator('[data-testid="board"]').waitFor();
  return { context, page, frames };
}

const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(`SKIPPED camouflage browser test: no Chromium at ${CHROMIUM}`);

suite("seed 000 6.2 optical camouflage in Chromium: the owner sees the real square, the opponent the marker only", () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`Chromium is missing at ${CHROMIUM}`);
    ensureWebBuild();
    server = await startServer({ port: 0, host: "127.0.0.1", publicUrl: "http://127.0.0.1", logLevel: process.env.TEST_LOG_LEVEL ?? "silent", webDir: DIST });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await server?.close();
  });

  test("seed 000 6.2: p2's page shows its camouflaged unit's marker and, distinctly, its real square; p1's page shows the marker only, and nothing of the real square reaches it", async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const ws = `ws://127.0.0.1:${server.port}`;
    const created = await createMatch(base, {
      ruleset: "ember",
      scenario: "crossroads",
      players: [
        { name: "Alice", army: catalog.data.armies[0] },
        { name: "Bora", army: catalog.data.armies[2] },
      ],
      options: { progressiveReveal: false },
    });
    const [s1, s2] = created.seats;
    const bots = [await TestClient.join(ws, created.matchId, { seat: "p1", token: s1!.token }), await TestClient.join(ws, created.matchId, { seat: "p2", token: s2!.token })];
    await Promise.all(bots.map((c) => c.until(() => c.received("welcome").length > 0, "the welcome")));
    let hidden: { unit: string; at: { x: number; y: number } } | null = null;
    for (let i = 0; i < 200 && !hidden; i++) {
      let sent = false;
      for (const client of bots) {
        const view = client.projection() as EmberState;
        const command = towardsCamouflage(legalCommandsInView(view as never, client.seat as string));
        if (!command) continue;
        const answer = await client.command(command);
        if (answer.type !== "accepted") throw new Error(`${JSON.stringify(command)}: ${JSON.stringify(answer.payload)}`);
        await Promise.all(bots.map((c) => c.until(() => c.seq >= answer.payload.seq, "the patch")));
        if (command.type === "act" && command.hidden) hidden = { unit: command.unit, at: command.hidden };
        sent = true;
        break;
      }
      if (!sent) throw new Error("the match is stuck");
    }
    expect(hidden).not.toBeNull();
    const { unit, at } = hidden!;
    expect(unit.startsWith("p2-")).toBe(true);
    for (const b of bots) await b.leave();

    const owner = await open(browser, s2!.inviteUrl.replace("http://127.0.0.1", base));
    const opponent = await open(browser, s1!.inviteUrl.replace("http://127.0.0.1", base));
    contexts.push(owner.context, opponent.context);
    const square = `${at.x},${at.y}`;
    const name = `${"abcdefghijkl"[at.x]}${at.y + 1}`;

    // The owner: the marker, faded and dashed, and a distinct ring on the real square.
    const marker = owner.page.locator(`g[data-unit="${unit}"]`);
    await expect(marker.getAttribute("data-camouflaged")).resolves.toBe("true");
    const ring = owner.page.locator(`g.real-square[data-real-square="${unit}"]`);
    await ring.waitFor();
    await expect(ring.getAttribute("data-square")).resolves.toBe(square);
    await expect(ring.getAttribute("aria-label")).resolves.toContain(name);
    await expect(owner.page.locator(".log-lines").textContent()).resolves.toContain(`is really at ${name}`);
    await expect(owner.page.locator(".log-lines").textContent()).resolves.toContain("turns optical camouflage on");

    // The opponent: the same marker, no real square anywhere.
    const theirMarker = opponent.page.locator(`g[data-unit="${unit}"]`);
    await expect(theirMarker.getAttribute("data-camouflaged")).resolves.toBe("true");
    await expect(opponent.page.locator("g.real-square").count()).resolves.toBe(0);
    const html = await opponent.page.content();
    expect(html).not.toContain("data-real-square");
    expect(html).not.toContain("is really at");
    await expect(opponent.page.locator(".log-lines").textContent()).resolves.toContain("turns optical camouflage on");
    const frames = opponent.frames.join("\n");
    expect(frames).not.toContain("/concealed/");
    expect(frames).not.toContain("concealment_set");
    expect(owner.frames.join("\n")).toContain("/concealed/");

    const shots = mkdtempSync(join(tmpdir(), "fogwar-camouflage-"));
    await owner.page.screenshot({ path: join(shots, "owner.png"), fullPage: true });
    await opponent.page.screenshot({ path: join(shots, "opponent.png"), fullPage: true });
    console.log(`fogwar camouflage browser test: screenshots in ${shots}`);
  });
});
