/**
 * Reviewing a match of an older rules version in Chromium (design.md principle 9): finished
 * matches stored as an older server stored them (the replay fixtures of ember-0.1.0 and
 * siege-0.1.0, @fogwar/rules-archive) open in the review, which fetches that version's frozen
 * build (its own script, fetched only then, never by the lobby), replays the match with it and
 * shows it verified, with the table drawn at the last step.
 */
import { type Browser, type Page } from "playwright-core";
import type { RunningServer } from "@fogwar/server";
import { CHROMIUM, HAVE_CHROMIUM, IN_CI, closeWebSuite, openWebSuite } from "./support";
import { fixtureOf, storeFinished } from "./stored";

const title = HAVE_CHROMIUM ? "the review of older rules versions in Chromium" : `SKIPPED older rules browser tests: no Chromium at ${CHROMIUM}`;
const suite = HAVE_CHROMIUM || IN_CI ? describe : describe.skip;

suite(title, () => {
  let server: RunningServer;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    ({ server, browser, base } = await openWebSuite());
    await storeFinished(server, "oldember0001", fixtureOf("ember-0.1.0"));
    await storeFinished(server, "oldsiege0001", fixtureOf("siege-0.1.0"));
  }, 180_000);

  afterAll(async () => {
    await closeWebSuite({ browser, server });
  });

  /** A page that records the scripts it fetched. */
  async function open(path: string): Promise<{ page: Page; scripts: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${base}${path}`);
    return { page, scripts };
  }

  test("the lobby fetches no frozen build", async () => {
    const { page, scripts } = await open("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/(ember|siege)-\d+\.\d+\.\d+-/.test(s))).toEqual([]);
    await page.close();
  });

  test("an ember-0.1.0 match: replayed with its own rules, verified, the table drawn", async () => {
    const fixture = fixtureOf("ember-0.1.0");
    const { page, scripts } = await open("/review/oldember0001");
    await page.getByTestId("review-verified").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("review-older-rules").textContent()).toContain("ember-0.1.0");
    expect(await page.getByTestId("review-verify").textContent()).toContain(`${fixture.entries.length} / ${fixture.entries.length}`);
    expect(await page.getByTestId("review-error").count()).toBe(0);
    // Its frozen build was fetched for it, and no other version's.
    expect(scripts.filter((s) => /\/ember-0\.1\.0-[\w-]+\.js$/.test(s))).toHaveLength(1);
    expect(scripts.filter((s) => /\/(ember-0\.2|ember-1|siege-0)\.\d+\.\d+-/.test(s))).toEqual([]);
    await page.getByTestId("review-last").click();
    await page.locator("[data-testid=review-step]", { hasText: `${fixture.entries.length} / ${fixture.entries.length}` }).waitFor({ timeout: 5_000 });
    expect(await page.getByTestId("board").isVisible()).toBe(true);
    expect(await page.getByTestId("review-table-unavailable").count()).toBe(0);
    await page.close();
  });

  test("a siege-0.1.0 match: replayed with its own rules, verified, the table drawn", async () => {
    const { page, scripts } = await open("/review/oldsiege0001");
    await page.locator("[data-testid=siege-review] .verify[data-ok=true]").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("review-older-rules").textContent()).toContain("siege-0.1.0");
    expect(scripts.filter((s) => /\/siege-0\.1\.0-[\w-]+\.js$/.test(s))).toHaveLength(1);
    expect(await page.locator("[data-testid=siege-review] svg[role=group]").first().isVisible()).toBe(true);
    expect(await page.getByTestId("review-table-unavailable").count()).toBe(0);
    await page.close();
  });
});
