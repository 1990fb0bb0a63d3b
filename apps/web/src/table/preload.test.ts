/**
 * A table page's early ruleset chunk (./preload.ts): the ruleset the server's HTML names is read
 * from its meta, and then no summary is asked; without it, the summary is asked.
 */
import { preloadRulesetTable, rulesetHint } from "./preload";

const asked: string[] = [];
beforeEach(() => {
  asked.length = 0;
  document.head.innerHTML = "";
  // Records what is asked; the answer names a ruleset no adapter has, so nothing loads.
  globalThis.fetch = ((url: string) => {
    asked.push(url);
    return Promise.resolve({ ok: true, json: () => Promise.resolve({ match: { ruleset: "nosuch" } }) });
  }) as unknown as typeof fetch;
});

test("a page whose HTML names its ruleset: the hint is read and no summary is asked", () => {
  document.head.innerHTML = '<meta name="fogwar-ruleset" content="ember">';
  expect(rulesetHint()).toBe("ember");
  preloadRulesetTable("/play/k7m2q9x4w8ab");
  expect(asked).toEqual([]);
});

test("a page without the meta asks the match's summary; other routes ask nothing", () => {
  expect(rulesetHint()).toBeUndefined();
  preloadRulesetTable("/watch/k7m2q9x4w8ab");
  preloadRulesetTable("/review/k7m2q9x4w8ab");
  expect(asked).toEqual(["/api/matches/k7m2q9x4w8ab"]);
});
