/**
 * The registry of hosted rulesets (src/hosts/index.ts): the built-in hosts keyed by their
 * rulesets' ids, the bot each brings, and hosts added at run time (a test server's fixture
 * ruleset) without editing the registry.
 */
import { BUILT_IN_HOSTS, RULESETS, emberHost, hostRulesets, type HostedRuleset } from "../src/hosts/index.js";
import { botPlays, botRulesets, brainFor } from "../src/bots/brain.js";

describe("hosted rulesets", () => {
  it("keys every built-in host by its ruleset's id, each with a bot", () => {
    expect([...RULESETS.keys()]).toEqual(["ember", "siege", "sigmar", "trpg"]);
    for (const host of BUILT_IN_HOSTS) expect(RULESETS.get(host.ruleset.id)).toBe(host);
    expect(botRulesets()).toEqual(["ember", "siege", "sigmar", "trpg"]);
  });

  it("finds a seat's brain through its ruleset's host, and refuses a ruleset no bot plays", () => {
    const brain = brainFor("ember", "easy", "p1", "hosts-test");
    expect(typeof brain.choose).toBe("function");
    expect(() => brainFor("no-such-game", "easy", "p1", "hosts-test")).toThrow(/no bot plays/);
    expect(botPlays("no-such-game")).toBe(false);
  });

  it("hosts an added ruleset beside the built-in ones, once, and never replaces a built-in one", () => {
    const { bot: _bot, ...withoutBot } = emberHost;
    const added: HostedRuleset = { ...withoutBot, ruleset: { ...emberHost.ruleset, id: "added-game" } };
    hostRulesets([added]);
    hostRulesets([added]);
    expect(RULESETS.get("added-game")).toBe(added);
    expect([...RULESETS.keys()]).toEqual(["ember", "siege", "sigmar", "trpg", "added-game"]);
    // No bot: the lobby refuses a bot match of it.
    expect(botPlays("added-game")).toBe(false);
    expect(() => hostRulesets([{ ...emberHost }])).toThrow(/already hosted/);
    expect(RULESETS.get("ember")).toBe(emberHost);
  });
});
