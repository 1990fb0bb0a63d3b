/**
 * A place to play, as two new players meet it in Chromium: Ada registers with a passkey (Chromium's
 * virtual authenticator), Bo with e-mail and password; Ada opens a rated table in the lobby, and
 * Bo, whose lobby is open already, sees it appear without reloading and takes it; both reach the
 * match. Ada locks her list; Bo closes his browser, signs in from a new one (a new context: no
 * cookie, no stored token), finds the match on My games and continues the same seat, locks his
 * list and concedes. Both ratings change on their profiles and the leaderboard lists them; Bo offers a
 * rematch from the table; Ada (gone on to the leaderboard) sees it on the finished match's table
 * and on My games, accepts it there, and both reach the new match.
 *
 * Needs Chromium (FOGWAR_CHROMIUM, else /usr/bin/chromium) and builds the client when stale.
 */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startServer, type RunningServer } from "@fogwar/server";
import { CHROMIUM, CHROMIUM_ARGS, DIST, ensureWebBuild, freePort, HAVE_CHROMIUM, IN_CI } from "./support";

jest.setTimeout(240_000);

const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;
if (!HAVE_CHROMIUM && !IN_CI) console.warn(`place-to-play.browser.test: skipped (needs ${CHROMIUM})`);

suite("a place to play", () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    ensureWebBuild();
    const port = await freePort();
    // Passkeys need a host name: the site is http://localhost.
    base = `http://localhost:${port}`;
    server = await startServer({ port, host: "127.0.0.1", publicUrl: base, logLevel: process.env.TEST_LOG_LEVEL ?? "silent", webDir: DIST, botDelayMs: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A new browser (context) in English; with `passkeys`, a virtual platform authenticator. */
  async function person(passkeys = false): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem("fogwar:language", "en"));
    if (passkeys) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
    }
    return { context, page };
  }

  /** The page's own view of a player's profile (the same JSON its profile page shows). */
  const profile = (page: Page, name: string) => page.evaluate(async (n) => (await fetch(`/api/players/${n}`)).json(), name) as Promise<{ ratings: { ruleset: string; rating: number; games: number }[] }>;
  const matchOf = (page: Page) => new URL(page.url()).pathname.split("/")[2];

  test("register, open a rated table, take it, continue on a new browser, finish, see the ratings, rematch", async () => {
    // Ada: a passkey.
    const ada = await person(true);
    await ada.page.goto(`${base}/account`);
    const register = ada.page.locator("section", { has: ada.page.getByRole("heading", { name: "New account" }) });
    await register.getByLabel("Name (2 to 24 characters)").fill("Ada");
    await register.getByRole("button", { name: "Create the account with a passkey" }).click();
    await ada.page.getByText("Member", { exact: true }).waitFor();

    // Bo: e-mail and password; then he waits in the lobby.
    let bo = await person();
    await bo.page.goto(`${base}/account`);
    const form = bo.page.locator("section", { has: bo.page.getByRole("heading", { name: "New account" }) });
    await form.getByLabel("Name (2 to 24 characters)").fill("Bo");
    await form.getByLabel("E-mail").fill("bo@example.org");
    await form.getByLabel("New password (at least 10 characters)").fill("bo's long password");
    await form.getByRole("button", { name: "Create the account", exact: true }).click();
    await bo.page.getByText("Member", { exact: true }).waitFor();
    await bo.page.goto(`${base}/`);
    await bo.page.getByRole("heading", { name: "Open tables" }).waitFor();

    // Ada opens a rated EMBER table.
    await ada.page.goto(`${base}/`);
    const open = ada.page.locator("form", { has: ada.page.getByRole("heading", { name: "Open a table" }) });
    await open.getByLabel("Game").selectOption("ember");
    await open.getByRole("radiogroup", { name: "Rated or casual" }).getByLabel("Rated", { exact: true }).check();
    await open.getByRole("button", { name: "Open the table" }).click();
    await ada.page.getByText("Waiting for an opponent…").waitFor();

    // Bo sees it appear without reloading, rated, and takes it.
    const row = bo.page.locator(".open-table", { hasText: "Ada" });
    await row.waitFor();
    await row.getByText("Rated", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Take a seat" }).click();
    await bo.page.waitForURL(/\/play\/[^/]+/);
    await ada.page.waitForURL(/\/play\/[^/]+/);
    const matchId = matchOf(ada.page);
    expect(matchOf(bo.page)).toBe(matchId);

    // Ada locks her list (a move: a match abandoned before its first move is not rated).
    const start = ada.page.getByLabel("Start from");
    await start.waitFor();
    const samples = await start.locator("option").allTextContents();
    await start.selectOption({ index: samples.findIndex((o) => o.includes("GOF")) });
    await ada.page.getByLabel("Army name").fill("Ada's list");
    await ada.page.getByRole("button", { name: /Lock my list/ }).click();
    await ada.page.getByRole("button", { name: "Unlock to change it" }).waitFor();

    // Bo closes his browser and signs in from a new one: My games leads him back to his seat.
    await bo.context.close();
    bo = await person();
    await bo.page.goto(`${base}/account`);
    const signIn = bo.page.locator("section", { has: bo.page.getByRole("heading", { name: "Sign in" }) });
    await signIn.getByLabel("E-mail").fill("bo@example.org");
    await signIn.getByLabel("Password").fill("bo's long password");
    await signIn.getByRole("button", { name: "Sign in with e-mail and password" }).click();
    await bo.page.getByText("Member", { exact: true }).waitFor();
    await bo.page.goto(`${base}/games`);
    await bo.page.getByRole("link", { name: "Open the table" }).first().click();
    await bo.page.waitForURL(new RegExp(`/play/${matchId}`));
    // The same seat: Bo sees Ada's seat locked from his side of the muster.
    await bo.page.locator('[data-seat="p1"][data-locked="true"]').waitFor();
    expect(await bo.page.getByText(/no seat/i).count()).toBe(0);

    // Bo locks his list too, and once the battle is on he concedes.
    const his = bo.page.getByLabel("Start from");
    const offered = await his.locator("option").allTextContents();
    await his.selectOption({ index: offered.findIndex((o) => o.includes("GOF")) });
    await bo.page.getByLabel("Army name").fill("Bo's list");
    await bo.page.getByRole("button", { name: /Lock my list/ }).click();
    // The battle table replaces the muster (and its Concede) once both lists are locked.
    await bo.page.getByTestId("board").waitFor();
    await bo.page.getByRole("button", { name: "Concede" }).click();
    await bo.page.getByRole("button", { name: /Yes, concede/ }).click();

    // Both ratings change, on the profiles and on the leaderboard.
    for (let waited = 0; ((await profile(ada.page, "Ada")).ratings.find((r) => r.ruleset === "ember")?.games ?? 0) < 1; waited += 200) {
      if (waited > 15_000) throw new Error("Ada's rating did not change");
      await ada.page.waitForTimeout(200);
    }
    const [adaRating, boRating] = [(await profile(ada.page, "Ada")).ratings[0]!.rating, (await profile(ada.page, "Bo")).ratings[0]!.rating];
    expect(adaRating).toBeGreaterThan(1500);
    expect(boRating).toBeLessThan(1500);
    await ada.page.goto(`${base}/players/Bo`);
    await ada.page.getByText(String(boRating)).first().waitFor();
    await ada.page.goto(`${base}/leaderboard`);
    const board = ada.page.locator("main");
    await board.getByText("Ada").first().waitFor();
    await board.getByText("Bo").first().waitFor();
    const text = await board.innerText();
    expect(text.indexOf("Ada")).toBeLessThan(text.indexOf("Bo"));

    // Bo offers a rematch from the table; both reach the new match once Ada accepts.
    await bo.page.getByRole("button", { name: "Rematch (sides swapped)" }).click();
    await bo.page.getByText(/waiting for Ada to accept/).waitFor();
    // Ada, who went on to the leaderboard, sees the offer when she comes back to the finished
    // match's table, and finds it on My games too, where she accepts it.
    await ada.page.goto(`${base}/play/${matchId}`);
    await ada.page.getByText("Bo offers a rematch (sides swapped, same settings).").waitFor({ timeout: 15_000 });
    await ada.page.goto(`${base}/games`);
    const offer = ada.page.locator(".challenge-row", { hasText: "Bo" });
    await offer.waitFor({ timeout: 15_000 });
    await offer.getByRole("button", { name: "Accept" }).click();
    await ada.page.waitForURL((url) => url.pathname.startsWith("/play/") && !url.pathname.includes(matchId!));
    await bo.page.waitForURL((url) => url.pathname.startsWith("/play/") && !url.pathname.includes(matchId!), { timeout: 15_000 });
    expect(matchOf(ada.page)).toBe(matchOf(bo.page));
    await ada.context.close();
    await bo.context.close();
  });
});
